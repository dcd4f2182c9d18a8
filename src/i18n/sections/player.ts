/** Interface strings of the player screens; spread into `zh.ts` and `en.ts` with the same keys. */
export const playerZh = {} as const;

export const playerEn: Record<keyof typeof playerZh, string> = {};
