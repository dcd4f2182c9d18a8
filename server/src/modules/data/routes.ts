/** Handlers of the data rows of the call table. Data: learners' progress, exports and the download centre's records. */
import { z } from 'zod';
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { exportFileDownload, exportRecordDownloadUrl } from './downloads';
import { exportRecordPage, progressExport, studyExport } from './exports';
import { pagingFields } from './paging';
import { courseProgressPage } from './progress';

const progressFilters = {
  courseId: z.uuid().optional(),
  learningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
};

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
  // TODO(scaffold): replaced by the real handlers before this lands.
  exportRecordDelete: authRoute({ handle: () => Promise.reject(new ApiError(Code.INTERNAL, 'internal')) }),
  exportRecordAllDelete: authRoute({ handle: () => Promise.reject(new ApiError(Code.INTERNAL, 'internal')) }),
} satisfies Partial<RouteTable>;
