/**
 * The course centre's filters and page as URL query (`?category=…&q=…&status=1&sort=hot&collected=1&page=2`),
 * so back, forward and reload keep them. Values that are not valid are dropped, never sent.
 */
import type { CoursePageBody, LearningStatus } from '@/api/learning-types';

export const SORTS = ['new', 'hot', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

export interface CentreQuery {
  categoryId?: string;
  keyword?: string;
  learningStatus?: LearningStatus;
  sort: Sort;
  collected: boolean;
  page: number;
}

export const KEYWORD_MAX = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters in a query string.
 *
 * @example parseCentreQuery('?status=1&page=2') → { learningStatus: 1, sort: 'new', collected: false, page: 2 }
 */
export function parseCentreQuery(search: string): CentreQuery {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? '';
  const keyword = (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX);
  const status = params.get('status');
  const sort = params.get('sort') as Sort | null;
  const page = Number(params.get('page'));
  return {
    categoryId: UUID.test(category) ? category : undefined,
    keyword: keyword || undefined,
    learningStatus: status === '0' || status === '1' || status === '2' ? (Number(status) as LearningStatus) : undefined,
    sort: sort && SORTS.includes(sort) ? sort : 'new',
    collected: params.get('collected') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string of some filters, defaults left out ('' when all are defaults).
 *
 * @example centreSearch({ sort: 'hot', collected: false, page: 1 }) → '?sort=hot'
 */
export function centreSearch(query: CentreQuery): string {
  const params = new URLSearchParams();
  if (query.categoryId) params.set('category', query.categoryId);
  if (query.keyword) params.set('q', query.keyword);
  if (query.learningStatus !== undefined) params.set('status', String(query.learningStatus));
  if (query.sort !== 'new') params.set('sort', query.sort);
  if (query.collected) params.set('collected', '1');
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The body of `coursePage` for some filters. */
export function coursePageBody(query: CentreQuery, pageSize: number): CoursePageBody {
  return {
    pageCurrent: query.page,
    pageSize,
    ...(query.categoryId && { categoryId: query.categoryId }),
    ...(query.keyword && { keyword: query.keyword }),
    ...(query.learningStatus !== undefined && { learningStatus: query.learningStatus }),
    ...(query.collected && { collected: true }),
    sort: query.sort,
  };
}

/** Whether any filter narrows the list (the page does not count). */
export function isFiltered(query: CentreQuery): boolean {
  return Boolean(query.categoryId || query.keyword || query.learningStatus !== undefined || query.collected);
}
