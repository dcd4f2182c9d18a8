/**
 * The back office's site settings (administrators): branding and domains, the navigation menu,
 * home banners and zones, and the company's own enum options.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  BannerBody,
  EnumSaveBody,
  NavItemBody,
  SiteBanner,
  SiteEnumSummary,
  SiteEnumView,
  SiteNavItem,
  SitePick,
  SiteSettings,
  SiteSettingsBody,
  SiteZones,
  ZoneBody,
} from '@/api/crm-site-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

// ---- branding and domains

export function getSiteSettings(opts?: Extra): Promise<SiteSettings> {
  return call<SiteSettings>('siteView', { ...opts });
}

export function saveSiteSettings(body: SiteSettingsBody, opts?: Extra): Promise<SiteSettings> {
  return call<SiteSettings>('siteSave', { ...opts, body: { ...body } });
}

export function addSiteDomain(domain: string, opts?: Extra): Promise<SiteSettings> {
  return call<SiteSettings>('siteDomainAdd', { ...opts, body: { domain } });
}

export function removeSiteDomain(domain: string, opts?: Extra): Promise<SiteSettings> {
  return call<SiteSettings>('siteDomainRemove', { ...opts, body: { domain } });
}

// ---- navigation

export function getSiteNav(opts?: Extra): Promise<SiteNavItem[]> {
  return call<SiteNavItem[]>('siteNavList', { ...opts });
}

/** Creates an item (no `id`) or saves one. */
export function saveSiteNavItem(body: NavItemBody, opts?: Extra): Promise<SiteNavItem> {
  return call<SiteNavItem>('siteNavSave', { ...opts, body: { ...body } });
}

export function deleteSiteNavItem(id: string, opts?: Extra): Promise<null> {
  return call<null>('siteNavDelete', { ...opts, body: { id } });
}

/** Puts the items in this order (every id once). */
export function reorderSiteNav(ids: string[], opts?: Extra): Promise<SiteNavItem[]> {
  return call<SiteNavItem[]>('siteNavReorder', { ...opts, body: { ids } });
}

export function showSiteNavItem(id: string, shown: boolean, opts?: Extra): Promise<SiteNavItem> {
  return call<SiteNavItem>('siteNavShow', { ...opts, body: { id, isMenu: shown ? 1 : 0 } });
}

// ---- banners

export function getSiteBanners(opts?: Extra): Promise<SiteBanner[]> {
  return call<SiteBanner[]>('siteBannerList', { ...opts });
}

export function saveSiteBanner(body: BannerBody, opts?: Extra): Promise<SiteBanner> {
  return call<SiteBanner>('siteBannerSave', { ...opts, body: { ...body } });
}

export function deleteSiteBanner(id: string, opts?: Extra): Promise<null> {
  return call<null>('siteBannerDelete', { ...opts, body: { id } });
}

export function reorderSiteBanners(ids: string[], opts?: Extra): Promise<SiteBanner[]> {
  return call<SiteBanner[]>('siteBannerReorder', { ...opts, body: { ids } });
}

// ---- zones

export function getSiteZones(opts?: Extra): Promise<SiteZones> {
  return call<SiteZones>('siteZoneList', { ...opts });
}

export function saveSiteZone(body: ZoneBody, opts?: Extra): Promise<SiteZones> {
  return call<SiteZones>('siteZoneSave', { ...opts, body: { ...body } });
}

export function reorderSiteZones(ids: string[], opts?: Extra): Promise<SiteZones> {
  return call<SiteZones>('siteZoneReorder', { ...opts, body: { ids } });
}

export function saveZoneCourses(zoneId: string, courseIds: string[], opts?: Extra): Promise<SiteZones> {
  return call<SiteZones>('siteZoneCoursesSave', { ...opts, body: { zoneId, courseIds } });
}

export function saveZoneLecturers(lecturerIds: string[], opts?: Extra): Promise<SiteZones> {
  return call<SiteZones>('siteZoneLecturersSave', { ...opts, body: { lecturerIds } });
}

/** Courses a zone may pick, by name (at most 50). */
export function findZoneCourses(keyword: string, opts?: Extra): Promise<SitePick[]> {
  return call<SitePick[]>('siteCourseOptions', { ...opts, query: keyword ? { keyword } : {} });
}

/** Lecturers the lecturer zone may feature, by name (at most 50). */
export function findZoneLecturers(keyword: string, opts?: Extra): Promise<SitePick[]> {
  return call<SitePick[]>('siteLecturerOptions', { ...opts, query: keyword ? { keyword } : {} });
}

// ---- enum lists

export function getSiteEnums(opts?: Extra): Promise<SiteEnumSummary[]> {
  return call<SiteEnumSummary[]>('siteEnumList', { ...opts });
}

export function getSiteEnum(enumName: string, opts?: Extra): Promise<SiteEnumView> {
  return call<SiteEnumView>('siteEnumView', { ...opts, query: { enumName } });
}

export function saveSiteEnum(body: EnumSaveBody, opts?: Extra): Promise<SiteEnumView> {
  return call<SiteEnumView>('siteEnumSave', { ...opts, body: { ...body } });
}

export function resetSiteEnum(enumName: string, opts?: Extra): Promise<SiteEnumView> {
  return call<SiteEnumView>('siteEnumReset', { ...opts, body: { enumName } });
}
