/**
 * Course cards (`CourseItem`) for any list of course ids: the part every learner sees alike from
 * the catalogue cache (three queries whatever the list's length when it lacks them), the caller's
 * progress in one more. Course lists, study tasks and projects all build their cards here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CourseItem, LearningStatus, LecturerBrief } from '@/api/learning-types';
import type { Locale } from '@/i18n/routes';
import { isUuid } from './rows';
import type { Db } from '../client';
import { coalesced } from '../coalesce';
import { categories, courseLecturers, courseProgress, courses, lecturers } from '../schema';
import { catalogue } from './catalogue-cache';
import { nameAndIntro } from './rows';
import { inLang } from '../../localized';

/** Target type of course rows in comments, ratings, likes and collections. */
export const COURSE_TARGET = 'course';

/**
 * SQL condition: the course item aliased `alias` is a period, not a chapter. Periods sit under
 * a chapter; a top-level item without children is a period too (a course without chapters).
 */
export function periodCondition(alias: string) {
  const a = sql.raw(alias);
  return sql`(${a}.parent_id is not null or not exists (select 1 from course_items ch where ch.enterprise_id = ${a}.enterprise_id and ch.parent_id = ${a}.id))`;
}

/** Average rating of a course with one decimal (0 when unrated), as SQL. */
function ratingOf(eid: string) {
  return sql<number>`(select coalesce(round(avg(r.score)::numeric, 1), 0)::float8 from ratings r
    where r.enterprise_id = ${eid} and r.target_type = ${COURSE_TARGET} and r.target_id = ${courses.id})`.mapWith(Number);
}

/** The caller's learning status as the type, from a stored small integer. */
export function toLearningStatus(value: number | null | undefined): LearningStatus {
  return value === 1 || value === 2 ? value : 0;
}

/** A lecturer row in the caller's language. */
export function toLecturerBrief(
  row: Pick<typeof lecturers.$inferSelect, 'id' | 'nameZh' | 'nameEn' | 'titleZh' | 'titleEn' | 'avatar'>,
  lang: Locale,
): LecturerBrief {
  return {
    id: row.id,
    name: inLang(lang, row.nameZh, row.nameEn),
    title: inLang(lang, row.titleZh, row.titleEn),
    avatar: row.avatar,
  };
}

/** What every learner sees alike of a course: its card without the caller's progress, and its row. */
export interface SharedCard {
  card: Omit<CourseItem, 'studyProgress' | 'learningStatus'>;
  course: typeof courses.$inferSelect;
}

/**
 * Shared cards of courses of enterprise `eid` in `lang`, by id (ids of other enterprises and
 * unknown ones are absent), from the catalogue cache; the ones it lacks are read together in
 * three queries: the courses with their counts, their period totals, and their lecturers.
 */
export async function sharedCards(db: Db, eid: string, lang: Locale, ids: string[]): Promise<Map<string, SharedCard>> {
  const unique = [...new Set(ids)].filter(isUuid);
  const missing: string[] = [];
  const kept = new Map<string, Promise<SharedCard | null>>();
  let batch: Promise<Map<string, SharedCard>> | undefined;
  for (const id of unique) {
    kept.set(
      id,
      catalogue.remember(eid, `card:${lang}:${id}`, () => {
        missing.push(id);
        batch ??= Promise.resolve().then(() => readSharedCards(db, eid, lang, missing));
        return batch.then((cards) => cards.get(id) ?? null);
      }),
    );
  }
  const cards = new Map<string, SharedCard>();
  for (const [id, card] of kept) {
    const found = await card;
    if (found) cards.set(id, found);
  }
  return cards;
}

