/**
 * Header search (product spec section 2, "Search"): the search type comes from the page the
 * user is on, and the query opens `/search/<text>?type=<type>` in the page's language.
 *
 * Types: 1 default, 2 live (`/live…`), 4 resource (`/resource…`), 5 exam (`/exam…`,
 * `/account/exam…`), 6 blog (`/community/blog…`, `/blog…`), 7 question
 * (`/community/question…`, `/question…`), 8 info (`/info…`). A prefix matches whole path
 * segments: `/exam` and `/exam/index_bak`, not `/examples`.
 */
import { localizePath, splitLocale, type Locale } from '@/i18n/locale-path';

export const SEARCH_TYPE = {
  default: 1,
  live: 2,
  resource: 4,
  exam: 5,
  blog: 6,
  question: 7,
  info: 8,
} as const;

const PREFIXES: ReadonlyArray<readonly [string, number]> = [
  ['/live', SEARCH_TYPE.live],
  ['/resource', SEARCH_TYPE.resource],
  ['/account/exam', SEARCH_TYPE.exam],
  ['/exam', SEARCH_TYPE.exam],
  ['/community/blog', SEARCH_TYPE.blog],
  ['/blog', SEARCH_TYPE.blog],
  ['/community/question', SEARCH_TYPE.question],
  ['/question', SEARCH_TYPE.question],
  ['/info', SEARCH_TYPE.info],
];

/**
 * The search type for a pathname (with or without the `/en` prefix) and its query string.
 *
 * @example searchTypeFor('/en/live/watch/3') → 2; searchTypeFor('/knowledge') → 1; searchTypeFor('/community', '?tab=question') → 7
 */
export function searchTypeFor(pathname: string, search = ''): number {
  const { path } = splitLocale(pathname);
  const hit = PREFIXES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  if (hit) return hit[1];
  if (path.replace(/\/+$/, '') === '/community') {
    return new URLSearchParams(search).get('tab') === 'question' ? SEARCH_TYPE.question : SEARCH_TYPE.blog;
  }
  return SEARCH_TYPE.default;
}

/**
 * The search page for a text typed on a page, or `undefined` when the text is blank.
 *
 * @example searchHref('  Java 入门 ', '/exam', 'en') → '/en/search/Java%20%E5%85%A5%E9%97%A8?type=5'
 */
export function searchHref(text: string, pathname: string, locale: Locale, search = ''): string | undefined {
  const query = text.trim();
  if (!query) return undefined;
  return `${localizePath(`/search/${encodeURIComponent(query)}`, locale)}?type=${searchTypeFor(pathname, search)}`;
}
