/**
 * Data access of the community. `scoped(db, eid).community` binds every query to one
 * enterprise; what a caller did (liked, bookmarked, wrote) is read for `viewerId`, or not at
 * all for a visitor without a session. Likes and bookmarks are rows of the shared `likes` and
 * `collections` tables, comments rows of `comments`, with target type 'post' or 'answer'.
 */
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdmireTarget, PostKindValue, PostSort } from '@/api/community-types';
import { POST_EXCERPT_LENGTH } from '@/api/community-types';
import type { Db } from '../client';
import { collections, comments, communityAnswers, communityPosts, enterpriseUsers, likes } from '../schema';
import { targetRows } from './rows';
import { matchesAll } from './rows';

/** `target_type` of posts and answers in likes, collections and comments. */
export const POST_TARGET = 'post';
export const ANSWER_TARGET = 'answer';

export interface PostFilter {
  kind?: PostKindValue;
  /** Words that must each be in the title or the text. */
  terms?: string[];
  sort?: PostSort;
  /** Only the posts of this member. */
  authorId?: string;
  /** Only the posts this member bookmarked. */
  collectedBy?: string;
}

/** A page's rows (each with the `count(*) over ()` total) and the total, counted apart only past the last page. */
async function withTotal<R extends { total: number }>(rows: R[], offset: number, countAll: () => Promise<{ n: number }[]>) {
  if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  return { rows, total: (await countAll())[0]?.n ?? 0 };
}

