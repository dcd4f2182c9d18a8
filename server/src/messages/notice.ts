/** The gateway's messages of the back office's announcements and messages written in the back office, zh and en with the same keys. */
export const noticeMessagesZh = {
};

export const noticeMessagesEn: Record<keyof typeof noticeMessagesZh, string> = {
};
