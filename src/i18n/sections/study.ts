/** Interface strings of the study screens; spread into `zh.ts` and `en.ts` with the same keys. */
export const studyZh = {} as const;

export const studyEn: Record<keyof typeof studyZh, string> = {};
