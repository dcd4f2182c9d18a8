/**
 * A picture of the learner site's header bar with the settings being edited: logo, name, brand
 * colours, and the menu by the header's own rules (`buildNav`: hidden items and titles left out,
 * the first 6 shown, the rest under "more"). Its links lead nowhere: it is a preview.
 */
import type { SiteNavItem } from '@/api/crm-site-types';
import type { NavItem } from '@/api/types';
import { buildNav } from '@/components/header/nav';
import type { PreviewMessages } from '@/components/crm/site/messages';
import { isHexColour } from '@/lib/site-rules';
import type { Locale } from '@/i18n/locale-path';

export interface PreviewBrand {
  logo: string;
  name: string;
  primary: string;
  primaryForeground: string;
  accent: string;
}

/** A navigation item as the header shows it in `locale`. */
export function navInLocale(item: SiteNavItem, locale: Locale): NavItem {
  return {
    id: item.id,
    title: locale === 'en' ? item.titleEn : item.titleZh,
    navMenuType: item.navMenuType,
    navUrl: item.navUrl,
    linkUrl: item.linkUrl,
    isMenu: item.isMenu,
    target: item.target,
  };
}

const colour = (value: string, fallback: string) => (isHexColour(value) ? value : fallback);

export function HeaderPreview({
  brand,
  nav,
  locale,
  messages,
}: {
  brand: PreviewBrand;
  nav: NavItem[];
  locale: Locale;
  messages: PreviewMessages;
}) {
  const primary = colour(brand.primary, '#1d4ed8');
  const foreground = colour(brand.primaryForeground, '#ffffff');
  const accent = colour(brand.accent, '#dbeafe');
  const { visible, more } = buildNav(nav, locale === 'en' ? '/en/home' : '/home', locale);
  return (
    <figure className="grid gap-2">
      <figcaption className="text-muted-foreground text-sm">{messages['crmSite.preview.caption']}</figcaption>
      <div className="bg-background overflow-x-auto rounded-md border">
        <div className="flex h-14 min-w-max items-center gap-3 px-4">
          {brand.logo ? (
            <img src={brand.logo} alt="" className="h-8 w-auto max-w-32 object-contain" />
          ) : (
            <span className="size-8 rounded" style={{ backgroundColor: primary }} />
          )}
          <span className="text-base font-semibold">{brand.name}</span>
          <ul className="ms-2 flex items-center gap-1 text-sm font-medium">
            {visible.map((link) => (
              <li
                key={link.key}
                className="rounded-md px-2 py-1.5"
                style={link.current ? { color: primary, boxShadow: `inset 0 -2px 0 ${primary}` } : undefined}
              >
                {link.title}
              </li>
            ))}
            {more.length > 0 && (
              <li className="rounded-md px-2 py-1.5" style={{ backgroundColor: accent }}>
                {messages['crmSite.preview.more']} ({more.length})
              </li>
            )}
          </ul>
          <span className="ms-auto rounded-md px-3 py-1.5 text-sm font-medium" style={{ backgroundColor: primary, color: foreground }}>
            {messages['crmSite.preview.button']}
          </span>
        </div>
      </div>
      {more.length > 0 && (
        <p className="text-muted-foreground text-xs">
          {messages['crmSite.preview.moreItems']} {more.map((l) => l.title).join(locale === 'en' ? ', ' : '、')}
        </p>
      )}
    </figure>
  );
}
