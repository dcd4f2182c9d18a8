/**
 * Comments on announcements, with replies (kept in `comments`, target type 'announcement';
 * the thread rules are shared, see `threads.ts`): only on announcements the caller may see,
 * and only where the announcement takes comments.
 */
import { Code } from '@/api/codes';
import type {
  AnnouncementComment,
  AnnouncementCommentPageBody,
  AnnouncementCommentSaveBody,
  AnnouncementReply,
  AnnouncementReplySaveBody,
} from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import type { Paging } from '../../paging';
import { ANNOUNCEMENT_TARGET } from '../../db/access/announcements';
import { commentContent, commentFailed, threadComment, threadDelete, threadPage, threadReply } from '../../threads';
import { scoped } from '../../db/access';

function scopeOf(ctx: AuthContext) {
  return scoped(ctx.db, ctx.tenant.id).announcements;
}

function threadsOf(ctx: AuthContext) {
  return scoped(ctx.db, ctx.tenant.id).comments.of(ANNOUNCEMENT_TARGET);
}

/** An announcement the caller may see and comment on. */
async function openTarget(ctx: AuthContext, announcementId: string): Promise<void> {
  const target = await scopeOf(ctx).commentTarget(ctx.member.id, announcementId);
  if (!target) throw commentFailed();
  if (!target.allowComment) throw new ApiError(Code.FORBIDDEN, 'message.commentsClosed');
}

export async function announcementCommentPage(
  ctx: AuthContext,
  body: Paging & Pick<AnnouncementCommentPageBody, 'announcementId'>,
): Promise<PageResult<AnnouncementComment>> {
  if (!(await scopeOf(ctx).commentTarget(ctx.member.id, body.announcementId))) throw new ApiError(Code.NOT_FOUND, 'message.notFound');
  return threadPage(threadsOf(ctx), body.announcementId, body, ctx.member.id);
}

export async function announcementCommentSave(ctx: AuthContext, body: AnnouncementCommentSaveBody): Promise<AnnouncementComment> {
  commentContent(body.content);
  await openTarget(ctx, body.announcementId);
  return threadComment(threadsOf(ctx), ctx.member, body.announcementId, body.content);
}

/** A reply to a comment; with `replyId`, it answers that reply (and names its author). */
export function announcementReplySave(ctx: AuthContext, body: AnnouncementReplySaveBody): Promise<AnnouncementReply> {
  return threadReply(threadsOf(ctx), ctx.member, body, (announcementId) => openTarget(ctx, announcementId));
}

/** Deletes the caller's own comment (with its replies) or, with `reply`, their own reply. */
export function announcementCommentDelete(ctx: AuthContext, id: string, kind: 'comment' | 'reply'): Promise<null> {
  return threadDelete(threadsOf(ctx), ctx.member.id, id, kind, async (announcementId) =>
    Boolean(await scopeOf(ctx).commentTarget(ctx.member.id, announcementId)),
  );
}
