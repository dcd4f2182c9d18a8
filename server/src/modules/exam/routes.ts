/** Handlers of the exam rows of the call table: the exam centre, papers, marking and reservations. */
import { z } from 'zod';
import { authRoute, type AuthContext, type RouteTable } from '../../routing';
import { invalidInput } from '../../validation';
import { MAX_PAGE_SIZE, pagingFields } from '../../paging';
import { examBatchDelete, examBatchList, examBatchSave } from './batches';
import { examMarkAnswer, examMarkingPage } from './marking';
import {
  examAnswerSave,
  examFinish,
  examFinishView,
  examPaperView,
  examScreenSwitch,
  examStart,
  MAX_TEXT_LENGTH,
} from './papers';
import {
  examPaperPage,
  examTaskExport,
  examTaskGetRecord,
  examTaskPage,
  examTaskRecordCount,
  examTaskRecordPage,
  examTaskView,
} from './tasks';

const id = z.uuid();
const examStatus = z.number().int().min(0).max(4);
const taskFilters = {
  status: examStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
};
/** A number given in a query string (or as a JSON number). */
const queryNumber = z.union([z.number(), z.string().trim().min(1).transform(Number)]).pipe(z.number());

/**
 * Input of a row that takes its parameters in the query string although it is not a GET (the
 * spec's `update/paper/answer?id&mark` and `reservation/delete?id`); a JSON body may carry them too.
 */
async function queryInput<S extends z.ZodType>(ctx: AuthContext, schema: S): Promise<z.output<S>> {
  let body: unknown = {};
  const text = await ctx.c.req.text().catch(() => '');
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = {};
    }
  }
  const raw = { ...(body !== null && typeof body === 'object' ? body : {}), ...ctx.c.req.query() };
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidInput(result.error.issues[0], raw);
  return result.data;
}

const markQuery = z.object({ id, mark: queryNumber });
const reservationQuery = z.object({ id });

export const examRoutes = {
  examTaskRecordPage: authRoute({
    input: z.object({ ...pagingFields('examTaskRecordPage'), ...taskFilters }),
    handle: (ctx, body) => examTaskRecordPage(ctx, body),
  }),
  examTaskRecordCount: authRoute({ handle: (ctx) => examTaskRecordCount(ctx) }),
  examTaskPage: authRoute({
    input: z.object({ ...pagingFields('examTaskPage'), ...taskFilters }),
    handle: (ctx, body) => examTaskPage(ctx, body),
  }),
  examTaskView: authRoute({ input: z.object({ id }), handle: (ctx, q) => examTaskView(ctx, q.id) }),
  examTaskExport: authRoute({ input: z.object(taskFilters), handle: (ctx, body) => examTaskExport(ctx, body) }),
  examTaskGetRecord: authRoute({
    input: z.object({ taskId: id }),
    handle: (ctx, q) => examTaskGetRecord(ctx, q.taskId),
  }),
  examStart: authRoute({ input: z.object({ taskId: id }), handle: (ctx, body) => examStart(ctx, body.taskId) }),
  examAnswerSave: authRoute({
    input: z.object({
      paperId: id,
      questionId: id,
      answer: z.array(z.string().max(MAX_TEXT_LENGTH)).max(50),
      seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
    handle: (ctx, body) => examAnswerSave(ctx, body),
  }),
  examScreenSwitch: authRoute({
    input: z.object({
      paperId: id,
      eventId: z.string().trim().min(1).max(64),
      kind: z.enum(['hidden', 'blur']),
      clientAt: z.string().max(40).optional(),
    }),
    handle: (ctx, body) => examScreenSwitch(ctx, body),
  }),
  examFinish: authRoute({ input: z.object({ paperId: id }), handle: (ctx, body) => examFinish(ctx, body.paperId) }),
  examFinishView: authRoute({
    input: z.object({ paperId: id }),
    handle: (ctx, q) => examFinishView(ctx, q.paperId),
  }),
  examPaperView: authRoute({ input: z.object({ id }), handle: (ctx, q) => examPaperView(ctx, q.id) }),
  examPaperPage: authRoute({
    input: z.object({
      ...pagingFields('examPaperPage'),
      taskId: id.optional(),
      status: z.number().int().min(0).max(2).optional(),
    }),
    handle: (ctx, body) => examPaperPage(ctx, body),
  }),
  examGetPaperRecord: authRoute({
    input: z.object({
      taskId: id,
      pageCurrent: queryNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
      pageSize: queryNumber.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(10),
    }),
    handle: (ctx, q) => examPaperPage(ctx, q),
  }),
  examMarkingPage: authRoute({
    input: z.object({ ...pagingFields('examMarkingPage'), status: z.number().int().min(1).max(2).optional() }),
    handle: (ctx, body) => examMarkingPage(ctx, body),
  }),
  examMarkAnswer: authRoute({
    handle: async (ctx) => examMarkAnswer(ctx, await queryInput(ctx, markQuery)),
  }),
  examBatchList: authRoute({
    input: z.object({ examId: id.optional() }),
    handle: (ctx, body) => examBatchList(ctx, body.examId),
  }),
  examBatchSave: authRoute({ input: z.object({ batchId: id }), handle: (ctx, body) => examBatchSave(ctx, body.batchId) }),
  examBatchDelete: authRoute({
    handle: async (ctx) => examBatchDelete(ctx, (await queryInput(ctx, reservationQuery)).id),
  }),
} satisfies Partial<RouteTable>;
