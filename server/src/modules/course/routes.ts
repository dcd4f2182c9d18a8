/** Handlers of the course rows of the call table. Courses: catalogue, detail, comments, ratings, likes, collections, courseware. */
import { z } from 'zod';
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type AuthContext, type RouteTable } from '../../routing';
import { coursePurchaseApply, coursePurchaseDecide, coursePurchaseRequestPage, coursePurchaseState } from './purchases';
import {
  categoryTree,
  chapterPeriodTree,
  commentPage,
  courseCount,
  coursePage,
  courseView,
  coursewareDownload,
  coursewareList,
  coursewarePreview,
  coursewareWatermarkDownload,
  deleteComment,
  lecturerCoursePage,
  resourceDownload,
  saveComment,
  saveMark,
  setCollected,
  toggleAdmire,
} from './service';

/** Paging fields of a page call, with the row's default size. */
const paging = (pageSize: number) => ({
  pageCurrent: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(pageSize),
});

const courseQuery = z.object({ courseId: z.uuid() });
const idQuery = z.object({ id: z.uuid() });
const courseTarget = z.literal('course').optional();
const targetType = z.enum(['course', 'task', 'project']);

/** `delete?id`: the id may come in the query (as the spec writes it) or in the JSON body. */
function idOfBodyOrQuery(ctx: AuthContext, bodyId: string | undefined): string {
  if (bodyId) return bodyId;
  const parsed = z.uuid().safeParse(ctx.c.req.query('id'));
  if (parsed.success) return parsed.data;
  const missing = ctx.c.req.query('id') === undefined;
  throw new ApiError(Code.INVALID, missing ? 'invalid.missing' : 'invalid.field', null, { field: 'id' });
}

export const courseRoutes = {
  categoryList: authRoute({
    handle: (ctx) => categoryTree(ctx),
  }),
  coursePage: authRoute({
    input: z.object({
      ...paging(8),
      categoryId: z.uuid().optional(),
      keyword: z.string().max(100).optional(),
      learningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
      collected: z.boolean().optional(),
      courseType: z.union([z.literal(1), z.literal(2)]).optional(),
      sort: z.enum(['new', 'hot', 'rating']).optional(),
    }),
    handle: (ctx, input) => coursePage(ctx, input),
  }),
  courseLecturerPage: authRoute({
    input: z.object({ ...paging(8), lecturerId: z.uuid() }),
    handle: (ctx, input) => lecturerCoursePage(ctx, input),
  }),
  courseCount: authRoute({
    input: z.object({ categoryId: z.uuid().optional(), keyword: z.string().max(100).optional() }),
    handle: (ctx, input) => courseCount(ctx, input),
  }),
  courseView: authRoute({
    input: courseQuery,
    handle: (ctx, { courseId }) => courseView(ctx, courseId),
  }),
  coursePurchaseState: authRoute({
    input: courseQuery,
    handle: (ctx, { courseId }) => coursePurchaseState(ctx, courseId),
  }),
  coursePurchaseApply: authRoute({
    input: z.object({ courseId: z.uuid(), note: z.string().max(1000).optional() }),
    handle: (ctx, input) => coursePurchaseApply(ctx, input),
  }),
  coursePurchaseRequestPage: authRoute({
    input: z.object({ ...paging(10), courseId: z.uuid().optional(), status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional() }),
    handle: (ctx, input) => coursePurchaseRequestPage(ctx, input),
  }),
  coursePurchaseDecide: authRoute({
    input: z.object({ id: z.uuid(), approve: z.boolean(), reason: z.string().max(1000).optional() }),
    handle: (ctx, input) => coursePurchaseDecide(ctx, input),
  }),
  chapterPeriodList: authRoute({
    input: courseQuery,
    handle: (ctx, { courseId }) => chapterPeriodTree(ctx, courseId),
  }),
  courseCommentPage: authRoute({
    input: z.object({ ...paging(10), targetId: z.uuid(), targetType: courseTarget }),
    handle: (ctx, input) => commentPage(ctx, input),
  }),
  courseCommentSave: authRoute({
    input: z.object({ targetId: z.uuid(), targetType: courseTarget, content: z.string() }),
    handle: (ctx, input) => saveComment(ctx, input),
  }),
  courseCommentDelete: authRoute({
    input: z.object({ id: z.uuid().optional() }),
    handle: (ctx, input) => deleteComment(ctx, idOfBodyOrQuery(ctx, input.id)),
  }),
  courseAdmire: authRoute({
    input: z.object({ courseId: z.uuid() }),
    handle: (ctx, { courseId }) => toggleAdmire(ctx, courseId),
  }),
  courseMarkSave: authRoute({
    input: z.object({ targetId: z.uuid(), score: z.number() }),
    handle: (ctx, input) => saveMark(ctx, input),
  }),
  collectionSave: authRoute({
    input: z.object({ targetType, targetId: z.uuid() }),
    handle: (ctx, input) => setCollected(ctx, input, true),
  }),
  collectionDelete: authRoute({
    input: z.object({ targetType, targetId: z.uuid() }),
    handle: (ctx, input) => setCollected(ctx, input, false),
  }),
  coursewareList: authRoute({
    input: courseQuery,
    handle: (ctx, { courseId }) => coursewareList(ctx, courseId),
  }),
  coursewareDownload: authRoute({
    input: idQuery,
    handle: (ctx, { id }) => coursewareDownload(ctx, id),
  }),
  coursewareWatermarkDownload: authRoute({
    input: idQuery,
    handle: (ctx, { id }) => coursewareWatermarkDownload(ctx, id),
  }),
  coursewarePreview: authRoute({
    input: z.object({ id: z.uuid().optional(), resourceId: z.uuid().optional(), courseId: z.uuid().optional() }),
    handle: (ctx, input) => coursewarePreview(ctx, input),
  }),
  resourceLibraryDownload: authRoute({
    input: z.object({ id: z.uuid(), courseId: z.uuid().optional() }),
    handle: (ctx, { id, courseId }) => resourceDownload(ctx, id, courseId),
  }),
} satisfies Partial<RouteTable>;
