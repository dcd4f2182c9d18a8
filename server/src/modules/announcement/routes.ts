/** Handlers of the announcement and message rows of the call table, with the unread stream. */
import { z } from 'zod';
import { Code } from '@/api/codes';
import { RecordKind } from '@/api/home-types';
import { ApiError } from '../../envelope';
import { authRoute, type AuthContext, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import {
  announcementCommentDelete,
  announcementCommentPage,
  announcementCommentSave,
  announcementReplySave,
} from './comments';
import {
  announcementPage,
  announcementSave,
  messageAdmire,
  messageBatchDelete,
  messageBatchRead,
  messageReadCount,
  messageRecordPage,
  messageView,
  unreadCount,
} from './records';
import { unreadStream } from './stream';

/** The most records one batch call names. */
const MAX_BATCH = 500;

const batchBody = z.object({
  ids: z.array(z.uuid()).max(MAX_BATCH).default([]),
  all: z.boolean().optional(),
});

/** A text of an announcement: cleaned and measured by the service (the body limit bounds it here). */
const recordText = z.string().default('');

/** `…?id` of a POST row: the id may come in the query (as the spec writes it) or in the JSON body. */
const idOfQueryOrBody = z.object({ id: z.uuid().optional() });
function idOf(ctx: AuthContext, bodyId: string | undefined): string {
  if (bodyId) return bodyId;
  const raw = ctx.c.req.query('id');
  const parsed = z.uuid().safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new ApiError(Code.INVALID, raw === undefined ? 'invalid.missing' : 'invalid.field', null, { field: 'id' });
}

export const announcementRoutes = {
  announcementPage: authRoute({
    input: z.object(pagingFields('announcementPage')),
    handle: (ctx, body) => announcementPage(ctx, body),
  }),
  unreadCount: authRoute({ handle: (ctx) => unreadCount(ctx) }),
  unreadStream: authRoute({ handle: async (ctx) => unreadStream(ctx) }),
  messageRecordPage: authRoute({
    input: z.object({
      ...pagingFields('messageRecordPage'),
      kind: z.union([z.literal(RecordKind.announcement), z.literal(RecordKind.message)]).optional(),
      read: z.boolean().optional(),
    }),
    handle: (ctx, body) => messageRecordPage(ctx, body),
  }),
  messageReadCount: authRoute({ handle: (ctx) => messageReadCount(ctx) }),
  messageBatchRead: authRoute({ input: batchBody, handle: (ctx, body) => messageBatchRead(ctx, body) }),
  messageBatchDelete: authRoute({ input: batchBody, handle: (ctx, body) => messageBatchDelete(ctx, body) }),
  messageView: authRoute({ input: z.object({ id: z.uuid() }), handle: (ctx, query) => messageView(ctx, query.id) }),
  messageAdmire: authRoute({ input: idOfQueryOrBody, handle: (ctx, body) => messageAdmire(ctx, idOf(ctx, body.id)) }),
  announcementSave: authRoute({
    input: z.object({
      titleZh: recordText,
      titleEn: recordText,
      contentZh: recordText,
      contentEn: recordText,
      allowComment: z.boolean().optional(),
      pinned: z.boolean().optional(),
    }),
    handle: (ctx, body) => announcementSave(ctx, body),
  }),
  announcementCommentPage: authRoute({
    input: z.object({ ...pagingFields('announcementCommentPage'), announcementId: z.uuid() }),
    handle: (ctx, body) => announcementCommentPage(ctx, body),
  }),
  announcementCommentSave: authRoute({
    input: z.object({ announcementId: z.uuid(), content: z.string() }),
    handle: (ctx, body) => announcementCommentSave(ctx, body),
  }),
  announcementReplySave: authRoute({
    input: z.object({ commentId: z.uuid(), content: z.string(), replyId: z.uuid().optional() }),
    handle: (ctx, body) => announcementReplySave(ctx, body),
  }),
  announcementReplyDelete: authRoute({
    input: idOfQueryOrBody,
    handle: (ctx, body) => announcementCommentDelete(ctx, idOf(ctx, body.id), 'reply'),
  }),
  announcementCommentDelete: authRoute({
    input: idOfQueryOrBody,
    handle: (ctx, body) => announcementCommentDelete(ctx, idOf(ctx, body.id), 'comment'),
  }),
} satisfies Partial<RouteTable>;
