/**
 * The lecturer directory's keyword and page as URL query (`?q=…&page=2`), and a lecturer's
 * course page (`?page=2`), so back, forward and reload keep them. Values that are not valid
 * are dropped, never sent.
 */
import { LECTURER_KEYWORD_MAX } from '@/api/lecturer-types';

export interface DirectoryQuery {
  keyword?: string;
  page: number;
}

/**
 * The keyword and page in a query string.
 *
 * @example parseDirectoryQuery('?q=%20数据%20&page=2') → { keyword: '数据', page: 2 }
 */
export function parseDirectoryQuery(search: string): DirectoryQuery {
  const params = new URLSearchParams(search);
  const keyword = (params.get('q') ?? '').trim().slice(0, LECTURER_KEYWORD_MAX);
  const page = Number(params.get('page'));
  return { keyword: keyword || undefined, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/**
 * The query string of a keyword and page, defaults left out ('' when both are defaults).
 *
 * @example directorySearch({ keyword: 'data', page: 1 }) → '?q=data'
 */
export function directorySearch(query: DirectoryQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
