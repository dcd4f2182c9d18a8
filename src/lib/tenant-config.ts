/**
 * The schema of a tenant file, `tenants/<host>.json`: the branding a company's site starts
 * with and the demo data the gateway seeds for it on first start. The file name is the host
 * (without port) the company is served on.
 */
import { z } from 'zod';
import type { Locale } from '@/i18n/routes';
import { PHONE_PATTERN } from '@/lib/phone';

/** A text that is the same in every language, or one text per language. */
export const localizedTextSchema = z.union([
  z.string().min(1),
  z.strictObject({ zh: z.string().min(1), en: z.string().min(1) }),
]);
export type LocalizedText = z.output<typeof localizedTextSchema>;

/**
 * A localized text in one language.
 *
 * @example localize({ zh: '首页', en: 'Home' }, 'en') → 'Home'
 */
export function localize(text: LocalizedText, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale];
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
/** A site path (`/tenants/localhost/logo.svg`) or an https address. */
const assetUrl = z.string().regex(/^(\/[^/]|https:\/\/)/, 'a site path or an https address');

export const brandingSchema = z.strictObject({
  /** Company name. */
  name: localizedTextSchema,
  /** Browser title suffix. */
  title: localizedTextSchema,
  /** Logo image shown in the header. */
  logo: assetUrl,
  /** Favicon. */
  icon: assetUrl,
  /** Brand colours, applied as CSS variables by the site. */
  colors: z.strictObject({
    /** Buttons, links, the active menu item. */
    primary: hexColor,
    /** Text on the primary colour. */
    primaryForeground: hexColor,
    /** Soft backgrounds: hovered rows, badges. */
    accent: hexColor,
  }),
});

/** Navigation menu types (spec section 2): 1 home … 7 account, 10 custom link. */
export const navMenuTypes = [1, 2, 3, 4, 5, 6, 7, 10] as const;

export const navItemSchema = z
  .strictObject({
    /** Menu title. */
    title: localizedTextSchema,
    /** The page the item opens: 1 home, 2 train, 3 knowledge, 4 exam, 5 lecturer, 6 certificate, 7 account, 10 custom link. */
    navMenuType: z.literal(navMenuTypes),
    /** Site path of the item (for a custom link inside the site, or to override a type's page). */
    navUrl: z.string().default(''),
    /** External address of a custom link. */
    linkUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
    /** Shown in the menu (false keeps the item for other uses). */
    isMenu: z.boolean().default(true),
    /** Where the link opens. */
    target: z.enum(['_self', '_blank']).default('_self'),
  })
  .refine((item) => item.navMenuType !== 10 || item.navUrl !== '' || item.linkUrl !== '', {
    message: 'a custom link (type 10) needs navUrl or linkUrl',
  });

export const seedUserSchema = z.strictObject({
  /** Employee number, unique in the company (at most 20 characters). */
  empNo: z.string().min(1).max(20),
  /** User number used by profile calls; defaults to `<code>-<empNo>`. */
  userNo: z.string().min(1).max(40).optional(),
  /** Real name (at most 15 characters). */
  userName: z.string().min(1).max(15),
  /** Mobile phone; the same phone in two tenant files is one person with two memberships. */
  phone: z.string().regex(PHONE_PATTERN, 'an 11-digit mobile number'),
  /** Demo password; omitted, the user gets the company's initial password and must change it. */
  password: z.string().min(8).max(30).optional(),
  /** 1 normal, 2 teacher or lecturer, 3 organisation. */
  userType: z.literal([1, 2, 3]).default(1),
  /** Sees the admin entry. */
  isAdmin: z.boolean().default(false),
  /** 1: synchronised from the company's HR system; 0: created on the platform. */
  dataSource: z.number().int().min(0).default(0),
  /** `1` male, `2` female (the `sex` enum). */
  sex: z.enum(['1', '2']),
  /** Work email; may be empty for synchronised users. */
  email: z.union([z.email(), z.literal('')]).default(''),
  /** Resident ID card number (18 characters); may be empty for synchronised users. */
  idCard: z.union([z.string().regex(/^\d{17}[\dX]$/), z.literal('')]).default(''),
  /** Joining date, `YYYY-MM-DD`. */
  joiningTime: z.iso.date(),
  /** Department id and name. */
  department: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }),
  /** Post id and name. */
  post: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }),
  /** Post level, a value of the `postLevel` enum (`2_08`). */
  postLevel: z.string().regex(/^[1-4]_\d{2}$/),
  /** Profession. */
  professional: z.string().default(''),
  /** Assessment method. */
  assessmentMethod: z.string().default(''),
  /** User category for assessment. */
  assessmentUserCategory: z.string().default(''),
  /** WeCom user id (`userid`) of the member, for scan-code sign-in. */
  wecomUserId: z.string().min(1).max(128).optional(),
  /** DingTalk `unionId` of the member, for scan-code sign-in. */
  dingtalkUnionId: z.string().min(1).max(128).optional(),
});

