/** Site, menu and enum data of the `system` module. */
import type { EnumOption, NavItem, WebInfo } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { Code } from '@/api/codes';
import { global, scoped, type Enterprise, type Scoped } from '../../db/access';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import { cachedForTenant, tenantByDomain } from '../../tenant';
import { inLang } from '../../localized';

export function toWebInfo(e: Enterprise, lang: Locale): WebInfo {
  const names = { zh: e.nameZh, en: e.nameEn };
  const titles = { zh: e.titleZh, en: e.titleEn };
  return {
    eid: e.id,
    name: names[lang],
    websiteTitle: titles[lang],
    logo: e.logo,
    websiteIco: e.icon,
    colors: { primary: e.colorPrimary, primaryForeground: e.colorPrimaryForeground, accent: e.colorAccent },
    names,
    titles,
  };
}

/** The enterprise that owns a host name (a port is ignored), or a 404 envelope. */
export async function enterpriseOfDomain(db: Db, domain: string): Promise<Enterprise> {
  const enterprise = await tenantByDomain(db, domain);
  if (!enterprise) throw new ApiError(Code.NOT_FOUND, 'tenantNotFound');
  return enterprise;
}

/** The nav bar is read on every page and seldom written: it is cached with the enterprise, and the back office's changes forget it (`tenantChanges`). */
export async function navBar(db: Db, scope: Scoped, lang: Locale): Promise<NavItem[]> {
  const rows = await cachedForTenant(db, `nav:${scope.enterpriseId}`, () => scope.navItems());
  return rows.map((r) => ({
    id: r.id,
    title: inLang(lang, r.titleZh, r.titleEn),
    navMenuType: r.navMenuType,
    navUrl: r.navUrl,
    linkUrl: r.linkUrl,
    isMenu: r.isMenu,
    target: r.target,
  }));
}

/** An enum's options: the enterprise's own when it has them, else the global list. */
export async function enumOptions(
  db: Db,
  enterpriseId: string | undefined,
  enumName: string,
  lang: Locale,
): Promise<EnumOption[]> {
  const rows = enterpriseId
    ? await scoped(db, enterpriseId).enumOptions(enumName)
    : await global.enumOptions(db, enumName);
  return rows.map((r) => {
    const group = inLang(lang, r.groupZh, r.groupEn);
    return {
      label: inLang(lang, r.labelZh, r.labelEn),
      value: r.value,
      ...(group ? { group } : {}),
    };
  });
}
