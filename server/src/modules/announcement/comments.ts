/**
 * Comments on announcements, with replies (kept in `comments`, target type 'announcement'):
 * a page of comments newest first, each with its replies oldest first; writing, replying and
 * deleting one's own. Texts are stored as given (trimmed); the site escapes them on display.
 */
import { Code } from '@/api/codes';
import {
  COMMENT_MAX_LENGTH,
  type AnnouncementComment,
  type AnnouncementCommentPageBody,
  type AnnouncementCommentSaveBody,
  type AnnouncementReply,
  type AnnouncementReplySaveBody,
} from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../data/paging';
import { announcementScope } from './data';

const saveFailed = () => new ApiError(Code.NOT_FOUND, 'learning.commentFailed');
const deleteFailed = (code: number) => new ApiError(code, 'learning.deleteFailed');

function scopeOf(ctx: AuthContext) {
  return announcementScope(ctx.db, ctx.tenant.id);
}

/**
 * A comment's text as stored: trimmed, 1 to {@link COMMENT_MAX_LENGTH} characters (code points,
 * as the comment box counts them).
 */
export function commentContent(content: string): string {
  const text = content.trim();
  if (text === '') throw new ApiError(Code.INVALID, 'learning.commentEmpty');
  if ([...text].length > COMMENT_MAX_LENGTH) {
    throw new ApiError(Code.INVALID, 'message.commentTooLong', null, { max: COMMENT_MAX_LENGTH });
  }
  return text;
}

/** An announcement the caller may see and comment on. */
async function openTarget(ctx: AuthContext, announcementId: string): Promise<void> {
  const target = await scopeOf(ctx).commentTarget(ctx.member.id, announcementId);
  if (!target) throw saveFailed();
  if (!target.allowComment) throw new ApiError(Code.FORBIDDEN, 'message.commentsClosed');
}

export async function announcementCommentPage(
  ctx: AuthContext,
  body: Paging & Pick<AnnouncementCommentPageBody, 'announcementId'>,
): Promise<PageResult<AnnouncementComment>> {
  const scope = scopeOf(ctx);
  if (!(await scope.commentTarget(ctx.member.id, body.announcementId))) throw new ApiError(Code.NOT_FOUND, 'message.notFound');
  const { rows, total } = await scope.commentPage(body.announcementId, offsetOf(body), body.pageSize);
  const replies = await scope.replies(body.announcementId, rows.map((r) => r.id));
  const repliesOf = new Map<string, AnnouncementReply[]>();
  for (const r of replies) {
    const list = repliesOf.get(r.commentId) ?? [];
    list.push({ ...r, createdAt: new Date(r.createdAt).toISOString(), mine: r.enterpriseUserId === ctx.member.id });
    repliesOf.set(r.commentId, list);
  }
  const list = rows.map(({ total: _total, ...c }) => ({
    ...c,
    createdAt: new Date(c.createdAt).toISOString(),
    mine: c.enterpriseUserId === ctx.member.id,
    replies: repliesOf.get(c.id) ?? [],
  }));
  return pageResult(list, body, total);
}

export async function announcementCommentSave(ctx: AuthContext, body: AnnouncementCommentSaveBody): Promise<AnnouncementComment> {
  const content = commentContent(body.content);
  await openTarget(ctx, body.announcementId);
  const row = await scopeOf(ctx).insertComment({ announcementId: body.announcementId, memberId: ctx.member.id, content });
  return {
    id: row.id,
    content,
    enterpriseUserId: ctx.member.id,
    userName: ctx.member.userName,
    headPortrait: ctx.member.headPortrait,
    createdAt: new Date(row.createdAt).toISOString(),
    mine: true,
    replies: [],
  };
}

/** A reply to a comment; with `replyId`, it answers that reply (and names its author). */
export async function announcementReplySave(ctx: AuthContext, body: AnnouncementReplySaveBody): Promise<AnnouncementReply> {
  const content = commentContent(body.content);
  const scope = scopeOf(ctx);
  const comment = await scope.comment(body.commentId);
  if (!comment || comment.parentId !== null) throw saveFailed();
  await openTarget(ctx, comment.announcementId);
  let replyTo: { memberId: string; name: string } | undefined;
  if (body.replyId) {
    const answered = await scope.comment(body.replyId);
    if (!answered || answered.parentId !== comment.id) throw saveFailed();
    replyTo = { memberId: answered.enterpriseUserId, name: answered.userName };
  }
  const row = await scope.insertComment({
    announcementId: comment.announcementId,
    memberId: ctx.member.id,
    content,
    parentId: comment.id,
    replyToMemberId: replyTo?.memberId,
  });
  return {
    id: row.id,
    commentId: comment.id,
    content,
    enterpriseUserId: ctx.member.id,
    userName: ctx.member.userName,
    headPortrait: ctx.member.headPortrait,
    replyToName: replyTo?.name ?? '',
    createdAt: new Date(row.createdAt).toISOString(),
    mine: true,
  };
}

/** Deletes the caller's own comment (with its replies) or, with `reply`, their own reply. */
export async function announcementCommentDelete(ctx: AuthContext, id: string, kind: 'comment' | 'reply'): Promise<null> {
  const scope = scopeOf(ctx);
  const row = await scope.comment(id);
  if (!row || (kind === 'comment') !== (row.parentId === null)) throw deleteFailed(Code.NOT_FOUND);
  if (!(await scope.commentTarget(ctx.member.id, row.announcementId))) throw deleteFailed(Code.NOT_FOUND);
  if (row.enterpriseUserId !== ctx.member.id) throw deleteFailed(Code.FORBIDDEN);
  if (!(await scope.deleteComment(ctx.member.id, row))) throw deleteFailed(Code.NOT_FOUND);
  return null;
}
