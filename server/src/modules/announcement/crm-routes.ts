/** Handlers of the back office's announcements and messages (administrators). */
import { z } from 'zod';
import { NOTICE_KEYWORD_MAX, NOTICE_STATES, noticeMessageSchema, noticeSaveSchema } from '@/lib/schemas/notice';
import { pagingFields } from '../../paging';
import { authRoute, type RouteTable } from '../../routing';
import { noticeMessageSend, noticeRecipientSearch } from './crm-messages';
import { noticeDelete, noticePage, noticePin, noticePublish, noticeSave, noticeUnpublish, noticeView } from './crm-notices';
import { noticeReadExport, noticeReadPage, noticeReadStats } from './crm-reads';

const keyword = z.string().trim().max(NOTICE_KEYWORD_MAX).optional();
const byId = z.object({ id: z.uuid() });
const readerFilters = { id: z.uuid(), read: z.boolean().optional(), keyword };

export const announcementCrmRoutes = {
  noticePage: authRoute({
    input: z.object({
      ...pagingFields('noticePage'),
      keyword,
      state: z.enum(NOTICE_STATES).optional(),
      pinned: z.boolean().optional(),
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
    }),
    handle: (ctx, body) => noticePage(ctx, body),
  }),
  noticeView: authRoute({ input: byId, handle: (ctx, query) => noticeView(ctx, query.id) }),
  noticeSave: authRoute({ input: noticeSaveSchema, handle: (ctx, body) => noticeSave(ctx, body) }),
  noticePublish: authRoute({ input: byId, handle: (ctx, body) => noticePublish(ctx, body.id) }),
  noticeUnpublish: authRoute({ input: byId, handle: (ctx, body) => noticeUnpublish(ctx, body.id) }),
  noticePin: authRoute({
    input: z.object({ id: z.uuid(), pinned: z.boolean() }),
    handle: (ctx, body) => noticePin(ctx, body.id, body.pinned),
  }),
  noticeDelete: authRoute({ input: byId, handle: (ctx, body) => noticeDelete(ctx, body.id) }),
  noticeReadStats: authRoute({ input: byId, handle: (ctx, query) => noticeReadStats(ctx, query.id) }),
  noticeReadPage: authRoute({
    input: z.object({ ...pagingFields('noticeReadPage'), ...readerFilters }),
    handle: (ctx, body) => noticeReadPage(ctx, body),
  }),
  noticeReadExport: authRoute({ input: z.object(readerFilters), handle: (ctx, body) => noticeReadExport(ctx, body) }),
  noticeMessageSend: authRoute({ input: noticeMessageSchema, handle: (ctx, body) => noticeMessageSend(ctx, body) }),
  noticeRecipientSearch: authRoute({
    input: z.object({ keyword: z.string().trim().max(NOTICE_KEYWORD_MAX).default('') }),
    handle: (ctx, body) => noticeRecipientSearch(ctx, body.keyword),
  }),
} satisfies Partial<RouteTable>;
