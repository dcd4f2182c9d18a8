/**
 * What each search type finds, and for whom. Every provider reads only the caller's company,
 * and only what the caller may see there: published courses, the company's live rooms, the
 * resources of its published courses, the caller's own exam tasks, the company's community
 * blogs and questions, and the announcements and messages the caller's message centre lists.
 * A hit holds every word of the keyword, each in the title or the description, in Chinese or
 * in English, case aside.
 */
import { and, asc, count, desc, eq, exists, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PostKind, type PostKindValue } from '@/api/community-types';
import { RecordFormat, SearchType, type SearchHit, type SearchTypeValue } from '@/api/home-types';
import { htmlText } from '@/lib/html-text';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../client';
import { privatePath, signedUrl } from '../../files/signed-media';
import {
  announcementReads,
  announcements,
  communityPosts,
  courseItems,
  courses,
  coursewares,
  examTasks,
  exams,
  liveRooms,
  resources,
} from '../schema';
import { visibleTo } from './announcements';
import { matchesAll } from './rows';

/** A search as the providers get it: who asks, in which language, for which words. */
export interface SearchQuery {
  db: Db;
  enterpriseId: string;
  memberId: string;
  lang: Locale;
  /** The keyword's words; a hit matches each of them. */
  terms: string[];
  /** The limited courses (audience 1) the caller may see; the whole company's courses are everyone's. */
  visible?: readonly string[];
}

export interface SearchProvider {
  /** How many hits there are. */
  count(query: SearchQuery): Promise<number>;
  /** Hits `offset` to `offset + limit`, in the type's order. */
  page(query: SearchQuery, offset: number, limit: number): Promise<SearchHit[]>;
}

/** The longest description of a hit, in characters. */
export const DESCRIPTION_MAX = 200;

/**
 * A description: the text on one line, at most {@link DESCRIPTION_MAX} characters.
 *
 * @example excerpt('第一行\n第二行') → '第一行 第二行'
 */
export function excerpt(text: string): string {
  return [...text.replace(/\s+/gu, ' ').trim()].slice(0, DESCRIPTION_MAX).join('');
}


/** The same order of texts on PGlite and PostgreSQL, whatever the database's collation. */
const byText = (column: AnyPgColumn) => sql`${column} collate "C"`;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const inLang = <T>(lang: Locale, zh: T, en: T): T => (lang === 'en' && en ? en : zh);

async function counted(rows: Promise<{ n: number }[]>): Promise<number> {
  return (await rows)[0]?.n ?? 0;
}

/** Published courses of the company, by name and intro. */
const courseProvider: SearchProvider = {
  count: (q) => counted(q.db.select({ n: count() }).from(courses).where(courseWhere(q))),
  async page(q, offset, limit) {
    const rows = await q.db
      .select()
      .from(courses)
      .where(courseWhere(q))
      .orderBy(asc(courses.sort), desc(courses.createdAt), byText(courses.nameZh), asc(courses.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      type: SearchType.default,
      id: r.id,
      title: inLang(q.lang, r.nameZh, r.nameEn),
      description: excerpt(inLang(q.lang, r.introZh, r.introEn)),
      cover: r.cover,
      time: iso(r.createdAt),
    }));
  },
};

/** The courses the caller may see: the whole company's, and the limited ones shown to them. */
function audienceOf(q: SearchQuery): SQL | undefined {
  return q.visible?.length ? or(eq(courses.audience, 0), inArray(courses.id, [...q.visible])) : eq(courses.audience, 0);
}

function courseWhere(q: SearchQuery): SQL | undefined {
  return and(
    eq(courses.enterpriseId, q.enterpriseId),
    eq(courses.status, 1),
    audienceOf(q),
    matchesAll(q.terms, [courses.nameZh, courses.nameEn, courses.introZh, courses.introEn]),
  );
}

