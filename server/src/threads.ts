/**
 * Comment threads, shared by every module whose objects take comments with replies
 * (announcements, community posts): a page of a target's comments newest first with their
 * replies oldest first, writing, replying and deleting one's own. Texts are stored as given (trimmed); the site escapes them on display.
 * Each module decides who may see and comment on its targets and passes that in.
 */
import { Code } from '@/api/codes';
import { COMMENT_MAX_LENGTH, type AnnouncementComment, type AnnouncementReply } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import type { Member } from './db/access';
import type { CommentThreads } from './db/access/comments';
import { ApiError } from './envelope';
import { offsetOf, pageResult, type Paging } from './paging';

/** 'Comment on failure!': the target or the comment answered is gone or out of reach. */
export const commentFailed = () => new ApiError(Code.NOT_FOUND, 'learning.commentFailed');
const deleteFailed = (code: number) => new ApiError(code, 'learning.deleteFailed');

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


const iso = (value: Date | string) => new Date(value).toISOString();

/** A page of a target's comments with their replies; `mine` marks those of `memberId` (none when signed out). */
export async function threadPage(
  threads: CommentThreads,
  targetId: string,
  paging: Paging,
  memberId?: string,
): Promise<PageResult<AnnouncementComment>> {
  const { rows, total } = await threads.page(targetId, offsetOf(paging), paging.pageSize);
  const replies = await threads.replies(targetId, rows.map((r) => r.id));
  const repliesOf = new Map<string, AnnouncementReply[]>();
  for (const r of replies) {
    const list = repliesOf.get(r.commentId) ?? [];
    list.push({ ...r, createdAt: iso(r.createdAt), mine: r.enterpriseUserId === memberId });
    repliesOf.set(r.commentId, list);
  }
  const list = rows.map(({ total: _total, ...c }) => ({
    ...c,
    createdAt: iso(c.createdAt),
    mine: c.enterpriseUserId === memberId,
    replies: repliesOf.get(c.id) ?? [],
  }));
  return pageResult(list, paging, total);
}

/** A new comment of `member` on a target the caller has already been let at. */
export async function threadComment(
  threads: CommentThreads,
  member: Member,
  targetId: string,
  rawContent: string,
): Promise<AnnouncementComment> {
  const content = commentContent(rawContent);
  const row = await threads.insert({ targetId, memberId: member.id, content });
  return {
    id: row.id,
    content,
    enterpriseUserId: member.id,
    userName: member.userName,
    headPortrait: member.headPortrait,
    createdAt: iso(row.createdAt),
    mine: true,
    replies: [],
  };
}

/**
 * A reply to a comment; with `replyId`, it answers that reply (and names its author). `open`
 * throws when the caller may not comment on the comment's target.
 */
export async function threadReply(
  threads: CommentThreads,
  member: Member,
  body: { commentId: string; replyId?: string; content: string },
  open: (targetId: string) => Promise<void>,
): Promise<AnnouncementReply> {
  const content = commentContent(body.content);
  const comment = await threads.comment(body.commentId);
  if (!comment || comment.parentId !== null) throw commentFailed();
  await open(comment.targetId);
  let answered: { memberId: string; name: string } | undefined;
  if (body.replyId) {
    const found = await threads.comment(body.replyId);
    if (!found || found.parentId !== comment.id) throw commentFailed();
    answered = { memberId: found.enterpriseUserId, name: found.userName };
  }
  const row = await threads.insert({
    targetId: comment.targetId,
    memberId: member.id,
    content,
    parentId: comment.id,
    replyToMemberId: answered?.memberId,
  });
  return {
    id: row.id,
    commentId: comment.id,
    content,
    enterpriseUserId: member.id,
    userName: member.userName,
    headPortrait: member.headPortrait,
    replyToName: answered?.name ?? '',
    createdAt: iso(row.createdAt),
    mine: true,
  };
}

/**
 * Deletes the caller's own comment (with its replies) or reply; `kind` says which the id must
 * be ('any': either). `visible` tells whether the caller may see the comment's target.
 */
export async function threadDelete(
  threads: CommentThreads,
  memberId: string,
  id: string,
  kind: 'comment' | 'reply' | 'any',
  visible: (targetId: string) => Promise<boolean>,
): Promise<null> {
  const row = await threads.comment(id);
  if (!row || (kind !== 'any' && (kind === 'comment') !== (row.parentId === null))) throw deleteFailed(Code.NOT_FOUND);
  if (!(await visible(row.targetId))) throw deleteFailed(Code.NOT_FOUND);
  if (row.enterpriseUserId !== memberId) throw deleteFailed(Code.FORBIDDEN);
  if (!(await threads.remove(memberId, row))) throw deleteFailed(Code.NOT_FOUND);
  return null;
}
