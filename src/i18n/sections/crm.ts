/**
 * Interface strings of the back office's shell: navigation, breadcrumbs, tables, forms, the audit log and "my uploads"; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const crmZh = {
};

export const crmEn: Record<keyof typeof crmZh, string> = {
};
