/**
 * The header's navigation rules (product spec section 2, "Top bar"), kept pure so they are
 * tested without a browser:
 *
 * - items not marked as menu items (`isMenu` 0) and items titled personal centre or lecturer
 *   (个人中心, 讲师, Personal Centre/Center, Lecturer; any case) are hidden;
 * - `navMenuType` maps to a page: 1 `/home`, 2 `/train`, 3 `/knowledge`, 4 `/exam`,
 *   5 `/lecturer`, 6 `/certificate`, 7 `/account` (localized); 10 is a custom link to `navUrl`,
 *   else `linkUrl`, opened in a new tab when `target` is `_blank`; other types are skipped;
 * - the first {@link NAV_VISIBLE} items are shown, the rest go under "more";
 * - the item whose page contains the current path is the current one.
 */
import type { NavItem } from '@/api/types';
import { localizePath, splitLocale, type Locale } from '@/i18n/locale-path';

/** Spec section 9: navigation items shown before the more menu. */
export const NAV_VISIBLE = 6;

export const NAV_TYPE_PATHS: Readonly<Record<number, string>> = {
  1: '/home',
  2: '/train',
  3: '/knowledge',
  4: '/exam',
  5: '/lecturer',
  6: '/certificate',
  7: '/account',
};

/** navMenuType of a custom link. */
export const NAV_TYPE_LINK = 10;

const HIDDEN_TITLE = /个人中心|讲师|personal\s+cent(?:re|er)|lecturer/i;

export interface NavLink {
  key: string;
  title: string;
  href: string;
  /** Opens in a new tab (`target="_blank"`, `rel="noopener noreferrer"`). */
  newTab: boolean;
  /** The page of this item is the one shown. */
  current: boolean;
}

export interface NavModel {
  visible: NavLink[];
  more: NavLink[];
}

/** @example isHiddenNavTitle('Personal center') → true */
export function isHiddenNavTitle(title: string): boolean {
  return HIDDEN_TITLE.test(title);
}

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A custom link: site paths are localized, other URLs kept as given. */
function customHref(url: string, locale: Locale): string {
  if (!isInternal(url)) return url;
  const { path } = splitLocale(url);
  return localizePath(path, locale);
}

function pathOf(href: string): string {
  const end = href.search(/[?#]/);
  const path = end === -1 ? href : href.slice(0, end);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether `current` (a path without locale) is `page` or below it; `/home` also owns `/`. */
function isCurrent(page: string, current: string): boolean {
  if (page === '/home' && current === '/') return true;
  if (page === '/') return current === '/';
  return current === page || current.startsWith(`${page}/`);
}

/**
 * The links of the header, from the server's navigation items.
 *
 * @example buildNav(items, '/en/exam/index_bak', 'en') → { visible: [… { href: '/en/exam', current: true } …], more: […] }
 */
export function buildNav(items: readonly NavItem[], pathname: string, locale: Locale): NavModel {
  const current = pathOf(splitLocale(pathname).path);
  const links: NavLink[] = [];
  items.forEach((item, index) => {
    if (item.isMenu === 0 || isHiddenNavTitle(item.title)) return;
    const key = item.id || `${index}`;
    const page = NAV_TYPE_PATHS[item.navMenuType];
    if (page) {
      links.push({
        key,
        title: item.title,
        href: localizePath(page, locale),
        newTab: item.target === '_blank',
        current: isCurrent(page, current),
      });
      return;
    }
    if (item.navMenuType !== NAV_TYPE_LINK) return;
    const url = (item.navUrl || item.linkUrl || '').trim();
    if (!url) return;
    const internal = isInternal(url);
    links.push({
      key,
      title: item.title,
      href: customHref(url, locale),
      newTab: item.target === '_blank',
      current: internal && isCurrent(pathOf(splitLocale(url).path), current),
    });
  });
  const currentIndex = links.findIndex((l) => l.current);
  if (currentIndex !== -1) {
    // Only one item is the current page: the first that matches.
    links.forEach((l, i) => (l.current = i === currentIndex));
  }
  return { visible: links.slice(0, NAV_VISIBLE), more: links.slice(NAV_VISIBLE) };
}
