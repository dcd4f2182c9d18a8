/**
 * The back office's site settings as both the forms and the gateway check them: branding and
 * domains, navigation items, banners, home zones and the company's enum options. Pure (zod and
 * plain rules). Issue messages are keys of the `crmSite` strings (`crmSite.error.*`), which the
 * forms show in the user's language; the gateway answers its own field messages.
 */
import { z } from 'zod';

/** The message key of each rule the forms show. */
export const SITE_ERRORS = {
  required: 'crmSite.error.required',
  tooLong: 'crmSite.error.tooLong',
  colour: 'crmSite.error.colour',
  domain: 'crmSite.error.domain',
  link: 'crmSite.error.link',
  image: 'crmSite.error.image',
  dates: 'crmSite.error.dates',
  date: 'crmSite.error.date',
  navType: 'crmSite.error.navType',
  navLink: 'crmSite.error.navLink',
  enumValue: 'crmSite.error.enumValue',
  enumGroup: 'crmSite.error.enumGroup',
  enumDuplicate: 'crmSite.error.enumDuplicate',
  enumEmpty: 'crmSite.error.enumEmpty',
  duplicate: 'crmSite.error.duplicate',
  tooMany: 'crmSite.error.tooMany',
} as const;
export type SiteErrorKey = (typeof SITE_ERRORS)[keyof typeof SITE_ERRORS];

/** Spec section 5 and 9: a logo may not exceed 5M (the picture upload takes files under 5 MB). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Domains a company may have at most. */
export const MAX_DOMAINS = 10;
/** Courses a recommended zone, and lecturers the lecturer zone, may pick: as many as the home page shows. */
export const ZONE_PICK_MAX = 8;
/** Items a reorder or an enum list may hold at most. */
export const MAX_LIST = 200;

/** Spec section 2: navigation menu types; 10 is a custom link. */
export const NAV_MENU_TYPES = [1, 2, 3, 4, 5, 6, 7, 10] as const;
export const NAV_TYPE_CUSTOM = 10;
export const NAV_TARGETS = ['_self', '_blank'] as const;
/** Zone relation types: 1 recommended (the zone's picks), 2 newest, 3 most studied. */
export const RELATION_TYPES = [1, 2, 3] as const;

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** @example isHexColour('#1d4ed8') → true; isHexColour('blue') → false */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value.trim());
}

/**
 * The `#rrggbb` form of a CSS hex colour (what a colour input takes); alpha is dropped.
 *
 * @example sixDigitHex('#1AF') → '#11aaff'
 */
export function sixDigitHex(value: string): string {
  const hex = value.trim().toLowerCase();
  if (!isHexColour(hex)) return '#000000';
  const digits = hex.slice(1);
  if (digits.length <= 4) return `#${[...digits.slice(0, 3)].map((d) => d + d).join('')}`;
  return `#${digits.slice(0, 6)}`;
}

/**
 * A host name as domains are stored: trimmed, lower case, without a trailing dot.
 *
 * @example normalizeDomain(' Learn.Example.COM. ') → 'learn.example.com'
 */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name (no scheme, port or path): dot-separated labels of letters, digits and inner
 * hyphens; a single label (`localhost`) and an IPv4 address are host names too.
 *
 * @example isDomain('learn.example.com') → true; isDomain('https://x.com') → false
 */
export function isDomain(value: string): boolean {
  const domain = normalizeDomain(value);
  return domain.length > 0 && domain.length <= 253 && domain.split('.').every((label) => LABEL.test(label));
}

/**
 * A link a menu item or banner may hold: empty, a path of this site (`/knowledge`), or an
 * http(s) address. Nothing else (no `javascript:`, no `//host`).
 *
 * @example isSiteLink('/knowledge/course/1') → true; isSiteLink('javascript:alert(1)') → false
 */
export function isSiteLink(value: string): boolean {
  const link = value.trim();
  if (link === '') return true;
  if (/[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    return new URL(link).hostname !== '';
  } catch {
    return false;
  }
}

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

/** Whether a banner's window is in order (either end may be open). */
export function datesInOrder(from: string | null | undefined, until: string | null | undefined): boolean {
  if (!from || !until) return true;
  return Date.parse(from) < Date.parse(until);
}

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

/**
 * The enum lists that are the company's own data, with their rules. Post levels are how a
 * company grades its posts (spec section 3: post groups and their levels), so each company may
 * keep its own; `sex` and `userType` carry codes the platform acts on and stay global.
 */
export const COMPANY_ENUMS = {
  /** Values `<group>_<level>` (`1_01`), grouped under the group's label. */
  postLevel: { grouped: true, value: /^[A-Za-z0-9]{1,8}_[A-Za-z0-9]{1,8}$/ },
} as const satisfies Record<string, { grouped: boolean; value: RegExp }>;
export type CompanyEnumName = keyof typeof COMPANY_ENUMS;

/** @example isCompanyEnum('postLevel') → true; isCompanyEnum('sex') → false */
export function isCompanyEnum(name: string): name is CompanyEnumName {
  return Object.hasOwn(COMPANY_ENUMS, name);
}

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
