/** Handlers of the back office's course authoring rows (administrators). */
import { z } from 'zod';
import {
  authoringIdSchema,
  categoryReorderSchema,
  categorySaveSchema,
  courseFilterSchema,
  courseIdSchema,
  courseItemReorderSchema,
  courseItemSaveSchema,
  courseSaveSchema,
  coursewareAddSchema,
  optionSearchSchema,
  courseStatusSchema,
} from '@/lib/schemas/authoring';
import { MAX_REVIEW_REASON, REVIEW_FILTERS } from '@/lib/authoring-rules';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import {
  crmCategoryDelete,
  crmCategoryReorder,
  crmCategorySave,
  crmCategoryTree,
  crmCourseCopy,
  crmCourseItemDelete,
  crmCourseItemReorder,
  crmCourseItems,
  crmCourseItemSave,
  crmCoursePage,
  crmCoursewareAdd,
  crmCoursewareList,
  crmCoursewareRemove,
  crmExamOptions,
  crmResourceOptions,
  crmResourcePage,
  crmResourceRetry,
  crmCourseSave,
  crmCourseStatus,
  crmCourseView,
} from './service';
import { crmResourceDelete, crmReviewDecide, crmReviewPage, myResourceDelete, myResourcePage, myResourceRetry, myResourceSubmit } from './reviews';

const reviewDecisionSchema = z.object({
  id: authoringIdSchema.shape.id,
  approve: z.boolean(),
  reason: z.string().trim().max(MAX_REVIEW_REASON).optional(),
});

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
  crmCourseItems: authRoute({ input: courseIdSchema, handle: (ctx, { courseId }) => crmCourseItems(ctx, courseId) }),
  crmCourseItemSave: authRoute({ input: courseItemSaveSchema, handle: (ctx, body) => crmCourseItemSave(ctx, body) }),
  crmCourseItemDelete: authRoute({ input: authoringIdSchema, handle: (ctx, { id }) => crmCourseItemDelete(ctx, id) }),
  crmCourseItemReorder: authRoute({ input: courseItemReorderSchema, handle: (ctx, body) => crmCourseItemReorder(ctx, body) }),
  crmResourceOptions: authRoute({ input: optionSearchSchema, handle: (ctx, query) => crmResourceOptions(ctx, query) }),
  crmExamOptions: authRoute({ input: optionSearchSchema.pick({ keyword: true }), handle: (ctx, query) => crmExamOptions(ctx, query) }),
  crmCoursewareList: authRoute({ input: courseIdSchema, handle: (ctx, { courseId }) => crmCoursewareList(ctx, courseId) }),
  crmCoursewareAdd: authRoute({ input: coursewareAddSchema, handle: (ctx, body) => crmCoursewareAdd(ctx, body) }),
  crmCoursewareRemove: authRoute({ input: authoringIdSchema, handle: (ctx, { id }) => crmCoursewareRemove(ctx, id) }),
  myResourcePage: authRoute({ input: z.object({ ...pagingFields('myResourcePage') }), handle: (ctx, body) => myResourcePage(ctx, body) }),
  myResourceSubmit: authRoute({ input: authoringIdSchema, handle: (ctx, body) => myResourceSubmit(ctx, body) }),
  myResourceRetry: authRoute({ input: authoringIdSchema, handle: (ctx, body) => myResourceRetry(ctx, body) }),
  myResourceDelete: authRoute({ input: authoringIdSchema, handle: (ctx, body) => myResourceDelete(ctx, body) }),
  crmReviewPage: authRoute({
    input: z.object({ ...pagingFields('crmReviewPage'), review: z.enum(REVIEW_FILTERS).optional() }),
    handle: (ctx, body) => crmReviewPage(ctx, body),
  }),
  crmReviewDecide: authRoute({ input: reviewDecisionSchema, handle: (ctx, body) => crmReviewDecide(ctx, body) }),
  crmResourceDelete: authRoute({ input: authoringIdSchema, handle: (ctx, body) => crmResourceDelete(ctx, body) }),
  crmResourceRetry: authRoute({ input: authoringIdSchema, handle: (ctx, body) => crmResourceRetry(ctx, body) }),
  crmResourcePage: authRoute({
    input: z.object({ ...pagingFields('crmResourcePage'), ...optionSearchSchema.shape }),
    handle: (ctx, body) => crmResourcePage(ctx, body),
  }),
} satisfies Partial<RouteTable>;

export { mountMediaUploads } from './uploads';
