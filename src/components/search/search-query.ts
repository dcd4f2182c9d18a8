/**
 * The search results page's state as its URL (spec section 2: "param str, query type"):
 * `/search/<keyword>?type=<type>&page=<page>`, `/en/search/…` in English. The header's search
 * box opens the same form of URL (`@/components/header/search`).
 */
import { SearchType, type SearchTypeValue } from '@/api/home-types';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';

/** The route of the page; the keyword is the path segment after it. */
export const SEARCH_PATH = '/search';

/** The tabs, in order: every search type. */
export const SEARCH_TYPES: readonly SearchTypeValue[] = [
  SearchType.default,
  SearchType.live,
  SearchType.resource,
  SearchType.exam,
  SearchType.blog,
  SearchType.question,
  SearchType.info,
];

export interface SearchQuery {
  /** As typed, trimmed; '' when the URL has none. */
  keyword: string;
  type: SearchTypeValue;
  page: number;
}

function keywordOf(pathname: string): string {
  try {
    return (routeParam(pathname, SEARCH_PATH) ?? '').trim();
  } catch {
    // A malformed escape (`/search/%E5`): nothing usable.
    return '';
  }
}

/**
 * The page's state from its address; unknown types read as courses, bad pages as 1.
 *
 * @example parseSearchQuery('/en/search/Java%20%E5%85%A5%E9%97%A8', '?type=5&page=2') → { keyword: 'Java 入门', type: 5, page: 2 }
 */
export function parseSearchQuery(pathname: string, search: string): SearchQuery {
  const params = new URLSearchParams(search);
  const type = Number(params.get('type'));
  const page = Number(params.get('page'));
  return {
    keyword: keywordOf(pathname),
    type: SEARCH_TYPES.includes(type as SearchTypeValue) ? (type as SearchTypeValue) : SearchType.default,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The address of a state, in a language; page 1 is left out.
 *
 * @example searchUrl({ keyword: 'a/b', type: 8, page: 1 }, 'en') → '/en/search/a%2Fb?type=8'
 */
export function searchUrl(query: SearchQuery, locale: Locale): string {
  const keyword = query.keyword.trim();
  const path = keyword ? `${SEARCH_PATH}/${encodeURIComponent(keyword)}` : SEARCH_PATH;
  const page = query.page > 1 ? `&page=${query.page}` : '';
  return `${localizePath(path, locale)}?type=${query.type}${page}`;
}
