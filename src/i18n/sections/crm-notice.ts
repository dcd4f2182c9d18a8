/**
 * Interface strings of the back office's announcements and messages pages; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const crmNoticeZh = {
};

export const crmNoticeEn: Record<keyof typeof crmNoticeZh, string> = {
};
