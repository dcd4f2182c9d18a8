/**
 * Interface strings of the component gallery (`/tpl`) for content editors; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const galleryZh = {
};

export const galleryEn: Record<keyof typeof galleryZh, string> = {
};
