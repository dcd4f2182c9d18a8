/**
 * Data access of study tasks and projects. `studyScope(db, eid)` binds every query to one
 * enterprise; a member's own rows are also read and written by member id.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ExamStatus } from '@/api/exam-types';
import type { LearningStatus } from '@/api/learning-types';
import type { Db } from '../client';
import type { RowWindow } from '../../paging';
import {
  categories,
  collections,
  comments,
  courseUserRecords,
  courses,
  enterpriseUsers,
  examTasks,
  exams,
  lecturers,
  likes,
  projectCourses,
  projectLecturers,
  projectMembers,
  projectPhases,
  projects,
  ratings,
  studyDynamics,
  studyTaskItems,
  studyTaskMembers,
  studyTasks,
} from '../schema';
import { rowsOf, toLearningStatus } from './course-cards';
import { containsPattern, memberRows, targetRows } from './rows';

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

export type StudyScope = ReturnType<typeof studyScope>;

export function studyScope(db: Db, eid: string) {
  /**
   * Per task, project or phase (`kind`) the member's progress over its published courses, and
   * for a task also over its exams, as a SQL select of `id` and the stats columns, for the owners
   * `ownerFilter` lets through. A course counts as 100 once completed; a required course not
   * started counts as 0. An exam counts as 100 (completed) once the member passed it in any of
   * their exam tasks, as started once a paper of theirs is handed in, and as 0 before.
   */
  function statsSelect(kind: 'task' | 'project' | 'phase', memberId: string, ownerFilter: SQL): SQL {
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

  /** Join condition: the published course of `courseId`. */
  const publishedCourse = (courseId: AnyPgColumn) => and(eq(courses.id, courseId), eq(courses.enterpriseId, eid), eq(courses.status, 1));
  const projectLecturer = and(eq(lecturers.id, projectLecturers.lecturerId), eq(lecturers.enterpriseId, eid));

  /** The member's registration for a project. */
  const registrationKey = (projectId: string, memberId: string) =>
    memberRows(projectMembers, eid, memberId, eq(projectMembers.projectId, projectId));

  return {
    eid,
    statsOf,

    // ---- study tasks

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
        .innerJoin(courses, publishedCourse(studyTaskItems.courseId))
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

    // ---- ratings, likes, collections, comments

    async rating(targetType: StudyTarget, targetId: string, memberId: string) {
      const [row] = await db
        .select({
          rating: sql<number>`coalesce(round(avg(${ratings.score})::numeric, 1), 0)::float8`.mapWith(Number),
          ratingCount: count(),
          myRating: sql<number>`coalesce(max(case when ${ratings.enterpriseUserId} = ${memberId} then ${ratings.score} end), 0)::int`.mapWith(Number),
        })
        .from(ratings)
        .where(targetRows(ratings, eid, targetType, targetId));
      return { rating: row?.rating ?? 0, ratingCount: row?.ratingCount ?? 0, myRating: row?.myRating ?? 0 };
    },

    async saveRating(targetType: StudyTarget, targetId: string, memberId: string, score: number) {
      await db
        .insert(ratings)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId, score })
        .onConflictDoUpdate({
          target: [ratings.targetType, ratings.targetId, ratings.enterpriseUserId],
          set: { score, createdAt: sql`now()` },
        });
    },

    async isCollected(targetType: StudyTarget, targetId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(collections)
        .where(targetRows(collections, eid, targetType, targetId, memberId));
      return (row?.n ?? 0) > 0;
    },

    async collect(targetType: StudyTarget, targetId: string, memberId: string, on: boolean) {
      if (on) {
        await db
          .insert(collections)
          .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId })
          .onConflictDoNothing();
      } else {
        await db
          .delete(collections)
          .where(targetRows(collections, eid, targetType, targetId, memberId));
      }
    },

    async likeState(targetType: StudyTarget, targetId: string, memberId: string) {
      const [row] = await db
        .select({
          admireCount: count(),
          admired: sql<boolean>`coalesce(bool_or(${likes.enterpriseUserId} = ${memberId}), false)`,
        })
        .from(likes)
        .where(targetRows(likes, eid, targetType, targetId));
      return { admired: Boolean(row?.admired), admireCount: row?.admireCount ?? 0 };
    },

    /** Toggles the member's like; true when the target is liked afterwards. */
    async toggleLike(targetType: StudyTarget, targetId: string, memberId: string): Promise<boolean> {
      const removed = await db
        .delete(likes)
        .where(targetRows(likes, eid, targetType, targetId, memberId))
        .returning({ id: likes.targetId });
      if (removed.length > 0) return false;
      await db
        .insert(likes)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId })
        .onConflictDoNothing();
      return true;
    },

    async commentPage(targetType: StudyTarget, targetId: string, paging: RowWindow) {
      const where = targetRows(comments, eid, targetType, targetId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ comment: comments, userName: enterpriseUsers.userName, headPortrait: enterpriseUsers.headPortrait })
          .from(comments)
          .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
          .where(where)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(comments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async commentById(id: string) {
      const [row] = await db
        .select({ comment: comments, userName: enterpriseUsers.userName, headPortrait: enterpriseUsers.headPortrait })
        .from(comments)
        .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id)));
      return row;
    },

    async insertComment(targetType: StudyTarget, targetId: string, memberId: string, content: string) {
      const [row] = await db
        .insert(comments)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId, content })
        .returning();
      return row!;
    },

    async deleteComment(id: string, memberId: string): Promise<boolean> {
      const rows = await db
        .delete(comments)
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id), eq(comments.enterpriseUserId, memberId)))
        .returning({ id: comments.id });
      return rows.length > 0;
    },

    // ---- projects

    async project(id: string) {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.enterpriseId, eid), eq(projects.id, id)));
      return row;
    },

    /** A page of the company's projects (by sort, newest first) and the total. */
    async projectPage(
      memberId: string,
      filter: { keyword?: string; isFree?: boolean; joined?: boolean; courseId?: string },
      paging: RowWindow,
    ) {
      const parts: (SQL | undefined)[] = [eq(projects.enterpriseId, eid)];
      if (filter.keyword) {
        const p = containsPattern(filter.keyword);
        parts.push(or(ilike(projects.nameZh, p), ilike(projects.nameEn, p), ilike(projects.introZh, p), ilike(projects.introEn, p)));
      }
      if (filter.isFree !== undefined) parts.push(eq(projects.isFree, filter.isFree));
      if (filter.joined) {
        parts.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(projectMembers)
              .where(memberRows(projectMembers, eid, memberId, eq(projectMembers.projectId, projects.id), eq(projectMembers.status, 1))),
          ),
        );
      }
      if (filter.courseId) {
        parts.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(projectCourses)
              .where(
                and(
                  eq(projectCourses.enterpriseId, eid),
                  eq(projectCourses.projectId, projects.id),
                  eq(projectCourses.courseId, filter.courseId),
                ),
              ),
          ),
        );
      }
      const where = and(...parts);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(projects)
          .where(where)
          .orderBy(asc(projects.sort), desc(projects.createdAt), asc(projects.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Per project: approved members and likes. */
    async projectCounts(ids: string[]) {
      const found = new Map<string, { learnerCount: number; admireCount: number }>();
      if (ids.length === 0) return found;
      const [learners, admires] = await Promise.all([
        db
          .select({ id: projectMembers.projectId, n: count() })
          .from(projectMembers)
          .where(and(eq(projectMembers.enterpriseId, eid), inArray(projectMembers.projectId, ids), eq(projectMembers.status, 1)))
          .groupBy(projectMembers.projectId),
        db
          .select({ id: likes.targetId, n: count() })
          .from(likes)
          .where(and(eq(likes.enterpriseId, eid), eq(likes.targetType, 'project'), inArray(likes.targetId, ids)))
          .groupBy(likes.targetId),
      ]);
      for (const id of ids) found.set(id, { learnerCount: 0, admireCount: 0 });
      for (const r of learners) found.get(r.id)!.learnerCount = r.n;
      for (const r of admires) found.get(r.id)!.admireCount = r.n;
      return found;
    },

    /** The member's registrations for the given projects. */
    async registrations(memberId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, typeof projectMembers.$inferSelect>();
      const rows = await db
        .select()
        .from(projectMembers)
        .where(memberRows(projectMembers, eid, memberId, inArray(projectMembers.projectId, ids)));
      return new Map(rows.map((r) => [r.projectId, r]));
    },

    /** Projects the member was approved for, with the registration. */
    joinedProjects(memberId: string) {
      return db
        .select({ project: projects, registration: projectMembers })
        .from(projectMembers)
        .innerJoin(projects, and(eq(projects.id, projectMembers.projectId), eq(projects.enterpriseId, eid)))
        .where(memberRows(projectMembers, eid, memberId, eq(projectMembers.status, 1)));
    },

    /** Counts over all projects of the company for the member: total, joined, learning, completed. */
    async projectCountsFor(memberId: string) {
      const mine = sql`i.project_id in (select p2.id from projects p2 where p2.enterprise_id = ${eid})`;
      const result = await db.execute(sql`
        select count(*)::int as total,
          count(pm.project_id)::int as joined,
          count(*) filter (where coalesce(st.learning_status, 0) = 1)::int as learning,
          count(*) filter (where coalesce(st.learning_status, 0) = 2)::int as completed
        from projects p
        left join project_members pm on pm.project_id = p.id and pm.enterprise_id = ${eid}
          and pm.enterprise_user_id = ${memberId} and pm.status = 1
        left join (${statsSelect('project', memberId, mine)}) st on st.id = p.id
        where p.enterprise_id = ${eid}`);
      const [r] = rowsOf<Record<'total' | 'joined' | 'learning' | 'completed', number | string>>(result);
      return {
        total: Number(r?.total ?? 0),
        joined: Number(r?.joined ?? 0),
        learning: Number(r?.learning ?? 0),
        completed: Number(r?.completed ?? 0),
      };
    },

    /** Adds the member's registration unless one exists; answers the registration as stored. */
    async register(projectId: string, memberId: string, status: number) {
      const [inserted] = await db
        .insert(projectMembers)
        .values({
          enterpriseId: eid,
          projectId,
          enterpriseUserId: memberId,
          status,
          approvedAt: status === 1 ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select()
        .from(projectMembers)
        .where(registrationKey(projectId, memberId));
      return { row: existing!, created: false };
    },

    async addJoinedDynamic(memberId: string, projectId: string) {
      await db
        .insert(studyDynamics)
        .values({ enterpriseId: eid, enterpriseUserId: memberId, kind: DYNAMIC_JOINED_PROJECT, projectId });
    },

    phases(projectId: string) {
      return db
        .select()
        .from(projectPhases)
        .where(and(eq(projectPhases.enterpriseId, eid), eq(projectPhases.projectId, projectId)))
        .orderBy(asc(projectPhases.sort), asc(projectPhases.id));
    },

    async phase(id: string) {
      const [row] = await db
        .select()
        .from(projectPhases)
        .where(and(eq(projectPhases.enterpriseId, eid), eq(projectPhases.id, id)));
      return row;
    },

    /** A project's published courses in order, optionally only required/elective or of one phase. */
    projectCourses(projectId: string, filter: { required?: boolean; phaseId?: string } = {}, paging?: RowWindow) {
      const where = and(
        eq(projectCourses.enterpriseId, eid),
        eq(projectCourses.projectId, projectId),
        filter.required === undefined ? undefined : eq(projectCourses.required, filter.required),
        filter.phaseId === undefined ? undefined : eq(projectCourses.phaseId, filter.phaseId),
      );
      const query = db
        .select({ courseId: projectCourses.courseId, required: projectCourses.required, phaseId: projectCourses.phaseId })
        .from(projectCourses)
        .innerJoin(courses, publishedCourse(projectCourses.courseId))
        .where(where)
        .orderBy(asc(projectCourses.sort), asc(projectCourses.id));
      return paging ? query.limit(paging.limit).offset(paging.offset) : query;
    },

    async projectCourseCount(projectId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(projectCourses)
        .innerJoin(courses, publishedCourse(projectCourses.courseId))
        .where(and(eq(projectCourses.enterpriseId, eid), eq(projectCourses.projectId, projectId)));
      return row?.n ?? 0;
    },

    async projectLecturers(projectId: string, paging?: RowWindow) {
      const where = and(eq(projectLecturers.enterpriseId, eid), eq(projectLecturers.projectId, projectId));
      const base = db
        .select({ lecturer: lecturers })
        .from(projectLecturers)
        .innerJoin(lecturers, projectLecturer)
        .where(where)
        .orderBy(asc(projectLecturers.sort), asc(lecturers.sort), asc(lecturers.id));
      const [rows, [total]] = await Promise.all([
        paging ? base.limit(paging.limit).offset(paging.offset) : base,
        db
          .select({ n: count() })
          .from(projectLecturers)
          .innerJoin(lecturers, projectLecturer)
          .where(where),
      ]);
      return { rows: rows.map((r) => r.lecturer), total: total?.n ?? 0 };
    },

    /** Whether the member is one of the project's lecturers. */
    async isProjectLecturer(projectId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(projectLecturers)
        .innerJoin(lecturers, projectLecturer)
        .where(
          and(
            eq(projectLecturers.enterpriseId, eid),
            eq(projectLecturers.projectId, projectId),
            eq(lecturers.enterpriseUserId, memberId),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async memberPage(projectId: string, status: number | undefined, paging: RowWindow) {
      const where = and(
        eq(projectMembers.enterpriseId, eid),
        eq(projectMembers.projectId, projectId),
        status === undefined ? undefined : eq(projectMembers.status, status),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ registration: projectMembers, member: enterpriseUsers })
          .from(projectMembers)
          .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, projectMembers.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
          .where(where)
          .orderBy(desc(projectMembers.appliedAt), asc(enterpriseUsers.empNo))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(projectMembers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Decides a registration; undefined when the project has no registration of that member. */
    async decide(projectId: string, memberId: string, approve: boolean) {
      const [row] = await db
        .update(projectMembers)
        .set(approve ? { status: 1, approvedAt: new Date() } : { status: 2, approvedAt: null })
        .where(registrationKey(projectId, memberId))
        .returning();
      if (!row) return undefined;
      const [member] = await db
        .select()
        .from(enterpriseUsers)
        .where(and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, memberId)));
      return member ? { registration: row, member } : undefined;
    },

    async registration(projectId: string, memberId: string) {
      const [row] = await db
        .select()
        .from(projectMembers)
        .where(registrationKey(projectId, memberId));
      return row;
    },

    // ---- courses

    async course(id: string) {
      const [row] = await db
        .select()
        .from(courses)
        .where(and(eq(courses.enterpriseId, eid), eq(courses.id, id)));
      return row;
    },

    /** The company's categories, for finding a category's descendants. */
    async categoryRows() {
      return db.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.enterpriseId, eid));
    },

    /** A page of other published courses in some categories (by sort, newest first). */
    async categoryCourses(categoryIds: string[], exceptId: string, paging: RowWindow) {
      if (categoryIds.length === 0) return { ids: [], total: 0 };
      const where = and(
        eq(courses.enterpriseId, eid),
        inArray(courses.categoryId, categoryIds),
        eq(courses.status, 1),
        sql`${courses.id} <> ${exceptId}`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: courses.id })
          .from(courses)
          .where(where)
          .orderBy(asc(courses.sort), desc(courses.createdAt), asc(courses.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(courses).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
    },

    // ---- course user records

    async insertRecord(memberId: string, courseId: string, projectId: string | null, content: string) {
      const [row] = await db
        .insert(courseUserRecords)
        .values({ enterpriseId: eid, enterpriseUserId: memberId, courseId, projectId, content })
        .returning();
      return row!;
    },

    /** The member's own records of a course (of one project when given), newest first. */
    async records(memberId: string, courseId: string, projectId?: string) {
      return db
        .select()
        .from(courseUserRecords)
        .where(
          memberRows(
            courseUserRecords,
            eid,
            memberId,
            eq(courseUserRecords.courseId, courseId),
            projectId ? eq(courseUserRecords.projectId, projectId) : undefined,
          ),
        )
        .orderBy(desc(courseUserRecords.createdAt), desc(courseUserRecords.id));
    },

    /** Edits the member's own record; undefined when the member has no such record. */
    async updateRecord(id: string, memberId: string, content: string) {
      const [row] = await db
        .update(courseUserRecords)
        .set({ content, updatedAt: new Date() })
        .where(and(eq(courseUserRecords.enterpriseId, eid), eq(courseUserRecords.id, id), eq(courseUserRecords.enterpriseUserId, memberId)))
        .returning();
      return row;
    },
  };
}
