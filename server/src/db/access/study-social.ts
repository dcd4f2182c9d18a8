/** Ratings, likes, collections and comments on study tasks and projects. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { RowWindow } from '../../paging';
import { collections, comments, enterpriseUsers, likes, ratings } from '../schema';
import { targetRows } from './rows';
import type { StudyTarget } from './study-stats';

/** A member's ratings, likes, collections and comments on study tasks and projects. */
export function studySocialQueries(db: Db, eid: string) {
  return {

    async rating(targetType: StudyTarget, targetId: string, memberId: string) {
      const [row] = await db
        .select({
          rating: sql<number>`coalesce(round(avg(${ratings.score})::numeric, 1), 0)::float8`.mapWith(Number),
          ratingCount: count(),
          myRating: sql<number>`coalesce(max(case when ${ratings.enterpriseUserId} = ${memberId} then ${ratings.score} end), 0)::int`.mapWith(Number),
        })
        .from(ratings)
        .where(targetRows(ratings, eid, targetType, targetId));
      return { rating: row?.rating ?? 0, ratingCount: row?.ratingCount ?? 0, myRating: row?.myRating ?? 0 };
    },

    async saveRating(targetType: StudyTarget, targetId: string, memberId: string, score: number) {
      await db
        .insert(ratings)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId, score })
        .onConflictDoUpdate({
          target: [ratings.targetType, ratings.targetId, ratings.enterpriseUserId],
          set: { score, createdAt: sql`now()` },
        });
    },

    async isCollected(targetType: StudyTarget, targetId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(collections)
        .where(targetRows(collections, eid, targetType, targetId, memberId));
      return (row?.n ?? 0) > 0;
    },

    async collect(targetType: StudyTarget, targetId: string, memberId: string, on: boolean) {
      if (on) {
        await db
          .insert(collections)
          .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId })
          .onConflictDoNothing();
      } else {
        await db
          .delete(collections)
          .where(targetRows(collections, eid, targetType, targetId, memberId));
      }
    },

    async likeState(targetType: StudyTarget, targetId: string, memberId: string) {
      const [row] = await db
        .select({
          admireCount: count(),
          admired: sql<boolean>`coalesce(bool_or(${likes.enterpriseUserId} = ${memberId}), false)`,
        })
        .from(likes)
        .where(targetRows(likes, eid, targetType, targetId));
      return { admired: Boolean(row?.admired), admireCount: row?.admireCount ?? 0 };
    },

    /** Toggles the member's like; true when the target is liked afterwards. */
    async toggleLike(targetType: StudyTarget, targetId: string, memberId: string): Promise<boolean> {
      const removed = await db
        .delete(likes)
        .where(targetRows(likes, eid, targetType, targetId, memberId))
        .returning({ id: likes.targetId });
      if (removed.length > 0) return false;
      await db
        .insert(likes)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId })
        .onConflictDoNothing();
      return true;
    },

    async commentPage(targetType: StudyTarget, targetId: string, paging: RowWindow) {
      const where = targetRows(comments, eid, targetType, targetId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ comment: comments, userName: enterpriseUsers.userName, headPortrait: enterpriseUsers.headPortrait })
          .from(comments)
          .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
          .where(where)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(comments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async commentById(id: string) {
      const [row] = await db
        .select({ comment: comments, userName: enterpriseUsers.userName, headPortrait: enterpriseUsers.headPortrait })
        .from(comments)
        .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id)));
      return row;
    },

    async insertComment(targetType: StudyTarget, targetId: string, memberId: string, content: string) {
      const [row] = await db
        .insert(comments)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId, content })
        .returning();
      return row!;
    },

    async deleteComment(id: string, memberId: string): Promise<boolean> {
      const rows = await db
        .delete(comments)
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id), eq(comments.enterpriseUserId, memberId)))
        .returning({ id: comments.id });
      return rows.length > 0;
    },
  };
}
