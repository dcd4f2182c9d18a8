/** Interface strings of the course screens; spread into `zh.ts` and `en.ts` with the same keys. */
export const courseZh = {} as const;

export const courseEn: Record<keyof typeof courseZh, string> = {};
