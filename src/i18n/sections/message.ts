/**
 * Interface strings of the message centre, announcements with comments and the header's
 * message badge; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const messageZh = {
  'message.title': '消息中心',
} as const;

export const messageEn: Record<keyof typeof messageZh, string> = {
  'message.title': 'Messages',
};
