/** Handlers of the data rows of the call table. Data: learners' progress, exports and the download centre's records. */
import { z } from 'zod';
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type AuthContext, type RouteTable } from '../../routing';
import { exportFileDownload, exportRecordDownloadUrl } from './downloads';
import { exportRecordPage, progressExport, studyExport } from './exports';
import { pagingFields } from '../../paging';
import { courseProgressPage } from './progress';
import { exportRecordAllDelete, exportRecordDelete } from './records';

const progressFilters = {
  courseId: z.uuid().optional(),
  learningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
};

/** `delete?id`: the record's id in the query, as the spec writes it, or in the JSON body. */
function recordIdOf(ctx: AuthContext, bodyId: string | undefined): string {
  if (bodyId) return bodyId;
  const raw = ctx.c.req.query('id');
  const parsed = z.uuid().safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new ApiError(Code.INVALID, raw === undefined ? 'invalid.missing' : 'invalid.field', null, { field: 'id' });
}

export const dataRoutes = {
  courseProgressPage: authRoute({
    input: z.object({ ...pagingFields('courseProgressPage'), ...progressFilters }),
    handle: (ctx, { pageCurrent, pageSize, ...filters }) => courseProgressPage(ctx, filters, { pageCurrent, pageSize }),
  }),
  progressExport: authRoute({
    input: z.object(progressFilters),
    handle: (ctx, filters) => progressExport(ctx, filters),
  }),
  studyExport: authRoute({
    handle: (ctx) => studyExport(ctx),
  }),
  exportRecordPage: authRoute({
    input: z.object(pagingFields('exportRecordPage')),
    handle: (ctx, paging) => exportRecordPage(ctx, paging),
  }),
  exportRecordDownloadUrl: authRoute({
    input: z.object({ id: z.uuid() }),
    handle: (ctx, { id }) => exportRecordDownloadUrl(ctx, id),
  }),
  exportFileDownload: publicRoute({
    input: z.object({ id: z.uuid(), exp: z.string().max(32).optional(), sig: z.string().max(256).optional() }),
    handle: (ctx, input) => exportFileDownload(ctx, input),
  }),
  exportRecordDelete: authRoute({
    input: z.object({ id: z.uuid().optional() }),
    handle: (ctx, input) => exportRecordDelete(ctx, recordIdOf(ctx, input.id)),
  }),
  exportRecordAllDelete: authRoute({
    handle: (ctx) => exportRecordAllDelete(ctx),
  }),
} satisfies Partial<RouteTable>;
