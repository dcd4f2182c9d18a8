/**
 * The back office's site settings as both the forms and the gateway check them: branding and
 * domains, navigation items, banners, home zones and the company's enum options. Pure (zod and
 * plain rules). Issue messages are keys of the `crmSite` strings (`crmSite.error.*`), which the
 * forms show in the user's language; the gateway answers its own field messages. The rules
 * themselves (colours, host names, links, limits) are in `@/lib/site-rules`.
 */
import { z } from 'zod';
import { COMPANY_ENUMS, datesInOrder, isCompanyEnum, isDomain, isHexColour, isSiteLink, MAX_LIST, NAV_MENU_TYPES, NAV_TARGETS, NAV_TYPE_CUSTOM, SITE_ERRORS, ZONE_PICK_MAX } from '@/lib/site-rules';

const required = (max: number) => z.string().trim().min(1, SITE_ERRORS.required).max(max, SITE_ERRORS.tooLong);
const colour = z.string().trim().max(9, SITE_ERRORS.colour).refine(isHexColour, SITE_ERRORS.colour);
const link = z.string().trim().max(500, SITE_ERRORS.tooLong).refine(isSiteLink, SITE_ERRORS.link);
/** A picture: '' (none), the path an upload answered, or the one saved before (unchanged). */
const picture = z.string().trim().max(4000, SITE_ERRORS.tooLong);
const id = z.uuid();
const uniqueIds = (max: number) =>
  z
    .array(id)
    .max(max, SITE_ERRORS.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, SITE_ERRORS.duplicate);

// ---- branding

export const siteSettingsSchema = z.object({
  nameZh: required(50),
  nameEn: required(50),
  titleZh: required(50),
  titleEn: required(50),
  logo: picture,
  icon: picture,
  colorPrimary: colour,
  colorPrimaryForeground: colour,
  colorAccent: colour,
});
export type SiteSettingsBody = z.output<typeof siteSettingsSchema>;

export const domainSchema = z.object({
  domain: z.string().trim().min(1, SITE_ERRORS.required).max(253, SITE_ERRORS.domain).refine(isDomain, SITE_ERRORS.domain),
});
export type DomainBody = z.output<typeof domainSchema>;

// ---- navigation

export const navItemSchema = z
  .object({
    /** Absent: a new item, added at the end. */
    id: id.optional(),
    titleZh: required(30),
    titleEn: required(30),
    navMenuType: z
      .number()
      .int()
      .refine((t) => (NAV_MENU_TYPES as readonly number[]).includes(t), SITE_ERRORS.navType),
    navUrl: link.default(''),
    linkUrl: link.default(''),
    target: z.enum(NAV_TARGETS).default('_self'),
    isMenu: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .superRefine((item, ctx) => {
    if (item.navMenuType === NAV_TYPE_CUSTOM && !item.navUrl && !item.linkUrl) {
      ctx.addIssue({ code: 'custom', path: ['navUrl'], message: SITE_ERRORS.navLink });
    }
  });
export type NavItemBody = z.input<typeof navItemSchema>;

export const navShowSchema = z.object({ id, isMenu: z.union([z.literal(0), z.literal(1)]) });
export const idSchema = z.object({ id });
/** A new order: every id of the list once, first to last. */
export const reorderSchema = z.object({ ids: uniqueIds(MAX_LIST).min(1, SITE_ERRORS.required) });
export type ReorderBody = z.output<typeof reorderSchema>;

// ---- banners

const instant = z.iso.datetime({ offset: true, error: SITE_ERRORS.date }).nullable().default(null);

export const bannerFields = {
  id: id.optional(),
  titleZh: required(100),
  titleEn: required(100),
  image: z.string().trim().min(1, SITE_ERRORS.image).max(4000, SITE_ERRORS.tooLong),
  linkUrl: link.default(''),
  target: z.enum(NAV_TARGETS).default('_self'),
  /** Shown from (ISO 8601 with offset); null: at once. */
  activeFrom: instant,
  /** Shown until; null: for good. */
  activeUntil: instant,
};

export const bannerSchema = z.object(bannerFields).superRefine((banner, ctx) => {
  if (!datesInOrder(banner.activeFrom, banner.activeUntil)) {
    ctx.addIssue({ code: 'custom', path: ['activeUntil'], message: SITE_ERRORS.dates });
  }
});
export type BannerBody = z.input<typeof bannerSchema>;

// ---- home zones

export const zoneSchema = z.object({
  id,
  titleZh: required(30),
  titleEn: required(30),
  /** For course zones: 1 recommended, 2 newest, 3 most studied (the lecturer zone keeps its own). */
  relationType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type ZoneBody = z.output<typeof zoneSchema>;

export const zoneCoursesSchema = z.object({ zoneId: id, courseIds: uniqueIds(ZONE_PICK_MAX) });
export type ZoneCoursesBody = z.output<typeof zoneCoursesSchema>;
export const zoneLecturersSchema = z.object({ lecturerIds: uniqueIds(ZONE_PICK_MAX) });
export type ZoneLecturersBody = z.output<typeof zoneLecturersSchema>;

// ---- enum lists

export const enumOptionSchema = z.object({
  value: z.string().trim().min(1, SITE_ERRORS.required).max(64, SITE_ERRORS.tooLong),
  labelZh: required(50),
  labelEn: required(50),
  groupZh: z.string().trim().max(50, SITE_ERRORS.tooLong).default(''),
  groupEn: z.string().trim().max(50, SITE_ERRORS.tooLong).default(''),
});
export type EnumOptionBody = z.input<typeof enumOptionSchema>;

/** A company's own options for one enum, in order (the order they are shown in). */
export const enumSaveSchema = z
  .object({
    enumName: z.string().trim().min(1).max(64),
    options: z.array(enumOptionSchema).min(1, SITE_ERRORS.enumEmpty).max(MAX_LIST, SITE_ERRORS.tooMany),
  })
  .superRefine((body, ctx) => {
    const rules = isCompanyEnum(body.enumName) ? COMPANY_ENUMS[body.enumName] : undefined;
    const seen = new Set<string>();
    body.options.forEach((option, i) => {
      if (seen.has(option.value)) ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: SITE_ERRORS.enumDuplicate });
      seen.add(option.value);
      if (rules && !rules.value.test(option.value)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: SITE_ERRORS.enumValue });
      }
      if (rules?.grouped && (!option.groupZh || !option.groupEn)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, option.groupZh ? 'groupEn' : 'groupZh'], message: SITE_ERRORS.enumGroup });
      }
    });
  });
export type EnumSaveBody = z.input<typeof enumSaveSchema>;

export const enumNameSchema = z.object({ enumName: z.string().trim().min(1).max(64) });
