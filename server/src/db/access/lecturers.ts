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
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../client';
import { lecturers } from '../schema';
import { COURSE_TARGET, rowsOf } from './course-cards';
import { containsPattern } from './rows';

export type LecturerRow = typeof lecturers.$inferSelect;

/** What a lecturer teaches; all 0 for one without a published course. */
export interface LecturerStats {
  courseCount: number;
  learnerCount: number;
  rating: number;
  ratingCount: number;
}

export type LecturerWithStats = { lecturer: LecturerRow } & LecturerStats;

interface StatsRow {
  lecturer_id: string;
  course_count: number | string;
  learner_count: number | string;
  rating: number | string;
  rating_count: number | string;
}

const NO_STATS: LecturerStats = { courseCount: 0, learnerCount: 0, rating: 0, ratingCount: 0 };

/**
 * SQL: `stats`, one row per lecturer of enterprise `eid` with a published course (of `ids`
 * only, when given) and its measures, each worked out once over grouped rows whatever the
 * number of lecturers.
 */
function statsWith(eid: string, ids?: string[]): SQL {
  const only = ids ? sql`and cl.lecturer_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return sql`with taught as (
      select cl.lecturer_id, cl.course_id from course_lecturers cl
      join courses c on c.id = cl.course_id and c.enterprise_id = ${eid} and c.status = 1
      where cl.enterprise_id = ${eid} ${only}
    ),
    learned as (
      select t.lecturer_id, count(distinct cp.enterprise_user_id) as n from taught t
      join course_progress cp on cp.enterprise_id = ${eid} and cp.course_id = t.course_id
      group by t.lecturer_id
    ),
    rated as (
      select t.lecturer_id, round(avg(r.score)::numeric, 1)::float8 as rating, count(*) as n from taught t
      join ratings r on r.enterprise_id = ${eid} and r.target_type = ${COURSE_TARGET} and r.target_id = t.course_id
      group by t.lecturer_id
    ),
    stats as (
      select t.lecturer_id, count(*)::int as course_count,
             coalesce(max(l.n), 0)::int as learner_count,
             coalesce(max(r.rating), 0)::float8 as rating,
             coalesce(max(r.n), 0)::int as rating_count
      from taught t
      left join learned l on l.lecturer_id = t.lecturer_id
      left join rated r on r.lecturer_id = t.lecturer_id
      group by t.lecturer_id
    )`;
}

const toStats = (r: StatsRow): LecturerStats => ({
  courseCount: Number(r.course_count),
  learnerCount: Number(r.learner_count),
  rating: Number(r.rating),
  ratingCount: Number(r.rating_count),
});

export function lecturerData(db: Db, eid: string) {
  /** The measures of some lecturers, by id. */
  async function statsOf(ids: string[]): Promise<Map<string, LecturerStats>> {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<StatsRow>(await db.execute(sql`${statsWith(eid, ids)} select * from stats`));
    return new Map(rows.map((r) => [r.lecturer_id, toStats(r)]));
  }

  /** Lecturer rows with their measures, in the order of the rows. */
  async function withStats(rows: LecturerRow[]): Promise<LecturerWithStats[]> {
    const stats = await statsOf(rows.map((l) => l.id));
    return rows.map((lecturer) => ({ lecturer, ...(stats.get(lecturer.id) ?? NO_STATS) }));
  }

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
        db
          .select()
          .from(lecturers)
          .where(where)
          .orderBy(asc(lecturers.sort), asc(lecturers.createdAt), asc(lecturers.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(lecturers).where(where),
      ]);
      return { rows: await withStats(rows), total: total?.n ?? 0 };
    },

    /** The first `limit` lecturers of the ranking (see the module's comment). */
    async ranking(lang: Locale, limit: number): Promise<LecturerWithStats[]> {
      const name = sql.raw(lang === 'en' ? 'l.name_en' : 'l.name_zh');
      const ranked = rowsOf<StatsRow>(
        await db.execute(sql`${statsWith(eid)}
          select s.* from stats s
          join lecturers l on l.id = s.lecturer_id and l.enterprise_id = ${eid}
          order by s.learner_count desc, s.rating desc, ${name} collate "C", l.id
          limit ${limit}`),
      );
      if (ranked.length === 0) return [];
      const rows = await db
        .select()
        .from(lecturers)
        .where(and(eq(lecturers.enterpriseId, eid), inArray(lecturers.id, ranked.map((r) => r.lecturer_id))));
      const byId = new Map(rows.map((l) => [l.id, l]));
      return ranked.flatMap((r) => {
        const lecturer = byId.get(r.lecturer_id);
        return lecturer ? [{ lecturer, ...toStats(r) }] : [];
      });
    },

    /** One lecturer of the company; `undefined` for an unknown id or another company's lecturer. */
    async one(id: string): Promise<LecturerWithStats | undefined> {
      const rows = await db.select().from(lecturers).where(and(eq(lecturers.enterpriseId, eid), eq(lecturers.id, id)));
      return (await withStats(rows))[0];
    },
  };
}
