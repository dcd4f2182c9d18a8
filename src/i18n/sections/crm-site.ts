/**
 * Interface strings of the back office's site pages: branding, navigation menu, banners, home zones and enum lists; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const crmSiteZh = {
};

export const crmSiteEn: Record<keyof typeof crmSiteZh, string> = {
};
