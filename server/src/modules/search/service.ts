/** `searchPage`: one page of the asked type, and how many hits every type has, for the same keyword. */
import { SearchType, type SearchResult, type SearchTypeValue } from '@/api/home-types';
import type { AuthContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { keywordTerms, searchKeyword } from '../../keyword';
import { scoped } from '../../db/access';
import type { Searcher } from '../../db/access/search';
import { visibleCourses } from '../course/service';

/** Every search type, in the order of the results page's tabs. */
export const SEARCH_TYPES = Object.values(SearchType) as SearchTypeValue[];

export async function searchPage(
  ctx: AuthContext,
  input: { keyword: string; type: SearchTypeValue } & Paging,
): Promise<SearchResult> {
  const search = scoped(ctx.db, ctx.tenant.id).search;
  const searcher: Searcher = {
    memberId: ctx.member.id,
    lang: ctx.lang,
    terms: keywordTerms(searchKeyword(input.keyword)),
    visible: await visibleCourses(ctx.db, ctx.tenant.id, ctx.member),
  };
  const [list, ...totals] = await Promise.all([
    search.page(input.type, searcher, offsetOf(input), input.pageSize),
    ...SEARCH_TYPES.map((type) => search.count(type, searcher)),
  ]);
  const counts = Object.fromEntries(SEARCH_TYPES.map((type, i) => [String(type), totals[i]!]));
  return { ...pageResult(list, input, counts[String(input.type)]!), counts };
}
