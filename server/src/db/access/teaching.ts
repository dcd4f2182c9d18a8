/**
 * The lecturer's back office, bound to one enterprise: the courses a member teaches (a course
 * whose lecturers include a lecturer linked to the member), of any status, each with
 * its period count and what its learners did: started, completed, ratings and comments. The
 * measures are counted as the lecturer directory counts them (a progress row is a start).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { RowWindow } from '../../paging';
import { COURSE_TARGET, rowsOf } from './course-cards';
import { containsPattern } from './rows';

export interface TaughtCourseRow {
  id: string;
  name_zh: string;
  name_en: string;
  cover: string;
  status: number;
  course_type: number;
  category_zh: string | null;
  category_en: string | null;
  periods: number | string;
  learners: number | string;
  completed: number | string;
  rating: number | string | null;
  rating_count: number | string;
  comments: number | string;
}

export function teachingQueries(db: Db, eid: string) {
  return {
    /**
     * A page of the courses `memberId` teaches whose name (either language) holds `keyword`:
     * published first, then drafts, then removed ones, each in the course centre's order; with the total.
     */
    async taughtPage(memberId: string, keyword: string | undefined, { limit, offset }: RowWindow) {
      const named = keyword ? sql`and (c.name_zh ilike ${containsPattern(keyword)} or c.name_en ilike ${containsPattern(keyword)})` : sql``;
      const rows = rowsOf<TaughtCourseRow & { total: number | string }>(
        await db.execute(sql`with taught as (
            select c.* from courses c
            where c.enterprise_id = ${eid} ${named} and c.id in (
              select cl.course_id from course_lecturers cl
              join lecturers l on l.id = cl.lecturer_id and l.enterprise_id = ${eid}
              where cl.enterprise_id = ${eid} and l.enterprise_user_id = ${memberId}
            )
          )
          select t.total, x.* from (select count(*)::int as total from taught) t
          left join lateral (
            select c.id, c.name_zh, c.name_en, c.cover, c.status, c.course_type,
                   cat.name_zh as category_zh, cat.name_en as category_en,
                   (select count(*) from course_items i
                     where i.enterprise_id = ${eid} and i.course_id = c.id and i.parent_id is not null)::int as periods,
                   (select count(*) from course_progress p where p.enterprise_id = ${eid} and p.course_id = c.id)::int as learners,
                   (select count(*) from course_progress p
                     where p.enterprise_id = ${eid} and p.course_id = c.id and p.status = 2)::int as completed,
                   (select avg(r.score)::float8 from ratings r
                     where r.enterprise_id = ${eid} and r.target_type = ${COURSE_TARGET} and r.target_id = c.id) as rating,
                   (select count(*) from ratings r
                     where r.enterprise_id = ${eid} and r.target_type = ${COURSE_TARGET} and r.target_id = c.id)::int as rating_count,
                   (select count(*) from comments cm
                     where cm.enterprise_id = ${eid} and cm.target_type = ${COURSE_TARGET} and cm.target_id = c.id
                       and cm.parent_id is null)::int as comments
            from taught c
            left join categories cat on cat.enterprise_id = ${eid} and cat.id = c.category_id
            order by case c.status when 1 then 0 when 2 then 1 else 2 end, c.sort, c.created_at desc, c.id
            limit ${limit} offset ${offset}
          ) x on true`),
      );
      return { rows: rows.filter((r) => r.id !== null), total: Number(rows[0]?.total ?? 0) };
    },
  };
}
