/** Handlers of the back office's course authoring rows (administrators). */
import { z } from 'zod';
import {
  authoringIdSchema,
  categoryReorderSchema,
  categorySaveSchema,
  courseFilterSchema,
  courseSaveSchema,
  courseStatusSchema,
} from '@/lib/schemas/authoring';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import {
  crmCategoryDelete,
  crmCategoryReorder,
  crmCategorySave,
  crmCategoryTree,
  crmCourseCopy,
  crmCoursePage,
  crmCourseSave,
  crmCourseStatus,
  crmCourseView,
} from './service';

export const authoringRoutes = {
  crmCategoryTree: authRoute({ handle: (ctx) => crmCategoryTree(ctx) }),
  crmCategorySave: authRoute({ input: categorySaveSchema, handle: async (ctx, body) => (await crmCategorySave(ctx, body)).id }),
  crmCategoryDelete: authRoute({ input: authoringIdSchema, handle: (ctx, { id }) => crmCategoryDelete(ctx, id) }),
  crmCategoryReorder: authRoute({ input: categoryReorderSchema, handle: (ctx, body) => crmCategoryReorder(ctx, body) }),
  crmCoursePage: authRoute({
    input: z.object({ ...pagingFields('crmCoursePage'), ...courseFilterSchema.shape }),
    handle: (ctx, body) => crmCoursePage(ctx, body),
  }),
  crmCourseView: authRoute({ input: authoringIdSchema, handle: (ctx, { id }) => crmCourseView(ctx, id) }),
  crmCourseSave: authRoute({ input: courseSaveSchema, handle: (ctx, body) => crmCourseSave(ctx, body) }),
  crmCourseStatus: authRoute({ input: courseStatusSchema, handle: (ctx, body) => crmCourseStatus(ctx, body) }),
  crmCourseCopy: authRoute({ input: authoringIdSchema, handle: (ctx, { id }) => crmCourseCopy(ctx, id) }),
} satisfies Partial<RouteTable>;
