/**
 * Paging of every page call: the body's `pageCurrent`/`pageSize` (defaulting to the endpoint
 * row's paging), the rows window a query reads, and the `PageResult` answer.
 */
import { z } from 'zod';
import { DEFAULT_PAGING, endpoints, type EndpointDef, type EndpointName, type Paging } from '@/api/endpoints';
import type { PageResult } from '@/api/types';

export type { Paging };

/** The largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The rows a query reads for one page. */
export interface RowWindow {
  limit: number;
  offset: number;
}

/**
 * Body fields of a page call; the row's default paging fills what is missing.
 *
 * @example z.object({ ...pagingFields('projectPage'), keyword: z.string().optional() })
 */
export function pagingFields(name: EndpointName) {
  const def: EndpointDef = endpoints[name];
  const paging = def.paging ?? DEFAULT_PAGING;
  return {
    pageCurrent: z.number().int().min(1).max(100_000).default(paging.pageCurrent),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(paging.pageSize),
  };
}

/** The offset of a page's first row. */
export function offsetOf({ pageCurrent, pageSize }: Paging): number {
  return (pageCurrent - 1) * pageSize;
}

/** Limit and offset of a page. */
export function pageWindow(paging: Paging): RowWindow {
  return { limit: paging.pageSize, offset: offsetOf(paging) };
}

/**
 * A page of `list` out of `totalCount` rows.
 *
 * @example pageResult([a, b], { pageCurrent: 2, pageSize: 2 }, 5) → { list: [a, b], pageCurrent: 2, pageSize: 2, totalCount: 5, totalPage: 3 }
 */
export function pageResult<T>(list: T[], paging: Paging, totalCount: number): PageResult<T> {
  return {
    list,
    pageCurrent: paging.pageCurrent,
    pageSize: paging.pageSize,
    totalCount,
    totalPage: Math.ceil(totalCount / paging.pageSize),
  };
}
