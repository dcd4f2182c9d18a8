/**
 * Data access of announcements, messages and their comments. `scoped(db, eid).announcements`
 * binds every query to one enterprise; what a member sees is `visibleTo(eid, memberId)`:
 * published announcements of the company and the messages sent to them. A member's state of a
 * record (read, liked, removed from their list) is their row of `announcement_reads`, joined
 * with LEFT JOIN (no row: unread, not liked, listed).
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RecordKind } from '@/api/home-types';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../client';
import { announcementReads, announcements, comments, enterpriseUsers, sessions } from '../schema';
import { rowsOf } from './course-cards';

/** `target_type` of announcement comments in `comments`. */
export const ANNOUNCEMENT_TARGET = 'announcement';
/** Characters of a record's text shown in lists. */
export const LIST_TEXT_LENGTH = 120;

/**
 * The records member `memberId` of enterprise `eid` may see: the company's announcements
 * once published, and the messages sent to them. Also for other modules (search).
 */
export function visibleTo(eid: string, memberId: string): SQL {
  return and(
    eq(announcements.enterpriseId, eid),
    lte(announcements.publishedAt, sql`now()`),
    or(
      and(eq(announcements.kind, RecordKind.announcement), isNull(announcements.recipientId)),
      and(eq(announcements.kind, RecordKind.message), eq(announcements.recipientId, memberId)),
    ),
  )!;
}

const authors = alias(enterpriseUsers, 'authors');

export interface RecordFilter {
  kind?: number;
  read?: boolean;
}

