/** Handlers of the player rows of the call table. The player: opening a period, heartbeats and progress the gateway computes, course exams. */
import { z } from 'zod';
import { authRoute, type RouteTable } from '../../routing';
import {
  courseConfig,
  getTaskIsOk,
  imageTextWatch,
  progressCheckResource,
  progressGet,
  progressResource,
  reportProgress,
  resourceWatch,
  saveExamTaskByCourseId,
} from './service';

const id = z.uuid();
/** Media seconds; far beyond any medium, so clipping (not validation) handles odd values. */
const seconds = z.number().min(-1e6).max(1e7);

const watchInput = z.object({
  courseId: id,
  itemId: id,
  studyTaskId: id.optional(),
  projectId: id.optional(),
});

const report = z.object({
  watchId: id,
  intervals: z.array(z.tuple([seconds, seconds])).max(500),
  position: seconds,
  /** Pages of a document shown for the course's minimum time each; the gateway keeps only pages the document has. */
  pages: z.array(z.number().int().min(1).max(100_000)).max(1000).optional(),
});

export const playerRoutes = {
  resourceWatch: authRoute({
    input: watchInput,
    handle: (ctx, body) => resourceWatch(ctx, body),
  }),
  imageTextWatch: authRoute({
    input: z.object({ courseId: id, itemId: id }),
    handle: (ctx, query) => imageTextWatch(ctx, query),
  }),
  courseConfig: authRoute({
    input: z.object({ courseId: id, studyTaskId: id.optional() }),
    handle: (ctx, query) => courseConfig(ctx, query),
  }),
  resourceLogUpdate: authRoute({
    input: report,
    handle: (ctx, body) => reportProgress(ctx, body),
  }),
  progressGet: authRoute({
    input: z.object({ courseId: id, studyTaskId: id.optional() }),
    handle: (ctx, query) => progressGet(ctx, query),
  }),
  progressResource: authRoute({
    input: z.object({ itemId: id }),
    handle: (ctx, query) => progressResource(ctx, query),
  }),
  progressSave: authRoute({
    input: report,
    handle: (ctx, body) => reportProgress(ctx, body),
  }),
  progressCheckResource: authRoute({
    input: watchInput,
    handle: (ctx, query) => progressCheckResource(ctx, query),
  }),
  saveExamTaskByCourseId: authRoute({
    input: z.object({
      courseId: id,
      itemId: id,
      examId: id,
      // Accepted as older clients send it (the spec's default 1), and ignored: the gateway decides the type.
      type: z.number().int().min(1).max(9).optional(),
    }),
    handle: (ctx, { courseId, itemId, examId }) => saveExamTaskByCourseId(ctx, { courseId, itemId, examId }),
  }),
  getTaskIsOk: authRoute({
    input: z.object({ taskId: id }),
    handle: (ctx, query) => getTaskIsOk(ctx, query),
  }),
} satisfies Partial<RouteTable>;
