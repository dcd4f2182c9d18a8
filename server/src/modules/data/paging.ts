/** Paging of the data module's page calls: the body's pageCurrent/pageSize and the `PageResult` answer. */
import { z } from 'zod';
import { DEFAULT_PAGING, endpoints, type EndpointDef, type EndpointName } from '@/api/endpoints';
import type { PageResult } from '@/api/types';

/** The largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * Body fields of a page call; the row's default paging fills what is missing.
 *
 * @example z.object({ ...pagingFields('exportRecordPage') })
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

/**
 * A page of `list` out of `totalCount` rows.
 *
 * @example pageResult([a, b], { pageCurrent: 2, pageSize: 2 }, 5) → { list: [a, b], pageCurrent: 2, pageSize: 2, totalCount: 5, totalPage: 3 }
 */
export function pageResult<T>(list: T[], paging: Paging, totalCount: number): PageResult<T> {
  return { list, ...paging, totalCount, totalPage: Math.ceil(totalCount / paging.pageSize) };
}
