/**
 * Data access of study tasks and projects. `scoped(db, eid).study` binds every query to one
 * enterprise; a member's own rows are also read and written by member id. The tasks' queries
 * are here; projects, the social rows, course notes and the progress SQL have files of their own.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ExamStatus } from '@/api/exam-types';
import type { LearningStatus } from '@/api/learning-types';
import type { Db } from '../client';
import type { RowWindow } from '../../paging';
import { courses, examTasks, exams, studyTaskItems, studyTaskMembers, studyTasks } from '../schema';
import { rowsOf, toLearningStatus } from './course-cards';
import { containsPattern, memberRows, publishedCourse } from './rows';
import { courseRecordQueries } from './course-records';
import { projectQueries } from './projects';
import { studySocialQueries } from './study-social';
import { statsQueries } from './study-stats';

export { DYNAMIC_JOINED_PROJECT, EMPTY_STATS, type ContainerStats, type StudyTarget } from './study-stats';

export type StudyScope = ReturnType<typeof studyScope>;

export function studyScope(db: Db, eid: string) {
  const { statsSelect, statsOf } = statsQueries(db, eid);
  /** Condition on `study_tasks t` joined with the member's assignment: type and keyword filters. */
  function taskFilter(filter: { taskType?: number; keyword?: string }): SQL {
    const parts: SQL[] = [sql`t.enterprise_id = ${eid}`];
    if (filter.taskType !== undefined) parts.push(sql`t.task_type = ${filter.taskType}`);
    if (filter.keyword) {
      const p = containsPattern(filter.keyword);
      parts.push(sql`(t.name_zh ilike ${p} or t.name_en ilike ${p} or t.intro_zh ilike ${p} or t.intro_en ilike ${p})`);
    }
    return sql.join(parts, sql` and `);
  }

  function memberTasksFrom(memberId: string): SQL {
    const mine = sql`i.task_id in (select m.task_id from study_task_members m
      where m.enterprise_id = ${eid} and m.enterprise_user_id = ${memberId})`;
    return sql`study_tasks t
      join study_task_members tm on tm.task_id = t.id and tm.enterprise_id = ${eid} and tm.enterprise_user_id = ${memberId}
      left join (${statsSelect('task', memberId, mine)}) st on st.id = t.id`;
  }

  /** The member's assigned tasks (with the assignment) that `where` lets through. */
  function assignedTasks(memberId: string, where?: SQL) {
    return db
      .select({ task: studyTasks, assignedAt: studyTaskMembers.assignedAt, completedAt: studyTaskMembers.completedAt })
      .from(studyTasks)
      .innerJoin(studyTaskMembers, memberRows(studyTaskMembers, eid, memberId, eq(studyTaskMembers.taskId, studyTasks.id)))
      .where(and(eq(studyTasks.enterpriseId, eid), where));
  }

  return {
    eid,
    statsOf,

    /** A page of the member's tasks (newest start first), with the total. */
    async taskPage(
      memberId: string,
      filter: { taskType?: number; keyword?: string; learningStatus?: LearningStatus },
      paging: RowWindow,
    ): Promise<{ ids: string[]; total: number }> {
      let where = taskFilter(filter);
      if (filter.learningStatus !== undefined) {
        where = sql`${where} and coalesce(st.learning_status, 0) = ${filter.learningStatus}`;
      }
      const from = memberTasksFrom(memberId);
      const [page, total] = await Promise.all([
        db.execute(sql`select t.id from ${from} where ${where}
          order by t.start_at desc, t.created_at desc, t.id limit ${paging.limit} offset ${paging.offset}`),
        db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
      ]);
      return {
        ids: rowsOf<{ id: string }>(page).map((r) => r.id),
        total: Number(rowsOf<{ n: number | string }>(total)[0]?.n ?? 0),
      };
    },

    /** The member's tasks by learning status. */
    async taskStatusCounts(memberId: string): Promise<Map<LearningStatus, number>> {
      const result = await db.execute(sql`select coalesce(st.learning_status, 0)::int as s, count(*)::int as n
        from ${memberTasksFrom(memberId)} where t.enterprise_id = ${eid} group by 1`);
      return new Map(rowsOf<{ s: number | string; n: number | string }>(result).map((r) => [toLearningStatus(Number(r.s)), Number(r.n)]));
    },

    /** Tasks by id with the member's assignment; only tasks assigned to the member. */
    tasksOf(memberId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return assignedTasks(memberId, inArray(studyTasks.id, ids));
    },

    /** Every task assigned to the member. */
    memberTasks(memberId: string) {
      return assignedTasks(memberId);
    },

    /** A task's published courses, in order. */
    taskCourses(taskId: string) {
      return db
        .select({ courseId: studyTaskItems.courseId, required: studyTaskItems.required })
        .from(studyTaskItems)
        .innerJoin(courses, publishedCourse(eid, studyTaskItems.courseId))
        .where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.taskId, taskId)))
        .orderBy(asc(studyTaskItems.sort), asc(studyTaskItems.id));
    },

    /** A task's exams with the member's exam task on each (a passed one, else the latest) and its status (none: null, 0). */
    async taskExams(taskId: string, memberId: string) {
      const rows = await db
        .select({ examId: exams.id, nameZh: exams.nameZh, nameEn: exams.nameEn })
        .from(studyTaskItems)
        .innerJoin(exams, and(eq(exams.id, studyTaskItems.examId), eq(exams.enterpriseId, eid)))
        .where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.taskId, taskId)))
        .orderBy(asc(studyTaskItems.sort), asc(studyTaskItems.id));
      if (rows.length === 0) return [];
      const statuses = await db
        .select({ examId: examTasks.examId, status: examTasks.status, taskId: examTasks.id })
        .from(examTasks)
        .where(
          memberRows(
            examTasks,
            eid,
            memberId,
            inArray(
              examTasks.examId,
              rows.map((r) => r.examId),
            ),
          ),
        )
        // A pass in any of the member's tasks of the exam is shown before later attempts elsewhere.
        .orderBy(sql`${examTasks.status} = ${ExamStatus.pass}`, asc(examTasks.createdAt));
      const latest = new Map(statuses.map((s) => [s.examId, s]));
      return rows.map((r) => ({ ...r, status: latest.get(r.examId)?.status ?? 0, taskId: latest.get(r.examId)?.taskId ?? null }));
    },

    ...studySocialQueries(db, eid),
    ...projectQueries(db, eid, { statsSelect }),
    ...courseRecordQueries(db, eid),
  };
}