export function communityScope(db: Db, eid: string) {
  /** Rows of `table` about the outer post or answer, counted. */
  const countOf = (table: string, targetType: string, id: SQL | typeof communityPosts.id | typeof communityAnswers.id) =>
    sql<number>`(select count(*) from ${sql.raw(table)} x where x.enterprise_id = ${eid}
      and x.target_type = ${targetType} and x.target_id = ${id})`.mapWith(Number);

  /** Whether `viewerId` has a row of `table` about the outer post or answer; false for visitors. */
  const hasOwn = (table: string, targetType: string, id: typeof communityPosts.id | typeof communityAnswers.id, viewerId?: string) =>
    viewerId
      ? sql<boolean>`exists (select 1 from ${sql.raw(table)} x where x.enterprise_id = ${eid}
          and x.target_type = ${targetType} and x.target_id = ${id} and x.enterprise_user_id = ${viewerId})`
      : sql<boolean>`false`;

  const answerCount = sql<number>`(select count(*) from ${communityAnswers} a
    where a.enterprise_id = ${eid} and a.post_id = ${communityPosts.id})`.mapWith(Number);
  const commentCount = sql<number>`(select count(*) from ${comments} c where c.enterprise_id = ${eid}
    and c.target_type = ${POST_TARGET} and c.target_id = ${communityPosts.id})`.mapWith(Number);
  const postLikes = countOf('likes', POST_TARGET, communityPosts.id);
  /** The order of "hottest": a like weighs most, then an answer or comment, then a view. */
  const heat = sql`(${postLikes} * 5 + (${answerCount} + ${commentCount}) * 3 + ${communityPosts.viewCount})`;

  const author = and(eq(enterpriseUsers.id, communityPosts.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid));

  /** A post as the caller sees it; the text whole or only its start. */
  const postFields = (viewerId: string | undefined, whole: boolean) => ({
    id: communityPosts.id,
    kind: communityPosts.kind,
    title: communityPosts.title,
    content: whole ? communityPosts.content : sql<string>`left(${communityPosts.content}, ${POST_EXCERPT_LENGTH})`,
    images: communityPosts.images,
    acceptedAnswerId: communityPosts.acceptedAnswerId,
    authorId: communityPosts.enterpriseUserId,
    userName: enterpriseUsers.userName,
    headPortrait: enterpriseUsers.headPortrait,
    createdAt: communityPosts.createdAt,
    updatedAt: communityPosts.updatedAt,
    viewCount: communityPosts.viewCount,
    admireCount: postLikes,
    collectCount: countOf('collections', POST_TARGET, communityPosts.id),
    commentCount,
    answerCount,
    admired: hasOwn('likes', POST_TARGET, communityPosts.id, viewerId),
    collected: hasOwn('collections', POST_TARGET, communityPosts.id, viewerId),
  });

  function postConditions(f: PostFilter): SQL | undefined {
    return and(
      eq(communityPosts.enterpriseId, eid),
      f.kind === undefined ? undefined : eq(communityPosts.kind, f.kind),
      f.terms?.length ? matchesAll(f.terms, [communityPosts.title, communityPosts.content]) : undefined,
      f.authorId ? eq(communityPosts.enterpriseUserId, f.authorId) : undefined,
      f.collectedBy
        ? exists(
            db
              .select({ one: sql`1` })
              .from(collections)
              .where(targetRows(collections, eid, POST_TARGET, sql`${communityPosts.id}`, f.collectedBy)),
          )
        : undefined,
    );
  }

  /** Every like, bookmark and comment about the given targets. */
  const reactionsOn = (table: typeof likes | typeof collections | typeof comments, targetType: string, ids: string[]) =>
    and(eq(table.enterpriseId, eid), eq(table.targetType, targetType), inArray(table.targetId, ids));

  const answerLikes = countOf('likes', ANSWER_TARGET, communityAnswers.id);
  /** Answers with their authors, as `viewerId` sees them, with any more fields. */
  const answers = <X extends Record<string, SQL.Aliased | SQL>>(viewerId: string | undefined, more: X) =>
    db
      .select({
        id: communityAnswers.id,
        postId: communityAnswers.postId,
        content: communityAnswers.content,
        images: communityAnswers.images,
        authorId: communityAnswers.enterpriseUserId,
        userName: enterpriseUsers.userName,
        headPortrait: enterpriseUsers.headPortrait,
        createdAt: communityAnswers.createdAt,
        updatedAt: communityAnswers.updatedAt,
        admireCount: answerLikes,
        admired: hasOwn('likes', ANSWER_TARGET, communityAnswers.id, viewerId),
        ...more,
      })
      .from(communityAnswers)
      .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, communityAnswers.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)));

  return {
    /** One page of posts matching a filter, with the total in the same query. */
    async page(viewerId: string | undefined, f: PostFilter, offset: number, limit: number) {
      const where = postConditions(f);
      const order =
        f.sort === 'hottest'
          ? [desc(heat), desc(communityPosts.createdAt), asc(communityPosts.id)]
          : [desc(communityPosts.createdAt), asc(communityPosts.id)];
      const rows = await db
        .select({ ...postFields(viewerId, false), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(communityPosts)
        .innerJoin(enterpriseUsers, author)
        .where(where)
        .orderBy(...order)
        .offset(offset)
        .limit(limit);
      return withTotal(rows, offset, () => db.select({ n: count() }).from(communityPosts).where(where));
    },

    /** One post of the company, whole. */
    async post(viewerId: string | undefined, id: string) {
      const [row] = await db
        .select(postFields(viewerId, true))
        .from(communityPosts)
        .innerJoin(enterpriseUsers, author)
        .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.id, id)));
      return row;
    },

    /** A post's stored row (for the checks before a change). */
    async postRow(id: string) {
      const [row] = await db
        .select()
        .from(communityPosts)
        .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.id, id)));
      return row;
    },

    async countView(id: string): Promise<void> {
      await db
        .update(communityPosts)
        .set({ viewCount: sql`${communityPosts.viewCount} + 1` })
        .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.id, id)));
    },

    async insertPost(values: { memberId: string; kind: PostKindValue; title: string; content: string; images: string[] }) {
      const [row] = await db
        .insert(communityPosts)
        .values({ enterpriseId: eid, enterpriseUserId: values.memberId, kind: values.kind, title: values.title, content: values.content, images: values.images })
        .returning({ id: communityPosts.id });
      return row!.id;
    },

    /** Changes one of the member's own posts; answers whether it did. */
    async updatePost(memberId: string, id: string, values: { title: string; content: string; images: string[] }): Promise<boolean> {
      const rows = await db
        .update(communityPosts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.enterpriseUserId, memberId), eq(communityPosts.id, id)))
        .returning({ id: communityPosts.id });
      return rows.length > 0;
    },

    /** Deletes a post with its answers and every like, bookmark and comment about them. */
    async deletePost(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const answerIds = (
          await tx
            .select({ id: communityAnswers.id })
            .from(communityAnswers)
            .where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.postId, id)))
        ).map((a) => a.id);
        for (const table of [likes, collections, comments]) {
          await tx.delete(table).where(reactionsOn(table, POST_TARGET, [id]));
          if (answerIds.length) await tx.delete(table).where(reactionsOn(table, ANSWER_TARGET, answerIds));
        }
        await tx.delete(communityAnswers).where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.postId, id)));
        const deleted = await tx
          .delete(communityPosts)
          .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.id, id)))
          .returning({ id: communityPosts.id });
        return deleted.length > 0;
      });
    },

    // ---- answers

    /** A page of a question's answers: the accepted one first, then the most liked, then the oldest. */
    async answerPage(viewerId: string | undefined, postId: string, acceptedId: string | null, offset: number, limit: number) {
      const where = and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.postId, postId));
      const rows = await answers(viewerId, { total: sql<number>`count(*) over ()`.mapWith(Number) })
        .where(where)
        .orderBy(
          ...(acceptedId ? [desc(sql`${communityAnswers.id} = ${acceptedId}`)] : []),
          desc(answerLikes),
          asc(communityAnswers.createdAt),
          asc(communityAnswers.id),
        )
        .offset(offset)
        .limit(limit);
      return withTotal(rows, offset, () => db.select({ n: count() }).from(communityAnswers).where(where));
    },

    /** One answer of the company as the caller sees it. */
    async answer(viewerId: string | undefined, id: string) {
      const [row] = await answers(viewerId, {}).where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.id, id)));
      return row;
    },

    /** An answer of the company, with its question's kind and author. */
    async answerRow(id: string) {
      const [row] = await db
        .select({ answer: communityAnswers, postAuthorId: communityPosts.enterpriseUserId, acceptedAnswerId: communityPosts.acceptedAnswerId })
        .from(communityAnswers)
        .innerJoin(communityPosts, and(eq(communityPosts.id, communityAnswers.postId), eq(communityPosts.enterpriseId, eid)))
        .where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.id, id)));
      return row;
    },

    async insertAnswer(values: { memberId: string; postId: string; content: string; images: string[] }) {
      const [row] = await db
        .insert(communityAnswers)
        .values({ enterpriseId: eid, enterpriseUserId: values.memberId, postId: values.postId, content: values.content, images: values.images })
        .returning({ id: communityAnswers.id });
      return row!.id;
    },

    /** Changes one of the member's own answers; answers whether it did. */
    async updateAnswer(memberId: string, id: string, values: { content: string; images: string[] }): Promise<boolean> {
      const rows = await db
        .update(communityAnswers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.enterpriseUserId, memberId), eq(communityAnswers.id, id)))
        .returning({ id: communityAnswers.id });
      return rows.length > 0;
    },

    /** Deletes one of the member's own answers with its likes and comments; an accepted one is no longer accepted. */
    async deleteAnswer(memberId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(communityAnswers)
          .where(and(eq(communityAnswers.enterpriseId, eid), eq(communityAnswers.enterpriseUserId, memberId), eq(communityAnswers.id, id)))
          .returning({ postId: communityAnswers.postId });
        if (deleted.length === 0) return false;
        for (const table of [likes, collections, comments]) await tx.delete(table).where(reactionsOn(table, ANSWER_TARGET, [id]));
        await tx
          .update(communityPosts)
          .set({ acceptedAnswerId: null })
          .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.id, deleted[0]!.postId), eq(communityPosts.acceptedAnswerId, id)));
        return true;
      });
    },

    /** Sets (or with null clears) the accepted answer of the member's own question; answers whether it did. */
    async accept(memberId: string, postId: string, answerId: string | null): Promise<boolean> {
      const rows = await db
        .update(communityPosts)
        .set({ acceptedAnswerId: answerId })
        .where(and(eq(communityPosts.enterpriseId, eid), eq(communityPosts.enterpriseUserId, memberId), eq(communityPosts.id, postId)))
        .returning({ id: communityPosts.id });
      return rows.length > 0;
    },

    // ---- likes and bookmarks

    /** Whether a post or an answer with this id is the company's. */
    async targetExists(targetType: AdmireTarget, id: string): Promise<boolean> {
      const table = targetType === POST_TARGET ? communityPosts : communityAnswers;
      const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.enterpriseId, eid), eq(table.id, id)));
      return row !== undefined;
    },

    /** Toggles the member's like; answers whether it is liked now. */
    async toggleLike(memberId: string, targetType: AdmireTarget, id: string): Promise<boolean> {
      const removed = await db.delete(likes).where(targetRows(likes, eid, targetType, id, memberId)).returning({ id: likes.targetId });
      if (removed.length > 0) return false;
      await db.insert(likes).values({ enterpriseId: eid, targetType, targetId: id, enterpriseUserId: memberId }).onConflictDoNothing();
      return true;
    },

    /** Bookmarks a post for the member, or takes the bookmark back; doing it twice changes nothing. */
    async setCollected(memberId: string, postId: string, on: boolean): Promise<void> {
      if (on) {
        await db
          .insert(collections)
          .values({ enterpriseId: eid, targetType: POST_TARGET, targetId: postId, enterpriseUserId: memberId })
          .onConflictDoNothing();
      } else {
        await db.delete(collections).where(targetRows(collections, eid, POST_TARGET, postId, memberId));
      }
    },

    /** How many rows of likes or collections are about one target. */
    /** How many likes (`admire`) or collections (`collect`) a target has. */
    async countOn(kind: 'admire' | 'collect', targetType: string, id: string): Promise<number> {
      const table = kind === 'admire' ? likes : collections;
      const [row] = await db.select({ n: count() }).from(table).where(targetRows(table, eid, targetType, id));
      return row?.n ?? 0;
    },
  };
}

export type CommunityScope = ReturnType<typeof communityScope>;
/** A post row as `page` and `post` answer it. */
export type PostRow = NonNullable<Awaited<ReturnType<CommunityScope['post']>>>;
export type AnswerRow = NonNullable<Awaited<ReturnType<CommunityScope['answer']>>>;