export function announcementScope(db: Db, eid: string) {
  /** The caller's own state row of the outer record. */
  const stateOf = (memberId: string) =>
    and(
      eq(announcementReads.announcementId, announcements.id),
      eq(announcementReads.enterpriseUserId, memberId),
      eq(announcementReads.enterpriseId, eid),
    );
  const listed = isNull(announcementReads.deletedAt);
  const unread = and(listed, isNull(announcementReads.readAt));

  /** A record as the caller sees it, in their language; the whole text or its start. */
  const recordFields = (lang: Locale, whole: boolean) => {
    const content = lang === 'en' ? announcements.contentEn : announcements.contentZh;
    return {
      id: announcements.id,
      kind: announcements.kind,
      title: lang === 'en' ? announcements.titleEn : announcements.titleZh,
      content: whole ? content : sql<string>`left(${content}, ${LIST_TEXT_LENGTH})`,
      linkUrl: announcements.linkUrl,
      pinned: announcements.pinned,
      allowComment: announcements.allowComment,
      authorName: sql<string>`coalesce(${authors.userName}, '')`,
      publishedAt: announcements.publishedAt,
      readAt: announcementReads.readAt,
      admired: sql<boolean>`coalesce(${announcementReads.admired}, false)`,
      admireCount: sql<number>`(select count(*) from ${announcementReads} x
        where x.announcement_id = ${announcements.id} and x.enterprise_id = ${eid} and x.admired)`.mapWith(Number),
      commentCount: sql<number>`(select count(*) from ${comments} c where c.enterprise_id = ${eid}
        and c.target_type = ${ANNOUNCEMENT_TARGET} and c.target_id = ${announcements.id})`.mapWith(Number),
    };
  };

  const records = (memberId: string, lang: Locale, whole: boolean) =>
    db
      .select(recordFields(lang, whole))
      .from(announcements)
      .leftJoin(announcementReads, stateOf(memberId))
      .leftJoin(authors, and(eq(authors.id, announcements.authorId), eq(authors.enterpriseId, eid)));

  /** An insert of the caller's state rows for the visible records among `which`, for an upsert. */
  const stateInsert = (memberId: string, which: string[] | 'all', columns: SQL, values: SQL) => sql`
    insert into ${announcementReads} (enterprise_id, announcement_id, enterprise_user_id, ${columns})
    select ${eid}::uuid, ${announcements.id}, ${memberId}::uuid, ${values}
    from ${announcements}
    where ${visibleTo(eid, memberId)} ${which === 'all' ? sql`` : sql`and ${inArray(announcements.id, which)}`}`;

  return {
    /**
     * One page of the caller's listed records, with the total in the same query; the home
     * list puts pinned ones first.
     */
    async page(
      memberId: string,
      lang: Locale,
      filter: RecordFilter & { pinnedFirst?: boolean },
      offset: number,
      limit: number,
    ) {
      const where = and(
        visibleTo(eid, memberId),
        listed,
        filter.kind === undefined ? undefined : eq(announcements.kind, filter.kind),
        filter.read === undefined ? undefined : filter.read ? isNotNull(announcementReads.readAt) : isNull(announcementReads.readAt),
      );
      const rows = await db
        .select({ ...recordFields(lang, false), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(announcements)
        .leftJoin(announcementReads, stateOf(memberId))
        .leftJoin(authors, and(eq(authors.id, announcements.authorId), eq(authors.enterpriseId, eid)))
        .where(where)
        .orderBy(
          ...(filter.pinnedFirst ? [desc(announcements.pinned)] : []),
          desc(announcements.publishedAt),
          desc(announcements.id),
        )
        .offset(offset)
        .limit(limit);
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      // Past the last page: the total still has to be told.
      const [all] = await db
        .select({ n: count() })
        .from(announcements)
        .leftJoin(announcementReads, stateOf(memberId))
        .where(where);
      return { rows, total: all?.n ?? 0 };
    },

    /** One record the caller may see, with its whole text. */
    async record(memberId: string, lang: Locale, id: string) {
      const [row] = await records(memberId, lang, true).where(and(visibleTo(eid, memberId), eq(announcements.id, id)));
      return row;
    },

    /** How many of the caller's listed records are unread, by kind. */
    async unreadCount(memberId: string): Promise<{ announcements: number; messages: number }> {
      const [row] = await db
        .select({
          announcements: sql<number>`count(*) filter (where ${announcements.kind} = ${RecordKind.announcement})`.mapWith(Number),
          messages: sql<number>`count(*) filter (where ${announcements.kind} = ${RecordKind.message})`.mapWith(Number),
        })
        .from(announcements)
        .leftJoin(announcementReads, stateOf(memberId))
        .where(and(visibleTo(eid, memberId), unread));
      return { announcements: row?.announcements ?? 0, messages: row?.messages ?? 0 };
    },

    /** The caller's listed records: all, read, unread, and by kind. */
    async readCount(memberId: string) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          read: sql<number>`count(${announcementReads.readAt})`.mapWith(Number),
          announcements: sql<number>`count(*) filter (where ${announcements.kind} = ${RecordKind.announcement})`.mapWith(Number),
          messages: sql<number>`count(*) filter (where ${announcements.kind} = ${RecordKind.message})`.mapWith(Number),
        })
        .from(announcements)
        .leftJoin(announcementReads, stateOf(memberId))
        .where(and(visibleTo(eid, memberId), listed));
      const total = row?.total ?? 0;
      const read = row?.read ?? 0;
      return { total, read, unread: total - read, announcements: row?.announcements ?? 0, messages: row?.messages ?? 0 };
    },

    /** How many of `ids` the caller may see (removed ones included). */
    async visibleCount(memberId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(announcements)
        .where(and(visibleTo(eid, memberId), inArray(announcements.id, ids)));
      return row?.n ?? 0;
    },

    /** Marks the caller's listed unread records among `which` read; answers how many were. */
    async markRead(memberId: string, which: string[] | 'all'): Promise<number> {
      const result = await db.execute(sql`${stateInsert(memberId, which, sql`read_at`, sql`now()`)}
        on conflict (announcement_id, enterprise_user_id) do update set read_at = excluded.read_at
        where ${announcementReads}.read_at is null and ${announcementReads}.deleted_at is null
        returning announcement_id`);
      return rowsOf(result).length;
    },

    /** Removes the caller's listed records among `which` from their list; answers how many were. */
    async remove(memberId: string, which: string[] | 'all'): Promise<number> {
      const result = await db.execute(sql`${stateInsert(memberId, which, sql`deleted_at`, sql`now()`)}
        on conflict (announcement_id, enterprise_user_id) do update set deleted_at = excluded.deleted_at
        where ${announcementReads}.deleted_at is null
        returning announcement_id`);
      return rowsOf(result).length;
    },

    /**
     * Toggles the caller's like of a record they may see (which also marks it read); answers
     * the new state, or undefined when they may not see it.
     */
    async toggleAdmire(memberId: string, id: string): Promise<boolean | undefined> {
      const result = await db.execute(sql`${stateInsert(memberId, [id], sql`read_at, admired`, sql`now(), true`)}
        on conflict (announcement_id, enterprise_user_id) do update
        set admired = not ${announcementReads}.admired, read_at = coalesce(${announcementReads}.read_at, excluded.read_at)
        returning admired`);
      return rowsOf<{ admired: boolean }>(result)[0]?.admired;
    },

    async admireCount(id: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(announcementReads)
        .where(and(eq(announcementReads.enterpriseId, eid), eq(announcementReads.announcementId, id), eq(announcementReads.admired, true)));
      return row?.n ?? 0;
    },

    async insertRecord(values: Omit<typeof announcements.$inferInsert, 'enterpriseId'>): Promise<string> {
      const [row] = await db
        .insert(announcements)
        .values({ ...values, enterpriseId: eid })
        .returning({ id: announcements.id });
      return row!.id;
    },

    async isMember(memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .where(and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, memberId)));
      return row !== undefined;
    },

    /** Whether a session of this enterprise is still signed in. */
    async sessionActive(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.enterpriseId, eid),
            isNull(sessions.revokedAt),
            sql`${sessions.expiresAt} > now()`,
          ),
        );
      return row !== undefined;
    },

    // ---- comments

    /** An announcement the caller may see, with whether it takes comments. */
    async commentTarget(memberId: string, id: string): Promise<{ id: string; allowComment: boolean } | undefined> {
      const [row] = await db
        .select({ id: announcements.id, allowComment: announcements.allowComment })
        .from(announcements)
        .where(and(visibleTo(eid, memberId), eq(announcements.id, id)));
      return row;
    },
  };
}

export type AnnouncementScope = ReturnType<typeof announcementScope>;
/** A record row as `page` and `record` answer it. */
export type RecordRow = NonNullable<Awaited<ReturnType<AnnouncementScope['record']>>>;
