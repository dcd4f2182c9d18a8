/**
 * Data access of announcements, messages and their comments. `scoped(db, eid).announcements`
 * binds every query to one enterprise; what a member sees is `visibleTo(eid, memberId)`:
 * published announcements of the company and the messages sent to them. A member's state of a
 * record (read, liked, removed from their list) is their row of `announcement_reads`, joined
 * with LEFT JOIN (no row: unread, not liked, listed).
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RecordFormat, RecordKind } from '@/api/home-types';
import type { Locale } from '@/i18n/routes';
import type { NoticeState } from '@/lib/schemas/notice-rules';
import type { Db } from '../client';
import { announcementReads, announcements, comments, departments, enterpriseUsers, sessions } from '../schema';
import type { RowWindow } from '../../paging';
import { rowsOf } from './course-cards';
import { containsPattern } from './rows';

/** `target_type` of announcement comments in `comments`. */
export const ANNOUNCEMENT_TARGET = 'announcement';
/** Characters of a record's text shown in lists. */
export const LIST_TEXT_LENGTH = 120;
/** Characters of an HTML record's text (character references still encoded) read for its list text. */
const HTML_LIST_MARKUP_LENGTH = 4 * LIST_TEXT_LENGTH;

/**
 * The records member `memberId` of enterprise `eid` may see: the company's announcements
 * once published, and the messages sent to them. Also for other modules (search).
 */