async function readSharedCards(db: Db, eid: string, lang: Locale, ids: string[]): Promise<Map<string, SharedCard>> {
  const rows = await db
    .select({
      course: courses,
      categoryZh: categories.nameZh,
      categoryEn: categories.nameEn,
      learnerCount: sql<number>`(select count(*) from course_progress cp
        where cp.enterprise_id = ${eid} and cp.course_id = ${courses.id})`.mapWith(Number),
      rating: ratingOf(eid),
      admireCount: sql<number>`(select count(*) from likes l
        where l.enterprise_id = ${eid} and l.target_type = ${COURSE_TARGET} and l.target_id = ${courses.id})`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(categories, and(eq(categories.id, courses.categoryId), eq(categories.enterpriseId, eid)))
    .where(and(eq(courses.enterpriseId, eid), inArray(courses.id, ids)));
  const cards = new Map<string, SharedCard>();
  if (rows.length === 0) return cards;
  const found = rows.map((r) => r.course.id);

  const [periods, lecturerRows] = await Promise.all([
    db.execute(sql`
      select p.course_id,
             count(*) as period_count,
             coalesce(sum(case when res.resource_type in (2, 3) then res.duration else 0 end), 0) as total_duration
      from course_items p
      left join resources res on res.id = p.resource_id and res.enterprise_id = ${eid}
      where p.enterprise_id = ${eid}
        and p.course_id in (${sql.join(found.map((id) => sql`${id}`), sql`, `)})
        and ${periodCondition('p')}
      group by p.course_id`),
    db
      .select({ courseId: courseLecturers.courseId, lecturer: lecturers })
      .from(courseLecturers)
      .innerJoin(lecturers, and(eq(lecturers.id, courseLecturers.lecturerId), eq(lecturers.enterpriseId, eid)))
      .where(and(eq(courseLecturers.enterpriseId, eid), inArray(courseLecturers.courseId, found)))
      .orderBy(asc(courseLecturers.sort), asc(lecturers.sort)),
  ]);

  const periodStats = new Map(
    rowsOf<{ course_id: string; period_count: number | string; total_duration: number | string }>(periods).map((p) => [p.course_id, { count: Number(p.period_count), duration: Number(p.total_duration) }]),
  );
  const lecturersOf = new Map<string, LecturerBrief[]>();
  for (const { courseId, lecturer } of lecturerRows) {
    const list = lecturersOf.get(courseId) ?? [];
    list.push(toLecturerBrief(lecturer, lang));
    lecturersOf.set(courseId, list);
  }

  for (const r of rows) {
    const c = r.course;
    const stats = periodStats.get(c.id);
    cards.set(c.id, {
      course: c,
      card: {
        id: c.id,
        ...nameAndIntro(c, lang),
        cover: c.cover,
        categoryId: c.categoryId,
        categoryName: (inLang(lang, r.categoryZh, r.categoryEn)) ?? '',
        courseType: c.courseType,
        isFree: c.isFree,
        price: c.isFree || c.priceFen === null ? null : c.priceFen / 100,
        creditHours: c.creditHours,
        totalDuration: stats?.duration ?? 0,
        periodCount: stats?.count ?? 0,
        learnerCount: r.learnerCount,
        rating: r.rating,
        admireCount: r.admireCount,
        lecturers: lecturersOf.get(c.id) ?? [],
      },
    });
  }
  return cards;
}

/**
 * Progress rows of several members among several courses, built once per database handle: the
 * course lists ask it on every call, and building its SQL text each time cost more than running it.
 */
const progressQueries = new WeakMap<Db, ReturnType<typeof buildProgressQuery>>();
function buildProgressQuery(db: Db) {
  return db
    .select({
      memberId: courseProgress.enterpriseUserId,
      courseId: courseProgress.courseId,
      progress: courseProgress.progress,
      status: courseProgress.status,
    })
    .from(courseProgress)
    .where(
      and(
        eq(courseProgress.enterpriseId, sql.placeholder('eid')),
        sql`${courseProgress.enterpriseUserId} = any(${sql.placeholder('members')}::uuid[])`,
        sql`${courseProgress.courseId} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('xt_course_progress_of');
}

type ProgressRow = { courseId: string; progress: number; status: number };

/**
 * The caller's progress and learning status in each of the courses, by course id. Course lists
 * of several learners of one enterprise at once share one statement (see `coalesced`).
 */
const progressIn = coalesced(async (db: Db, eid: string, asks: { memberId: string; ids: string[] }[]) => {
  let query = progressQueries.get(db);
  if (!query) progressQueries.set(db, (query = buildProgressQuery(db)));
  const members = [...new Set(asks.map((a) => a.memberId))];
  const ids = [...new Set(asks.flatMap((a) => a.ids))];
  const rows = await query.execute({ eid, members, ids });
  return asks.map((ask) => {
    const wanted = new Set(ask.ids);
    return new Map<string, ProgressRow>(rows.filter((r) => r.memberId === ask.memberId && wanted.has(r.courseId)).map((r) => [r.courseId, r]));
  });
});

/**
 * Cards of the given courses of enterprise `eid`, in the order of `ids`, as `memberId` sees
 * them (progress, learning status) in `lang`. Ids of other enterprises or unknown ids are left
 * out (so are malformed ones); removed courses are included (callers filter by status when they list).
 * The shared part comes from {@link sharedCards}; the caller's own rows take one query.
 *
 * @example courseCards(db, tenant.id, member.id, 'en', [a, b]) → [cardOfA, cardOfB]
 */
export async function courseCards(
  db: Db,
  eid: string,
  memberId: string,
  lang: Locale,
  ids: string[],
): Promise<CourseItem[]> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (unique.length === 0) return [];
  const [shared, progress] = await Promise.all([sharedCards(db, eid, lang, unique), progressIn(db, eid, { memberId, ids: unique })]);
  return ids.flatMap((id) => {
    const found = shared.get(id);
    if (!found) return [];
    const mine = progress.get(id);
    return [{ ...found.card, studyProgress: mine?.progress ?? 0, learningStatus: toLearningStatus(mine?.status) }];
  });
}

/** Rows of a raw `db.execute` result, whichever driver answered (PGlite or node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Course cards of enterprise `eid` (`scoped(db, eid).cards.forMember(memberId, lang, ids)`). */
export function cardQueries(db: Db, eid: string) {
  return {
    /** See {@link courseCards}. */
    forMember: (memberId: string, lang: Locale, ids: string[]) => courseCards(db, eid, memberId, lang, ids),
    /** See {@link sharedCards}. */
    shared: (lang: Locale, ids: string[]) => sharedCards(db, eid, lang, ids),
  };
}
