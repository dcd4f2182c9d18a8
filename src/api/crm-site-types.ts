/**
 * Response and body shapes of the back office's site settings: branding and domains, the
 * navigation menu, banners, home zones and the company's enum options. Texts are given in both
 * languages (the back office edits both); times are ISO 8601.
 */
export type {
  BannerBody,
  DomainBody,
  EnumOptionBody,
  EnumSaveBody,
  NavItemBody,
  ReorderBody,
  SiteSettingsBody,
  ZoneBody,
  ZoneCoursesBody,
  ZoneLecturersBody,
} from '@/lib/schemas/site';

/** One of the company's domains; `current` is the one the request came in on (it cannot be removed). */
export interface SiteDomain {
  domain: string;
  current: boolean;
}

/** `siteView`: the company's branding and its domains. */
export interface SiteSettings {
  nameZh: string;
  nameEn: string;
  titleZh: string;
  titleEn: string;
  /** Logo picture path ('' none). */
  logo: string;
  /** Favicon picture path ('' none). */
  icon: string;
  colorPrimary: string;
  colorPrimaryForeground: string;
  colorAccent: string;
  domains: SiteDomain[];
}

/** A navigation item as the back office edits it. */
export interface SiteNavItem {
  id: string;
  titleZh: string;
  titleEn: string;
  /** 1 home, 2 train, 3 knowledge, 4 exam, 5 lecturer, 6 certificate, 7 account, 10 custom link. */
  navMenuType: number;
  navUrl: string;
  linkUrl: string;
  /** 1 shown in the header, 0 hidden. */
  isMenu: number;
  target: string;
}

/** A home banner as the back office edits it. */
export interface SiteBanner {
  id: string;
  titleZh: string;
  titleEn: string;
  image: string;
  linkUrl: string;
  target: string;
  activeFrom: string | null;
  activeUntil: string | null;
  /** Shown to learners now (inside its window). */
  active: boolean;
}

/** A course or lecturer a zone picks or may pick. */
export interface SitePick {
  id: string;
  nameZh: string;
  nameEn: string;
  /** Courses: whether it is published (only published courses are shown on the home page). */
  published?: boolean;
}

/** A home zone as the back office edits it. */
export interface SiteZone {
  id: string;
  /** 1 a course zone, 2 the lecturer zone. */
  kind: number;
  relationType: number;
  titleZh: string;
  titleEn: string;
  /** The courses picked (course zones; shown when `relationType` is 1, recommended). */
  courses: SitePick[];
}

/** `siteZoneList`: the zones in order and the featured lecturers in order. */
export interface SiteZones {
  zones: SiteZone[];
  lecturers: SitePick[];
}

/** An enum option as the back office edits it. */
export interface SiteEnumOption {
  value: string;
  labelZh: string;
  labelEn: string;
  groupZh: string;
  groupEn: string;
}

/** `siteEnumList`: every enum learners are served, whether the company may and does keep its own. */
export interface SiteEnumSummary {
  enumName: string;
  /** The company may keep its own options (company data); else the platform's list is used. */
  editable: boolean;
  /** The company's own options replace the global list. */
  own: boolean;
  /** Options served now (the company's own, else the global ones). */
  count: number;
}

/** `siteEnumView`: one enum's options, the company's own and the global ones. */
export interface SiteEnumView {
  enumName: string;
  editable: boolean;
  own: boolean;
  /** The company's own options ([] when it uses the global list). */
  options: SiteEnumOption[];
  global: SiteEnumOption[];
}
