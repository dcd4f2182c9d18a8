/** Interface strings of the home page and the rankings page; spread into `zh.ts` and `en.ts` with the same keys. */
export const homeZh = {
  'home.title': '首页',
} as const;

export const homeEn: Record<keyof typeof homeZh, string> = {
  'home.title': 'Home',
};
