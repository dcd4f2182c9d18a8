/** Interface strings of the header's download centre popover; spread into `zh.ts` and `en.ts` with the same keys. */
export const downloadsZh = {
  'downloads.title': '下载中心',
} as const;

export const downloadsEn: Record<keyof typeof downloadsZh, string> = {
  'downloads.title': 'Download centre',
};
