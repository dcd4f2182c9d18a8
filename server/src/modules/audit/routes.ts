/** Handlers of the audit log and "my uploads" rows of the back office. */
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import { auditPage, myUploadPage } from './service';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const auditRoutes = {
  auditPage: authRoute({
    input: z.object({
      ...pagingFields('auditPage'),
      objectType: z.string().trim().max(32).optional(),
      action: z.string().trim().max(32).optional(),
      keyword: z.string().trim().max(50).optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    handle: (ctx, body) => auditPage(ctx, body),
  }),
  myUploadPage: authRoute({
    input: z.object(pagingFields('myUploadPage')),
    handle: (ctx, body) => myUploadPage(ctx, body),
  }),
} satisfies Partial<RouteTable>;
