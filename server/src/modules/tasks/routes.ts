/** Handlers of the study task rows of the back office (administrators). */
import { z } from 'zod';
import { taskFilterSchema, taskProgressFilterSchema, taskSaveSchema } from '@/lib/schemas/task';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import { crmTaskDelete, crmTaskPage, crmTaskProgress, crmTaskProgressExport, crmTaskRemind, crmTaskSave, crmTaskView } from './crm';

const byId = z.object({ id: z.uuid() });

export const crmTaskRoutes = {
  crmTaskPage: authRoute({ input: z.object({ ...pagingFields('crmTaskPage'), ...taskFilterSchema.shape }), handle: (ctx, body) => crmTaskPage(ctx, body) }),
  crmTaskView: authRoute({ input: byId, handle: (ctx, { id }) => crmTaskView(ctx, id) }),
  crmTaskSave: authRoute({ input: taskSaveSchema, handle: (ctx, body) => crmTaskSave(ctx, body) }),
  crmTaskDelete: authRoute({ input: byId, handle: (ctx, { id }) => crmTaskDelete(ctx, id) }),
  crmTaskProgress: authRoute({
    input: z.object({ ...pagingFields('crmTaskProgress'), id: z.uuid(), ...taskProgressFilterSchema.shape }),
    handle: (ctx, body) => crmTaskProgress(ctx, body),
  }),
  crmTaskProgressExport: authRoute({ input: byId.extend(taskProgressFilterSchema.shape), handle: (ctx, body) => crmTaskProgressExport(ctx, body) }),
  crmTaskRemind: authRoute({ input: byId, handle: (ctx, { id }) => crmTaskRemind(ctx, id) }),
} satisfies Partial<RouteTable>;
