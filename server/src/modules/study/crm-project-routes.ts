/** Handlers of the back office's study project rows of the call table (administrators). */
import { z } from 'zod';
import { projectDecideSchema, projectFilterSchema, projectMemberFilterSchema, projectSaveSchema } from '@/lib/schemas/project';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import {
  crmProjectCertificateOptions,
  crmProjectDecide,
  crmProjectDelete,
  crmProjectMembers,
  crmProjectPage,
  crmProjectSave,
  crmProjectView,
} from './crm-projects';

const byId = z.object({ id: z.uuid() });

export const crmProjectRoutes = {
  crmProjectPage: authRoute({ input: z.object({ ...pagingFields('crmProjectPage'), ...projectFilterSchema.shape }), handle: (ctx, body) => crmProjectPage(ctx, body) }),
  crmProjectView: authRoute({ input: byId, handle: (ctx, { id }) => crmProjectView(ctx, id) }),
  crmProjectSave: authRoute({ input: projectSaveSchema, handle: (ctx, body) => crmProjectSave(ctx, body) }),
  crmProjectDelete: authRoute({ input: byId, handle: (ctx, { id }) => crmProjectDelete(ctx, id) }),
  crmProjectCertificateOptions: authRoute({ handle: (ctx) => crmProjectCertificateOptions(ctx) }),
  crmProjectMembers: authRoute({
    input: z.object({ ...pagingFields('crmProjectMembers'), ...projectMemberFilterSchema.shape }),
    handle: (ctx, body) => crmProjectMembers(ctx, body),
  }),
  crmProjectDecide: authRoute({ input: projectDecideSchema, handle: (ctx, body) => crmProjectDecide(ctx, body) }),
} satisfies Partial<RouteTable>;
