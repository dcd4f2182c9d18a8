/**
 * Data access of the lecturer module, bound to one enterprise: the directory, the ranking and
 * one lecturer, each with what the lecturer teaches.
 *
 * The measures, one definition for the directory, the ranking and a lecturer's page:
 * - courses: the lecturer's published courses (a removed course no longer counts);
 * - learners taught: distinct members of the company with a progress row (they started) in at
 *   least one of those courses, so a member who studies two of their courses counts once;
 * - rating: the mean of every rating given to those courses (a course with more ratings weighs
 *   more), one decimal, 0 when there is none.
 *
 * The ranking holds the company's lecturers with at least one published course (one who
 * teaches nothing has no learners to be ranked by), also before anyone studies. It orders by
 * learners taught, highest first; ties by the rating as shown (one decimal), highest first,
 * then by the name in the caller's language (code-point order, the same on every database),
 * then id. Ties are always broken, so places run 1 to 10 without sharing.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../../db/client';
import { lecturers } from '../../db/schema';
import { COURSE_TARGET } from '../course/cards';
import { containsPattern } from '../course/data';

export type LecturerRow = typeof lecturers.$inferSelect;

/** SQL: the published courses of the outer `lecturers` row in enterprise `eid`, as one column. */
function taughtCourses(eid: string): SQL {
  return sql`select cl.course_id from course_lecturers cl
    join courses c on c.id = cl.course_id and c.enterprise_id = ${eid} and c.status = 1
    where cl.enterprise_id = ${eid} and cl.lecturer_id = ${lecturers.id}`;
}

/** The measures of the outer `lecturers` row, as columns of a select. */
function statsOf(eid: string) {
  const ratingsOf = sql`from ratings r where r.enterprise_id = ${eid} and r.target_type = ${COURSE_TARGET}
    and r.target_id in (${taughtCourses(eid)})`;
  return {
    courseCount: sql<number>`(select count(*) from (${taughtCourses(eid)}) t)`.mapWith(Number),
    learnerCount: sql<number>`(select count(distinct cp.enterprise_user_id) from course_progress cp
      where cp.enterprise_id = ${eid} and cp.course_id in (${taughtCourses(eid)}))`.mapWith(Number),
    rating: sql<number>`(select coalesce(round(avg(r.score)::numeric, 1), 0)::float8 ${ratingsOf})`.mapWith(Number),
    ratingCount: sql<number>`(select count(*) ${ratingsOf})`.mapWith(Number),
  };
}

export type LecturerStats = { [K in keyof ReturnType<typeof statsOf>]: number };
export type LecturerWithStats = { lecturer: LecturerRow } & LecturerStats;

export function lecturerData(db: Db, eid: string) {
  const stats = statsOf(eid);
  const withStats = () => db.select({ lecturer: lecturers, ...stats }).from(lecturers);

  /** The company's lecturers whose name or title, in either language, contains `keyword` (case aside). */
  function matching(keyword: string | undefined): SQL | undefined {
    const own = eq(lecturers.enterpriseId, eid);
    if (!keyword) return own;
    const pattern = containsPattern(keyword);
    return and(
      own,
      or(
        sql`${lecturers.nameZh} ilike ${pattern}`,
        sql`${lecturers.nameEn} ilike ${pattern}`,
        sql`${lecturers.titleZh} ilike ${pattern}`,
        sql`${lecturers.titleEn} ilike ${pattern}`,
      ),
    );
  }

  return {
    /** One page of the directory in the company's order, and how many lecturers match in all. */
    async page(keyword: string | undefined, offset: number, limit: number): Promise<{ rows: LecturerWithStats[]; total: number }> {
      const where = matching(keyword);
      const [rows, [total]] = await Promise.all([
        withStats()
          .where(where)
          .orderBy(asc(lecturers.sort), asc(lecturers.createdAt), asc(lecturers.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(lecturers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The first `limit` lecturers of the ranking (see the module's comment). */
    ranking(lang: Locale, limit: number): Promise<LecturerWithStats[]> {
      const name = lang === 'en' ? lecturers.nameEn : lecturers.nameZh;
      return withStats()
        .where(and(eq(lecturers.enterpriseId, eid), sql`${stats.courseCount} > 0`))
        .orderBy(desc(stats.learnerCount), desc(stats.rating), sql`${name} collate "C"`, asc(lecturers.id))
        .limit(limit);
    },

    /** One lecturer of the company; `undefined` for an unknown id or another company's lecturer. */
    async one(id: string): Promise<LecturerWithStats | undefined> {
      const [row] = await withStats().where(and(eq(lecturers.enterpriseId, eid), eq(lecturers.id, id)));
      return row;
    },
  };
}
