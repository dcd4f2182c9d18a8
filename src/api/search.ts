/** The search results page's call (spec section 2, "Search"; `searchPage`). */
import { call, type CallOptions } from '@/api/client';
import type { SearchBody, SearchResult } from '@/api/home-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** One page of the hits of a type (10 a page), with every type's hit count for the same keyword. */
export function getSearchPage(body: SearchBody, opts?: Extra): Promise<SearchResult> {
  return call<SearchResult>('searchPage', { ...opts, body: { ...body } });
}
