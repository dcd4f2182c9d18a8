/** Handlers of the lecturer rows of the call table: the directory, the ranking and a lecturer's page. */
import { z } from 'zod';
import { LECTURER_KEYWORD_MAX } from '@/api/lecturer-types';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { lecturerPage, lecturerRankList, lecturerView } from './service';

export const lecturerRoutes = {
  lecturerRankList: authRoute({ handle: (ctx) => lecturerRankList(ctx) }),
  lecturerPage: authRoute({
    input: z.object({ ...pagingFields('lecturerPage'), keyword: z.string().max(LECTURER_KEYWORD_MAX).optional() }),
    handle: (ctx, input) => lecturerPage(ctx, input),
  }),
  lecturerView: authRoute({
    // Any text is looked up: an id that is no lecturer's (malformed included) is simply not found.
    input: z.object({ lecturerId: z.string().trim().min(1).max(100) }),
    handle: (ctx, { lecturerId }) => lecturerView(ctx, lecturerId),
  }),
} satisfies Partial<RouteTable>;
