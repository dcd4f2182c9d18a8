/** The gateway's messages of the back office's people and organisation (departments, posts, members, imports), zh and en with the same keys. */
export const peopleMessagesZh = {
};

export const peopleMessagesEn: Record<keyof typeof peopleMessagesZh, string> = {
};
