/** Handler of the search row of the call table. */
import { z } from 'zod';
import { SearchType } from '@/api/home-types';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { searchPage } from './service';

const searchType = z.literal(Object.values(SearchType)).default(SearchType.default);

export const searchRoutes = {
  searchPage: authRoute({
    input: z.object({
      // Length and emptiness are checked after normalising, with the search's own messages.
      keyword: z.string().max(1000).default(''),
      type: searchType,
      ...pagingFields('searchPage'),
    }),
    handle: (ctx, input) => searchPage(ctx, input),
  }),
} satisfies Partial<RouteTable>;