export function visibleTo(eid: string, memberId: string): SQL {
  return and(
    eq(announcements.enterpriseId, eid),
    eq(announcements.draft, false),
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

  /** The company's announcements (the back office's: every state). */
  const ownNotices = and(eq(announcements.enterpriseId, eid), eq(announcements.kind, RecordKind.announcement));
  const inState: Record<NoticeState, SQL> = {
    draft: eq(announcements.draft, true),
    scheduled: and(eq(announcements.draft, false), gt(announcements.publishedAt, sql`now()`))!,
    published: and(eq(announcements.draft, false), lte(announcements.publishedAt, sql`now()`))!,
  };
  const enabledMembers = and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.status, 1));
  /** An announcement as the back office lists it (with both texts for the editor). */
  const noticeQuery = (texts: boolean) =>
    db
      .select({
        id: announcements.id,
        titleZh: announcements.titleZh,
        titleEn: announcements.titleEn,
        ...(texts ? { contentZh: announcements.contentZh, contentEn: announcements.contentEn } : {}),
        state: sql<NoticeState>`case when ${announcements.draft} then 'draft'
          when ${announcements.publishedAt} > now() then 'scheduled' else 'published' end`,
        pinned: announcements.pinned,
        allowComment: announcements.allowComment,
        format: announcements.format,
        authorName: sql<string>`coalesce(${authors.userName}, '')`,
        publishedAt: announcements.publishedAt,
        createdAt: announcements.createdAt,
        readCount: sql<number>`(select count(*) from ${announcementReads} x
          join ${enterpriseUsers} m on m.id = x.enterprise_user_id and m.enterprise_id = ${eid} and m.status = 1
          where x.enterprise_id = ${eid} and x.announcement_id = ${announcements.id} and x.read_at is not null)`.mapWith(Number),
        commentCount: sql<number>`(select count(*) from ${comments} c where c.enterprise_id = ${eid}
          and c.target_type = ${ANNOUNCEMENT_TARGET} and c.target_id = ${announcements.id})`.mapWith(Number),
      })
      .from(announcements)
      .leftJoin(authors, and(eq(authors.id, announcements.authorId), eq(authors.enterpriseId, eid)));
  const departmentOf = and(eq(departments.enterpriseId, eid), eq(departments.id, enterpriseUsers.departmentId));
  /** A member as the pickers and the readers list show them, department in the caller's language. */
  const memberFields = (lang: Locale) => ({
    memberId: enterpriseUsers.id,
    userName: enterpriseUsers.userName,
    empNo: enterpriseUsers.empNo,
    departmentName: sql<string>`coalesce(${lang === 'en' ? departments.nameEn : departments.nameZh}, ${enterpriseUsers.departmentName})`,
  });
  const memberKeyword = (keyword: string | undefined) =>
    keyword ? or(ilike(enterpriseUsers.userName, containsPattern(keyword)), ilike(enterpriseUsers.empNo, containsPattern(keyword))) : undefined;

  /**
   * A record as the caller sees it, in their language; the whole text or its start (of HTML, the
   * start of its markup without tags, which the service turns into text).
   */
  const recordFields = (lang: Locale, whole: boolean) => {
    const content = lang === 'en' ? announcements.contentEn : announcements.contentZh;
    const start = sql<string>`case when ${announcements.format} = ${RecordFormat.html}
      then left(regexp_replace(${content}, '<[^>]*>', ' ', 'g'), ${HTML_LIST_MARKUP_LENGTH})
      else left(${content}, ${LIST_TEXT_LENGTH}) end`;
    return {
      id: announcements.id,
      kind: announcements.kind,
      format: announcements.format,
      title: lang === 'en' ? announcements.titleEn : announcements.titleZh,
      content: whole ? content : start,
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

    // ---- the back office: announcements in every state, their readers, messages to many

    /** A page of the company's announcements, newest (or oldest) publishing time first, and how many match. */
    async noticePage(filter: NoticeFilter, { limit, offset }: RowWindow) {
      const where = and(
        ownNotices,
        filter.keyword
          ? or(ilike(announcements.titleZh, containsPattern(filter.keyword)), ilike(announcements.titleEn, containsPattern(filter.keyword)))
          : undefined,
        filter.state ? inState[filter.state] : undefined,
        filter.pinned === undefined ? undefined : eq(announcements.pinned, filter.pinned),
      );
      const order = filter.sortOrder === 'asc' ? asc(announcements.publishedAt) : desc(announcements.publishedAt);
      const [rows, [total]] = await Promise.all([
        noticeQuery(false).where(where).orderBy(order, desc(announcements.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(announcements).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** One announcement of the company, in any state, with both texts. */
    async notice(id: string) {
      const [row] = await noticeQuery(true).where(and(ownNotices, eq(announcements.id, id)));
      return row;
    },

    /** Holds an announcement of the company until the transaction ends; answers whether it exists. */
    async lockNotice(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(ownNotices, eq(announcements.id, id)))
        .for('update');
      return rows.length > 0;
    },

    /** Changes an announcement of the company; `publishedAt: 'now'` is the database's now. */
    async updateNotice(id: string, change: NoticeChange): Promise<boolean> {
      const { publishedAt, ...rest } = change;
      const rows = await db
        .update(announcements)
        .set({ ...rest, ...(publishedAt === undefined ? {} : { publishedAt: publishedAt === 'now' ? sql`now()` : publishedAt }) })
        .where(and(ownNotices, eq(announcements.id, id)))
        .returning({ id: announcements.id });
      return rows.length > 0;
    },

    /** Deletes an announcement of the company with its comments (members' states go with it). */
    async deleteNotice(id: string): Promise<boolean> {
      await db
        .delete(comments)
        .where(and(eq(comments.enterpriseId, eid), eq(comments.targetType, ANNOUNCEMENT_TARGET), eq(comments.targetId, id)));
      const rows = await db.delete(announcements).where(and(ownNotices, eq(announcements.id, id))).returning({ id: announcements.id });
      return rows.length > 0;
    },

    /** Whether an announcement is visible to members now (published, not a draft). */
    async noticeVisible(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(ownNotices, eq(announcements.id, id), inState.published));
      return row !== undefined;
    },

    /** How many enabled members the company has, and how many of them read announcement `id`. */
    async readStats(id: string): Promise<{ reach: number; read: number }> {
      const [reach] = await db.select({ n: count() }).from(enterpriseUsers).where(enabledMembers);
      const [read] = await db
        .select({ n: count() })
        .from(announcementReads)
        .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, announcementReads.enterpriseUserId), enabledMembers))
        .where(and(eq(announcementReads.enterpriseId, eid), eq(announcementReads.announcementId, id), isNotNull(announcementReads.readAt)));
      return { reach: reach?.n ?? 0, read: read?.n ?? 0 };
    },

    /**
     * A page of the enabled members with their state of announcement `id`: readers first (latest
     * first), then by employee number; and how many match.
     */
    async readPage(id: string, filter: ReaderFilter, lang: Locale, { limit, offset }: RowWindow) {
      const state = and(
        eq(announcementReads.enterpriseId, eid),
        eq(announcementReads.announcementId, id),
        eq(announcementReads.enterpriseUserId, enterpriseUsers.id),
      );
      const where = and(
        enabledMembers,
        filter.read === undefined ? undefined : filter.read ? isNotNull(announcementReads.readAt) : isNull(announcementReads.readAt),
        memberKeyword(filter.keyword),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...memberFields(lang), readAt: announcementReads.readAt })
          .from(enterpriseUsers)
          .leftJoin(announcementReads, state)
          .leftJoin(departments, departmentOf)
          .where(where)
          .orderBy(sql`${announcementReads.readAt} desc nulls last`, asc(enterpriseUsers.empNo))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(enterpriseUsers).leftJoin(announcementReads, state).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Enabled members by name or employee number, for picking recipients. */
    searchMembers(keyword: string, lang: Locale, limit: number) {
      return db
        .select(memberFields(lang))
        .from(enterpriseUsers)
        .leftJoin(departments, departmentOf)
        .where(and(enabledMembers, memberKeyword(keyword)))
        .orderBy(asc(enterpriseUsers.empNo))
        .limit(limit);
    },

    /** The ones of `ids` that are no department of the company. */
    async unknownDepartments(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.enterpriseId, eid), inArray(departments.id, ids)));
      const known = new Set(found.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },

    /** The ones of `ids` that are no enabled member of the company. */
    async unknownMembers(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .where(and(enabledMembers, inArray(enterpriseUsers.id, ids)));
      const known = new Set(found.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },

    /**
     * Sends one message (kind 2, plain text) to every enabled member of the departments named
     * (their sub-departments included) and to the members named, once each, in one statement;
     * answers the new messages with their recipients.
     */
    async sendMessages(
      message: { titleZh: string; titleEn: string; contentZh: string; contentEn: string; authorId: string },
      to: { departmentIds: string[]; memberIds: string[] },
    ): Promise<{ id: string; recipientId: string }[]> {
      const list = (values: SQL[]) => (values.length === 0 ? sql`null` : sql.join(values, sql`, `));
      const result = await db.execute(sql`
        with recursive picked(id) as (
          select d.id from ${departments} d where d.enterprise_id = ${eid} and d.id in (${list(to.departmentIds.map((d) => sql`${d}`))})
          union
          select d.id from ${departments} d join picked p on d.parent_id = p.id where d.enterprise_id = ${eid}
        )
        insert into ${announcements} (enterprise_id, kind, recipient_id, author_id, title_zh, title_en, content_zh, content_en,
          link_url, allow_comment, pinned, draft, format)
        select ${eid}::uuid, ${RecordKind.message}, u.id, ${message.authorId}::uuid, ${message.titleZh}, ${message.titleEn},
          ${message.contentZh}, ${message.contentEn}, '', false, false, false, ${RecordFormat.text}
        from ${enterpriseUsers} u
        where u.enterprise_id = ${eid} and u.status = 1
          and (u.department_id in (select id from picked) or u.id in (${list(to.memberIds.map((m) => sql`${m}::uuid`))}))
        returning id, recipient_id as "recipientId"`);
      return rowsOf<{ id: string; recipientId: string }>(result);
    },
  };
}

/** Filters of the back office's list of announcements. */
export interface NoticeFilter {
  keyword?: string;
  state?: NoticeState;
  pinned?: boolean;
  sortOrder?: 'asc' | 'desc';
}

/** Filters of an announcement's readers. */
export interface ReaderFilter {
  read?: boolean;
  keyword?: string;
}

/** A change of an announcement by the back office. */
export type NoticeChange = Partial<
  Pick<
    typeof announcements.$inferInsert,
    'titleZh' | 'titleEn' | 'contentZh' | 'contentEn' | 'allowComment' | 'pinned' | 'draft' | 'format'
  >
> & { publishedAt?: Date | 'now' };

export type AnnouncementScope = ReturnType<typeof announcementScope>;
/** A record row as `page` and `record` answer it. */
export type RecordRow = NonNullable<Awaited<ReturnType<AnnouncementScope['record']>>>;
