/** Paging of the study page calls: the row's default paging, bounded sizes, `PageResult` answers. */
import { z } from 'zod';
import { DEFAULT_PAGING, endpoints, type EndpointDef, type EndpointName } from '@/api/endpoints';
import type { PageResult } from '@/api/types';
import type { Paging } from './data';

/** Largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

/**
 * The paging fields of a page call's body, defaulting to the row's paging.
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

export interface PageInput {
  pageCurrent: number;
  pageSize: number;
}

/** Limit and offset of a page. */
export function pageWindow(input: PageInput): Paging {
  return { limit: input.pageSize, offset: (input.pageCurrent - 1) * input.pageSize };
}

/** A page answer from its items and the total count. */
export function pageResult<T>(input: PageInput, list: T[], totalCount: number): PageResult<T> {
  return {
    list,
    pageCurrent: input.pageCurrent,
    pageSize: input.pageSize,
    totalCount,
    totalPage: Math.ceil(totalCount / input.pageSize),
  };
}
