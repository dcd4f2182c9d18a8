/**
 * The rules of the back office's site settings that need no schema library: limits, menu and
 * zone types, CSS hex colours, host names, links, banner windows, and which enum lists are the
 * company's own. The shared schemas (`@/lib/schemas/site`) are built on them; screens that only
 * show these rules import them from here, without zod.
 */

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

/** Whether a banner's window is in order (either end may be open). */
export function datesInOrder(from: string | null | undefined, until: string | null | undefined): boolean {
  if (!from || !until) return true;
  return Date.parse(from) < Date.parse(until);
}

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
