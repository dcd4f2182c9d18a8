/** Progress over the items of study tasks, projects and phases: the SQL every list and detail of them shares. */
import { sql, type SQL } from 'drizzle-orm';
import { ExamStatus } from '@/api/exam-types';
import type { LearningStatus } from '@/api/learning-types';
import type { Db } from '../client';
import { rowsOf, toLearningStatus } from './course-cards';

/** Target types of the rows this module writes in comments, likes, ratings and collections. */
export type StudyTarget = 'task' | 'project';

/** Study dynamic kind: joined a project. */
export const DYNAMIC_JOINED_PROJECT = 4;

/** Progress of the caller in a task, a project or a phase, over its published courses. */
export interface ContainerStats {
  courseCount: number;
  requiredCount: number;
  requiredCompleted: number;
  electiveCount: number;
  electiveCompleted: number;
  /** Mean progress over the required courses, 0–100. */
  progress: number;
  learningStatus: LearningStatus;
  /** Credit hours of the courses. */
  creditHours: number;
  /** The caller's latest progress in any of its courses. */
  progressAt: Date | null;
}

export const EMPTY_STATS: ContainerStats = {
  courseCount: 0,
  requiredCount: 0,
  requiredCompleted: 0,
  electiveCount: 0,
  electiveCompleted: 0,
  progress: 0,
  learningStatus: 0,
  creditHours: 0,
  progressAt: null,
};

interface StatsRow {
  id: string;
  course_count: number | string;
  required_count: number | string;
  required_completed: number | string;
  elective_count: number | string;
  elective_completed: number | string;
  progress: number | string;
  learning_status: number | string;
  credit_hours: number | string;
  progress_at: Date | string | null;
}

function toStats(r: StatsRow): ContainerStats {
  return {
    courseCount: Number(r.course_count),
    requiredCount: Number(r.required_count),
    requiredCompleted: Number(r.required_completed),
    electiveCount: Number(r.elective_count),
    electiveCompleted: Number(r.elective_completed),
    progress: Number(r.progress),
    learningStatus: toLearningStatus(Number(r.learning_status)),
    creditHours: Number(r.credit_hours),
    progressAt: r.progress_at ? new Date(r.progress_at) : null,
  };
}


/** A list of values as SQL (`a, b, c`); callers make sure it is not empty. */
function sqlList(values: string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}


/** Per task, project or phase, a member's progress over its items (see `statsSelect`). */
export function statsQueries(db: Db, eid: string) {
  /**
   * Per task, project or phase (`kind`) the member's progress over its published courses, and
   * for a task also over its exams, as a SQL select of `id` and the stats columns, for the owners
   * `ownerFilter` lets through. A course counts as 100 once completed; a required course not
   * started counts as 0. An exam counts as 100 (completed) once the member passed it in any of
   * their exam tasks, as started once a paper of theirs is handed in, and as 0 before.
   *
   * `memberId` is a member's id, or SQL naming one (a column of an outer query, for a lateral join).
   */
  function statsSelect(kind: 'task' | 'project' | 'phase', memberId: string | SQL, ownerFilter: SQL): SQL {
    const table = kind === 'task' ? sql`study_task_items` : sql`project_courses`;
    const owner = kind === 'task' ? sql`i.task_id` : kind === 'project' ? sql`i.project_id` : sql`i.phase_id`;
    const courseItems = sql`
      select ${owner} as owner, true as is_course, i.required, cp.status, cp.progress,
        cp.course_id is not null as started, c.credit_hours, cp.updated_at
      from ${table} i
      join courses c on c.id = i.course_id and c.enterprise_id = ${eid} and c.status = 1
      left join course_progress cp on cp.course_id = i.course_id and cp.enterprise_id = ${eid}
        and cp.enterprise_user_id = ${memberId}
      where i.enterprise_id = ${eid} and ${owner} is not null and ${ownerFilter}`;
    const examItems = sql`
      select i.task_id as owner, false as is_course, i.required,
        case when x.passed then 2 else null end as status, case when x.passed then 100 else 0 end as progress,
        x.taken as started, 0 as credit_hours, x.at as updated_at
      from study_task_items i
      join exams e on e.id = i.exam_id and e.enterprise_id = ${eid}
      cross join lateral (
        select coalesce(bool_or(t.status = ${ExamStatus.pass}), false) as passed, count(p.id) > 0 as taken, max(p.submitted_at) as at
        from exam_tasks t
        left join exam_papers p on p.task_id = t.id and p.enterprise_id = ${eid} and p.status <> 0
        where t.enterprise_id = ${eid} and t.enterprise_user_id = ${memberId} and t.exam_id = i.exam_id
      ) x
      where i.enterprise_id = ${eid} and i.task_id is not null and ${ownerFilter}`;
    const items = kind === 'task' ? sql`${courseItems} union all ${examItems}` : courseItems;
    const required = sql`count(*) filter (where r.required)`;
    const requiredDone = sql`count(*) filter (where r.required and r.status = 2)`;
    return sql`
      select r.owner as id,
        count(*) filter (where r.is_course)::int as course_count,
        ${required}::int as required_count,
        ${requiredDone}::int as required_completed,
        count(*) filter (where not r.required)::int as elective_count,
        count(*) filter (where not r.required and r.status = 2)::int as elective_completed,
        coalesce(round(avg(case when r.status = 2 then 100 else coalesce(r.progress, 0) end)
          filter (where r.required)), 0)::int as progress,
        (case when ${required} > 0 and ${requiredDone} = ${required} then 2
              when count(*) filter (where r.required and r.started) > 0 then 1
              else 0 end)::int as learning_status,
        coalesce(sum(r.credit_hours), 0)::int as credit_hours,
        max(r.updated_at) as progress_at
      from (${items}) r
      group by r.owner`;
  }

  async function statsOf(kind: 'task' | 'project' | 'phase', memberId: string, ids: string[]) {
    const found = new Map<string, ContainerStats>();
    if (ids.length === 0) return found;
    const owner = kind === 'task' ? sql`i.task_id` : kind === 'project' ? sql`i.project_id` : sql`i.phase_id`;
    const result = await db.execute(statsSelect(kind, memberId, sql`${owner} in (${sqlList(ids)})`));
    for (const r of rowsOf<StatsRow>(result)) found.set(r.id, toStats(r));
    return found;
  }

  return { statsSelect, statsOf };
}
