/** The gateway's messages of the back office's site settings (branding, navigation, banners, home zones, enums), zh and en with the same keys. */
export const siteMessagesZh = {
};

export const siteMessagesEn: Record<keyof typeof siteMessagesZh, string> = {
};
