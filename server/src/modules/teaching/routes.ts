/** Handlers of the lecturer's back-office rows. */
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import { teachingCoursePage } from './service';

export const teachingRoutes = {
  teachingCoursePage: authRoute({
    input: z.object({ ...pagingFields('teachingCoursePage'), keyword: z.string().trim().max(50).optional() }),
    handle: (ctx, body) => teachingCoursePage(ctx, body),
  }),
} satisfies Partial<RouteTable>;