/** The company's live rooms, by name and intro; the latest start first. */
const liveProvider: SearchProvider = {
  count: (q) => counted(q.db.select({ n: count() }).from(liveRooms).where(liveWhere(q))),
  async page(q, offset, limit) {
    const rows = await q.db
      .select()
      .from(liveRooms)
      .where(liveWhere(q))
      .orderBy(desc(liveRooms.startAt), asc(liveRooms.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      type: SearchType.live,
      id: r.id,
      title: inLang(q.lang, r.nameZh, r.nameEn),
      description: excerpt(inLang(q.lang, r.introZh, r.introEn)),
      cover: r.cover,
      time: iso(r.startAt),
    }));
  },
};

function liveWhere(q: SearchQuery): SQL | undefined {
  return and(
    eq(liveRooms.enterpriseId, q.enterpriseId),
    matchesAll(q.terms, [liveRooms.nameZh, liveRooms.nameEn, liveRooms.introZh, liveRooms.introEn]),
  );
}

/** Resources a published course of the company plays or offers, by name. */
const resourceProvider: SearchProvider = {
  count: (q) => counted(q.db.select({ n: count() }).from(resources).where(resourceWhere(q))),
  async page(q, offset, limit) {
    const rows = await q.db
      .select({
        id: resources.id,
        resourceType: resources.resourceType,
        nameZh: resources.nameZh,
        nameEn: resources.nameEn,
        fileName: resources.fileName,
        videoConfig: resources.videoConfig,
        createdAt: resources.createdAt,
        courseId: sql<string | null>`coalesce((${courseUsing(q, courseItems)}), (${courseUsing(q, coursewares)}))`,
      })
      .from(resources)
      .where(resourceWhere(q))
      .orderBy(desc(resources.createdAt), byText(inLang<AnyPgColumn>(q.lang, resources.nameZh, resources.nameEn)), asc(resources.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => {
      const poster = r.videoConfig.poster;
      return {
        type: SearchType.resource,
        id: r.id,
        title: inLang(q.lang, r.nameZh, r.nameEn),
        description: excerpt(r.fileName),
        // The poster, a public picture; never the resource's own file, which only its course hands out, signed.
        cover: typeof poster === 'string' && !privatePath(poster) ? poster : '',
        time: iso(r.createdAt),
        courseId: r.courseId,
      };
    });
  },
};

/** A published course of the company that plays (`course_items`) or offers (`coursewares`) the resource. */
function courseUsing(q: SearchQuery, table: typeof courseItems | typeof coursewares) {
  const eid = q.enterpriseId;
  return q.db
    .select({ id: courses.id })
    .from(table)
    .innerJoin(courses, and(eq(courses.id, table.courseId), eq(courses.enterpriseId, eid), eq(courses.status, 1), audienceOf(q)))
    .where(and(eq(table.enterpriseId, eid), eq(table.resourceId, resources.id)))
    .orderBy(asc(courses.id))
    .limit(1);
}

function resourceWhere(q: SearchQuery): SQL | undefined {
  const eid = q.enterpriseId;
  return and(
    eq(resources.enterpriseId, eid),
    eq(resources.state, 'ready'),
    or(exists(courseUsing(q, courseItems)), exists(courseUsing(q, coursewares))),
    matchesAll(q.terms, [resources.nameZh, resources.nameEn]),
  );
}

/** The caller's own exam tasks, by the exam's name and rules; the id is the task's. */
const examProvider: SearchProvider = {
  count: (q) =>
    counted(
      q.db
        .select({ n: count() })
        .from(examTasks)
        .innerJoin(exams, examJoin(q))
        .where(examWhere(q)),
    ),
  async page(q, offset, limit) {
    const rows = await q.db
      .select({ task: examTasks, exam: exams })
      .from(examTasks)
      .innerJoin(exams, examJoin(q))
      .where(examWhere(q))
      .orderBy(sql`${exams.startAt} desc nulls last`, desc(examTasks.createdAt), asc(examTasks.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ task, exam }) => ({
      type: SearchType.exam,
      id: task.id,
      title: inLang(q.lang, exam.nameZh, exam.nameEn),
      description: excerpt(inLang(q.lang, exam.introZh, exam.introEn)),
      cover: '',
      time: iso(exam.startAt ?? task.createdAt),
    }));
  },
};

const examJoin = (q: SearchQuery) => and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, q.enterpriseId));

