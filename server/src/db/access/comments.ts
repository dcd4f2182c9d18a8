/** Comment threads' rows: the comments of one target type, with their replies, for every module whose objects take comments. */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { comments, enterpriseUsers } from '../schema';
import { targetRows } from './rows';

const replyTo = alias(enterpriseUsers, 'reply_to');

/** The comment rows of enterprise `eid` on targets of one type. */
function commentThreads(db: Db, eid: string, targetType: string) {
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

/** The comment threads of enterprise `eid`, by target type (`scoped(db, eid).comments.of('post')`). */
export function commentQueries(db: Db, eid: string) {
  return { of: (targetType: string): CommentThreads => commentThreads(db, eid, targetType) };
}
