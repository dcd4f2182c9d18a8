/** Interface strings of the search results page; spread into `zh.ts` and `en.ts` with the same keys. */
export const searchZh = {
  'search.title': '搜索结果',
} as const;

export const searchEn: Record<keyof typeof searchZh, string> = {
  'search.title': 'Search results',
};