function examWhere(q: SearchQuery): SQL | undefined {
  return and(
    eq(examTasks.enterpriseId, q.enterpriseId),
    eq(examTasks.enterpriseUserId, q.memberId),
    matchesAll(q.terms, [exams.nameZh, exams.nameEn, exams.introZh, exams.introEn]),
  );
}

/**
 * Published announcements of the company and messages to the caller, less those the caller
 * removed from their list; by title and text, newest first.
 */
const announcementProvider: SearchProvider = {
  count: (q) => counted(q.db.select({ n: count() }).from(announcements).where(announcementWhere(q))),
  async page(q, offset, limit) {
    const rows = await q.db
      .select()
      .from(announcements)
      .where(announcementWhere(q))
      .orderBy(desc(announcements.publishedAt), asc(announcements.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      type: SearchType.info,
      id: r.id,
      title: inLang(q.lang, r.titleZh, r.titleEn),
      description: excerpt(r.format === RecordFormat.html ? htmlText(inLang(q.lang, r.contentZh, r.contentEn)) : inLang(q.lang, r.contentZh, r.contentEn)),
      cover: '',
      time: iso(r.publishedAt),
    }));
  },
};

function announcementWhere(q: SearchQuery): SQL | undefined {
  const eid = q.enterpriseId;
  const removed = q.db
    .select({ one: sql`1` })
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.enterpriseId, eid),
        eq(announcementReads.announcementId, announcements.id),
        eq(announcementReads.enterpriseUserId, q.memberId),
        isNotNull(announcementReads.deletedAt),
      ),
    );
  return and(
    visibleTo(eid, q.memberId),
    notExists(removed),
    matchesAll(q.terms, [announcements.titleZh, announcements.titleEn, announcements.contentZh, announcements.contentEn]),
  );
}

/** The company's community posts of one kind (blogs or questions), by title and text; newest first. */
function communityProvider(kind: PostKindValue): SearchProvider {
  const type = kind === PostKind.blog ? SearchType.blog : SearchType.question;
  const where = (q: SearchQuery) =>
    and(
      eq(communityPosts.enterpriseId, q.enterpriseId),
      eq(communityPosts.kind, kind),
      matchesAll(q.terms, [communityPosts.title, communityPosts.content]),
    );
  return {
    count: (q) => counted(q.db.select({ n: count() }).from(communityPosts).where(where(q))),
    async page(q, offset, limit) {
      const rows = await q.db
        .select()
        .from(communityPosts)
        .where(where(q))
        .orderBy(desc(communityPosts.createdAt), asc(communityPosts.id))
        .limit(limit)
        .offset(offset);
      // A post's first picture, signed for the company as the community shows it.
      return Promise.all(
        rows.map(async (r) => ({
          type,
          id: r.id,
          title: r.title,
          description: excerpt(r.content),
          cover: r.images[0] ? await signedUrl(q.db, q.enterpriseId, r.images[0]) : '',
          time: iso(r.createdAt),
        })),
      );
    },
  };
}

/** The provider of every search type. */
export const searchProviders: Record<SearchTypeValue, SearchProvider> = {
  [SearchType.default]: courseProvider,
  [SearchType.live]: liveProvider,
  [SearchType.resource]: resourceProvider,
  [SearchType.exam]: examProvider,
  [SearchType.blog]: communityProvider(PostKind.blog),
  [SearchType.question]: communityProvider(PostKind.question),
  [SearchType.info]: announcementProvider,
};

/** Who searches, in which language, for which words. */
export type Searcher = Omit<SearchQuery, 'db' | 'enterpriseId'>;

/** Search in enterprise `eid` (`scoped(db, eid).search.page(type, searcher, offset, limit)`). */
export function searchQueries(db: Db, eid: string) {
  const queryOf = (searcher: Searcher): SearchQuery => ({ db, enterpriseId: eid, ...searcher });
  return {
    count: (type: SearchTypeValue, searcher: Searcher) => searchProviders[type].count(queryOf(searcher)),
    page: (type: SearchTypeValue, searcher: Searcher, offset: number, limit: number) =>
      searchProviders[type].page(queryOf(searcher), offset, limit),
  };
}
