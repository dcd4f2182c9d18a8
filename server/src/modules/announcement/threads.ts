/**
 * Comment threads, shared by every module whose objects take comments with replies
 * (announcements, community posts): the rows of `comments` of one target type, a page of a
 * target's comments newest first with their replies oldest first, writing, replying and
 * deleting one's own. Texts are stored as given (trimmed); the site escapes them on display.
 * Each module decides who may see and comment on its targets and passes that in.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Code } from '@/api/codes';
import { COMMENT_MAX_LENGTH, type AnnouncementComment, type AnnouncementReply } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import type { Member } from '../../db/access';
import type { Db } from '../../db/client';
import { comments, enterpriseUsers } from '../../db/schema';
import { ApiError } from '../../envelope';
import { targetRows } from '../../db/access/rows';
import { offsetOf, pageResult, type Paging } from '../../paging';

const replyTo = alias(enterpriseUsers, 'reply_to');

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

/** The comment rows of enterprise `eid` on targets of one type. */
export function commentThreads(db: Db, eid: string, targetType: string) {
  const author = and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid));
  return {
    /** A page of a target's comments (newest first) and the total, in one query. */
    async page(targetId: string, offset: number, limit: number) {
      const where = and(targetRows(comments, eid, targetType, targetId), isNull(comments.parentId));
      const rows = await db
        .select({
          id: comments.id,
          content: comments.content,
          enterpriseUserId: comments.enterpriseUserId,
          userName: enterpriseUsers.userName,
          headPortrait: enterpriseUsers.headPortrait,
          createdAt: comments.createdAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(comments)
        .innerJoin(enterpriseUsers, author)
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .offset(offset)
        .limit(limit);
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      // Past the last page: the total still has to be told.
      const [all] = await db.select({ n: count() }).from(comments).where(where);
      return { rows, total: all?.n ?? 0 };
    },

    /** The replies of some comments of one target, oldest first. */
    async replies(targetId: string, commentIds: string[]) {
      if (commentIds.length === 0) return [];
      return db
        .select({
          id: comments.id,
          commentId: sql<string>`${comments.parentId}`,
          content: comments.content,
          enterpriseUserId: comments.enterpriseUserId,
          userName: enterpriseUsers.userName,
          headPortrait: enterpriseUsers.headPortrait,
          replyToName: sql<string>`coalesce(${replyTo.userName}, '')`,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .innerJoin(enterpriseUsers, author)
        .leftJoin(replyTo, and(eq(replyTo.id, comments.replyToMemberId), eq(replyTo.enterpriseId, eid)))
        .where(and(targetRows(comments, eid, targetType, targetId), inArray(comments.parentId, commentIds)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
    },

    /** A comment (no `parentId`) or reply of this target type and enterprise. */
    async comment(id: string) {
      const [row] = await db
        .select({
          id: comments.id,
          targetId: comments.targetId,
          parentId: comments.parentId,
          enterpriseUserId: comments.enterpriseUserId,
          userName: enterpriseUsers.userName,
        })
        .from(comments)
        .innerJoin(enterpriseUsers, author)
        .where(and(eq(comments.enterpriseId, eid), eq(comments.targetType, targetType), eq(comments.id, id)));
      return row;
    },

    async insert(values: { targetId: string; memberId: string; content: string; parentId?: string; replyToMemberId?: string }) {
      const [row] = await db
        .insert(comments)
        .values({
          enterpriseId: eid,
          targetType,
          targetId: values.targetId,
          parentId: values.parentId ?? null,
          enterpriseUserId: values.memberId,
          replyToMemberId: values.replyToMemberId ?? null,
          content: values.content,
        })
        .returning({ id: comments.id, createdAt: comments.createdAt });
      return row!;
    },

    /** Deletes the caller's own comment with its replies, or their own reply; answers whether it did. */
    async remove(memberId: string, row: { id: string; targetId: string; parentId: string | null }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(comments)
          .where(and(targetRows(comments, eid, targetType, row.targetId, memberId), eq(comments.id, row.id)))
          .returning({ id: comments.id });
        if (deleted.length > 0 && row.parentId === null) {
          await tx.delete(comments).where(and(targetRows(comments, eid, targetType, row.targetId), eq(comments.parentId, row.id)));
        }
        return deleted.length > 0;
      });
    },
  };
}

export type CommentThreads = ReturnType<typeof commentThreads>;

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