/** An http(s) origin or base address of another service, without a trailing slash. */
const serviceBase = z
  .url({ protocol: /^https?$/ })
  .transform((url) => url.replace(/\/+$/, ''));

/** WeCom (企业微信) web login of the company's self-built app. */
export const wecomSettingsSchema = z.strictObject({
  /** The company's corp id (`ww…`), the `appid` of the login page. */
  corpId: z.string().min(1),
  /** The self-built app's agent id. */
  agentId: z.string().min(1),
  /** The app's secret; stays on the gateway. */
  secret: z.string().min(1),
  /** Host of the login page. */
  authorizeBase: serviceBase.default('https://login.work.weixin.qq.com'),
  /** Host of the server API (`/cgi-bin/…`). */
  apiBase: serviceBase.default('https://qyapi.weixin.qq.com'),
});

/** DingTalk (钉钉) login of the company's app. */
export const dingtalkSettingsSchema = z.strictObject({
  /** The app's client id (AppKey). */
  clientId: z.string().min(1),
  /** The app's client secret (AppSecret); stays on the gateway. */
  clientSecret: z.string().min(1),
  /** Host of the login page (`/oauth2/auth`). */
  authorizeBase: serviceBase.default('https://login.dingtalk.com'),
  /** Host of the server API (`/v1.0/…`). */
  apiBase: serviceBase.default('https://api.dingtalk.com'),
});

/** Scan-code sign-in through the company's workplace chat tools; each is optional. */
export const scanSettingsSchema = z.strictObject({
  wecom: wecomSettingsSchema.optional(),
  dingtalk: dingtalkSettingsSchema.optional(),
});

/** Single sign-on through the company's OpenID Connect provider. */
export const ssoSettingsSchema = z.strictObject({
  /** The provider's issuer identifier; its discovery document is read from it. */
  issuer: serviceBase,
  /** The client registered for this site, with `<site>/loginsso` as redirect URI. */
  clientId: z.string().min(1),
  /** The client's secret; stays on the gateway. */
  clientSecret: z.string().min(1),
  /** The provider's name on the sign-in page. */
  name: localizedTextSchema,
  /** The claim that holds the employee number. */
  claim: z.string().min(1).default('employee_number'),
});

export const tenantConfigSchema = z.strictObject({
  /** JSON schema hint for editors; ignored. */
  $schema: z.string().optional(),
  /** Short stable code of the company (lower-case letters, digits, dashes). */
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  /** What the site shows before and after the website view call. */
  branding: brandingSchema,
  /** Scan-code sign-in (WeCom, DingTalk); written to the database on first start. */
  scan: scanSettingsSchema.optional(),
  /** Single sign-on (OpenID Connect); written to the database on first start. */
  sso: ssoSettingsSchema.optional(),
  /** Data the gateway writes on its first start; later starts keep users' changes. */
  seed: z.strictObject({
    /** The company's initial password, given to new and reset accounts; stays on the gateway. */
    initialPassword: z.string().min(8).max(30),
    /** Top navigation menu, in order. */
    navItems: z.array(navItemSchema).min(1),
    /** Accounts of the company. */
    users: z.array(seedUserSchema),
  }),
});

export type TenantConfigInput = z.input<typeof tenantConfigSchema>;
export type TenantConfig = z.output<typeof tenantConfigSchema>;
export type SeedUser = z.output<typeof seedUserSchema>;
export type NavItemConfig = z.output<typeof navItemSchema>;
export type WecomSettings = z.output<typeof wecomSettingsSchema>;
export type DingtalkSettings = z.output<typeof dingtalkSettingsSchema>;
export type SsoSettings = z.output<typeof ssoSettingsSchema>;
