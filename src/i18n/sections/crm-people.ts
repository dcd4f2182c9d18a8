/**
 * Interface strings of the back office's people pages: departments, posts, members and their import; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const crmPeopleZh = {
};

export const crmPeopleEn: Record<keyof typeof crmPeopleZh, string> = {
};
