/** `searchPage`: one page of the asked type, and how many hits every type has, for the same keyword. */
import { SearchType, type SearchResult, type SearchTypeValue } from '@/api/home-types';
import type { AuthContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { keywordTerms, searchKeyword } from '../../keyword';
import { searchProviders, type SearchQuery } from './providers';

/** Every search type, in the order of the results page's tabs. */
export const SEARCH_TYPES = Object.values(SearchType) as SearchTypeValue[];

export async function searchPage(
  ctx: AuthContext,
  input: { keyword: string; type: SearchTypeValue } & Paging,
): Promise<SearchResult> {
  const query: SearchQuery = {
    db: ctx.db,
    enterpriseId: ctx.tenant.id,
    memberId: ctx.member.id,
    lang: ctx.lang,
    terms: keywordTerms(searchKeyword(input.keyword)),
  };
  const [list, ...totals] = await Promise.all([
    searchProviders[input.type].page(query, offsetOf(input), input.pageSize),
    ...SEARCH_TYPES.map((type) => searchProviders[type].count(query)),
  ]);
  const counts = Object.fromEntries(SEARCH_TYPES.map((type, i) => [String(type), totals[i]!]));
  return { ...pageResult(list, input, counts[String(input.type)]!), counts };
}
