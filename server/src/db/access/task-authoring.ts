/**
 * Data access of the back office's study tasks (`scoped(db, eid).taskAuthoring`): the task rows,
 * their items (courses and exams, in order) and audiences (departments and posts, each with
 * those under it, and members), who is assigned, the assigned members' exam tasks, and each
 * assigned member's progress as the learner's own task page counts it.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ExamStatus } from '@/api/exam-types';
import type { LearningStatus } from '@/api/learning-types';
import type { Db } from '../client';
import { courses, departments, enterpriseUsers, examTasks, exams, posts, studyTaskAudience, studyTaskItems, studyTaskMembers, studyTasks } from '../schema';
import { rowsOf, toLearningStatus } from './course-cards';
import { statsQueries } from './study-stats';

export type TaskRow = typeof studyTasks.$inferSelect;
export type TaskValues = Omit<typeof studyTasks.$inferInsert, 'id' | 'enterpriseId' | 'createdAt' | 'remindedAt'>;
export interface TaskItemInput {
  courseId: string | null;
  examId: string | null;
  required: boolean;
}
export interface TaskAudienceInput {
  departmentIds: string[];
  postIds: string[];
  memberIds: string[];
}
export interface TaskProgressFilter {
  learningStatus?: LearningStatus;
  /** Members of this department or one under it. */
  departmentId?: string;
  /** A LIKE pattern on the name or the employee number. */
  pattern?: string;
}
export interface TaskProgressRow {
  memberId: string;
  userName: string;
  empNo: string;
  departmentZh: string | null;
  departmentEn: string | null;
  assignedAt: Date;
  progress: number;
  learningStatus: LearningStatus;
  requiredCount: number;
  requiredCompleted: number;
  progressAt: Date | null;
}

/** A list of values as SQL (`a, b, c`); callers make sure it is not empty. */
const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function taskAuthoringQueries(db: Db, eid: string) {
  const { statsSelect } = statsQueries(db, eid);
  const mine = (taskId: string) => and(eq(studyTasks.enterpriseId, eid), eq(studyTasks.id, taskId));

  /**
   * Enabled members a task of audience 1 names, as SQL of their ids: in a chosen department or
   * post or one under it, or chosen by name. `tasks` is SQL of the task ids considered, and the
   * select answers `task_id, member_id` pairs.
   */
  function audienceMembers(tasks: SQL, memberFilter: SQL = sql`true`): SQL {
    return sql`
      with recursive dep(task_id, id) as (
        select a.task_id, a.department_id from study_task_audience a
        where a.enterprise_id = ${eid} and a.department_id is not null and a.task_id in (${tasks})
        union
        select dep.task_id, d.id from departments d join dep on d.parent_id = dep.id where d.enterprise_id = ${eid}
      ), pst(task_id, id) as (
        select a.task_id, a.post_id from study_task_audience a
        where a.enterprise_id = ${eid} and a.post_id is not null and a.task_id in (${tasks})
        union
        select pst.task_id, p.id from posts p join pst on p.parent_id = pst.id where p.enterprise_id = ${eid}
      )
      select dep.task_id, u.id as member_id from dep join enterprise_users u on u.enterprise_id = ${eid} and u.department_id = dep.id and u.status = 1 and ${memberFilter}
      union
      select pst.task_id, u.id from pst join enterprise_users u on u.enterprise_id = ${eid} and u.post_id = pst.id and u.status = 1 and ${memberFilter}
      union
      select a.task_id, u.id from study_task_audience a join enterprise_users u on u.enterprise_id = ${eid} and u.id = a.enterprise_user_id and u.status = 1 and ${memberFilter}
      where a.enterprise_id = ${eid} and a.task_id in (${tasks})`;
  }

  /** A task's assignments `tm` with their members `u` and each one's progress `st` in it (filter on `tm` yourself). */
  const assignedWithStats = (taskId: string): SQL => sql`study_task_members tm
    join enterprise_users u on u.enterprise_id = ${eid} and u.id = tm.enterprise_user_id
    left join lateral (${statsSelect('task', sql`u.id`, sql`i.task_id = ${taskId}`)}) st on true`;

  /** The task ids and member ids of `pairs` grouped by task. */
  function byTask(pairs: { task_id: string; member_id: string }[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const p of pairs) out.set(p.task_id, [...(out.get(p.task_id) ?? []), p.member_id]);
    return out;
  }

  return {
    /** A page of the company's tasks, latest start first, with their item and member counts. */
    async page(filter: { pattern?: string; taskType?: number }, limit: number, offset: number) {
      const where = and(
        eq(studyTasks.enterpriseId, eid),
        filter.taskType === undefined ? undefined : eq(studyTasks.taskType, filter.taskType),
        filter.pattern
          ? or(ilike(studyTasks.nameZh, filter.pattern), ilike(studyTasks.nameEn, filter.pattern))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            task: studyTasks,
            itemCount: sql<number>`(select count(*)::int from study_task_items i where i.enterprise_id = ${eid} and i.task_id = study_tasks.id)`,
            memberCount: sql<number>`(select count(*)::int from study_task_members m where m.enterprise_id = ${eid} and m.task_id = study_tasks.id)`,
          })
          .from(studyTasks)
          .where(where)
          .orderBy(desc(studyTasks.startAt), desc(studyTasks.createdAt), asc(studyTasks.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(studyTasks).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r, itemCount: Number(r.itemCount), memberCount: Number(r.memberCount) })), total: total?.n ?? 0 };
    },

    async task(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.select().from(studyTasks).where(mine(id));
      return row;
    },

    async insertTask(values: TaskValues): Promise<TaskRow> {
      const [row] = await db
        .insert(studyTasks)
        .values({ ...values, enterpriseId: eid })
        .returning();
      return row!;
    },

    /** Changes a task; a changed reminder time is due again. */
    async updateTask(id: string, values: TaskValues): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(studyTasks)
        .set({ ...values, remindedAt: sql`case when ${studyTasks.remindAt} is not distinct from ${values.remindAt ?? null}::timestamptz then ${studyTasks.remindedAt} else null end` })
        .where(mine(id))
        .returning();
      return row;
    },

    async deleteTask(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.delete(studyTasks).where(mine(id)).returning();
      return row;
    },

    /** A task's items in order, with the course's or exam's names. */
    items(taskId: string) {
      return db
        .select({
          id: studyTaskItems.id,
          courseId: studyTaskItems.courseId,
          examId: studyTaskItems.examId,
          required: studyTaskItems.required,
          courseZh: courses.nameZh,
          courseEn: courses.nameEn,
          examZh: exams.nameZh,
          examEn: exams.nameEn,
        })
        .from(studyTaskItems)
        .leftJoin(courses, and(eq(courses.id, studyTaskItems.courseId), eq(courses.enterpriseId, eid)))
        .leftJoin(exams, and(eq(exams.id, studyTaskItems.examId), eq(exams.enterpriseId, eid)))
        .where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.taskId, taskId)))
        .orderBy(asc(studyTaskItems.sort), asc(studyTaskItems.id));
    },

    /** How many of the courses and exams are the company's. */
    async ownItems(courseIds: string[], examIds: string[]): Promise<{ courses: number; exams: number }> {
      const [c, e] = await Promise.all([
        courseIds.length ? db.select({ n: count() }).from(courses).where(and(eq(courses.enterpriseId, eid), inArray(courses.id, courseIds))) : [{ n: 0 }],
        examIds.length ? db.select({ n: count() }).from(exams).where(and(eq(exams.enterpriseId, eid), inArray(exams.id, examIds))) : [{ n: 0 }],
      ]);
      return { courses: c[0]?.n ?? 0, exams: e[0]?.n ?? 0 };
    },

    /**
     * Sets a task's items in the order given, keeping the rows (and so the members' exam tasks)
     * of the courses and exams that stay. Answers the ids of the removed exam items.
     */
    async setItems(taskId: string, items: TaskItemInput[]): Promise<string[]> {
      const before = await db
        .select({ id: studyTaskItems.id, courseId: studyTaskItems.courseId, examId: studyTaskItems.examId })
        .from(studyTaskItems)
        .where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.taskId, taskId)));
      const keyOf = (i: { courseId: string | null; examId: string | null }) => (i.courseId ? `c:${i.courseId}` : `e:${i.examId}`);
      const kept = new Map(before.map((b) => [keyOf(b), b]));
      const wanted = new Set(items.map(keyOf));
      const gone = before.filter((b) => !wanted.has(keyOf(b)));
      if (gone.length) await db.delete(studyTaskItems).where(and(eq(studyTaskItems.enterpriseId, eid), inArray(studyTaskItems.id, gone.map((g) => g.id))));
      for (const [sort, item] of items.entries()) {
        const row = kept.get(keyOf(item));
        if (row) {
          await db.update(studyTaskItems).set({ required: item.required, sort }).where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.id, row.id)));
        } else {
          await db.insert(studyTaskItems).values({ enterpriseId: eid, taskId, courseId: item.courseId, examId: item.examId, required: item.required, sort });
        }
      }
      return gone.filter((g) => g.examId).map((g) => g.id);
    },

    /** A task's audience rows with the names of what they name. */
    async audience(taskId: string) {
      const rows = await db
        .select({
          departmentId: studyTaskAudience.departmentId,
          postId: studyTaskAudience.postId,
          memberId: studyTaskAudience.enterpriseUserId,
          departmentZh: departments.nameZh,
          departmentEn: departments.nameEn,
          postZh: posts.nameZh,
          postEn: posts.nameEn,
          userName: enterpriseUsers.userName,
          empNo: enterpriseUsers.empNo,
          memberDepartment: enterpriseUsers.departmentName,
        })
        .from(studyTaskAudience)
        .leftJoin(departments, and(eq(departments.enterpriseId, eid), eq(departments.id, studyTaskAudience.departmentId)))
        .leftJoin(posts, and(eq(posts.enterpriseId, eid), eq(posts.id, studyTaskAudience.postId)))
        .leftJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, studyTaskAudience.enterpriseUserId)))
        .where(and(eq(studyTaskAudience.enterpriseId, eid), eq(studyTaskAudience.taskId, taskId)))
        .orderBy(asc(studyTaskAudience.id));
      return rows;
    },

    /** How many of the departments, posts and members are the company's. */
    async ownAudience(a: TaskAudienceInput): Promise<{ departments: number; posts: number; members: number }> {
      const [d, p, m] = await Promise.all([
        a.departmentIds.length ? db.select({ n: count() }).from(departments).where(and(eq(departments.enterpriseId, eid), inArray(departments.id, a.departmentIds))) : [{ n: 0 }],
        a.postIds.length ? db.select({ n: count() }).from(posts).where(and(eq(posts.enterpriseId, eid), inArray(posts.id, a.postIds))) : [{ n: 0 }],
        a.memberIds.length
          ? db.select({ n: count() }).from(enterpriseUsers).where(and(eq(enterpriseUsers.enterpriseId, eid), inArray(enterpriseUsers.id, a.memberIds)))
          : [{ n: 0 }],
      ]);
      return { departments: d[0]?.n ?? 0, posts: p[0]?.n ?? 0, members: m[0]?.n ?? 0 };
    },

    async setAudience(taskId: string, a: TaskAudienceInput): Promise<void> {
      await db.delete(studyTaskAudience).where(and(eq(studyTaskAudience.enterpriseId, eid), eq(studyTaskAudience.taskId, taskId)));
      const rows = [
        ...a.departmentIds.map((departmentId) => ({ departmentId })),
        ...a.postIds.map((postId) => ({ postId })),
        ...a.memberIds.map((enterpriseUserId) => ({ enterpriseUserId })),
      ];
      if (rows.length) await db.insert(studyTaskAudience).values(rows.map((r) => ({ enterpriseId: eid, taskId, ...r })));
    },

    /** The enabled members who must do the task: every one, or those its audience names. */
    async targetMembers(task: Pick<TaskRow, 'id' | 'audience'>): Promise<string[]> {
      if (task.audience === 0) {
        const rows = await db
          .select({ id: enterpriseUsers.id })
          .from(enterpriseUsers)
          .where(and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.status, 1)));
        return rows.map((r) => r.id);
      }
      const result = await db.execute(audienceMembers(sql`${task.id}`));
      return [...new Set(rowsOf<{ member_id: string }>(result).map((r) => r.member_id))];
    },

    /** Who is assigned the task, with whether they completed it. */
    assigned(taskId: string) {
      return db
        .select({ memberId: studyTaskMembers.enterpriseUserId, completedAt: studyTaskMembers.completedAt })
        .from(studyTaskMembers)
        .where(and(eq(studyTaskMembers.enterpriseId, eid), eq(studyTaskMembers.taskId, taskId)));
    },

    /** Assigns the task to members; answers those newly assigned. */
    async assign(taskId: string, memberIds: string[]): Promise<string[]> {
      if (memberIds.length === 0) return [];
      const rows = await db
        .insert(studyTaskMembers)
        .values(memberIds.map((enterpriseUserId) => ({ enterpriseId: eid, taskId, enterpriseUserId })))
        .onConflictDoNothing()
        .returning({ id: studyTaskMembers.enterpriseUserId });
      return rows.map((r) => r.id);
    },

    /** Takes the task back from members who have not completed it; answers those it was taken from. */
    async unassign(taskId: string, memberIds: string[]): Promise<string[]> {
      if (memberIds.length === 0) return [];
      const rows = await db
        .delete(studyTaskMembers)
        .where(
          and(
            eq(studyTaskMembers.enterpriseId, eid),
            eq(studyTaskMembers.taskId, taskId),
            inArray(studyTaskMembers.enterpriseUserId, memberIds),
            isNull(studyTaskMembers.completedAt),
          ),
        )
        .returning({ id: studyTaskMembers.enterpriseUserId });
      return rows.map((r) => r.id);
    },

    /**
     * Gives each assigned member (or those of `memberIds`) an assigned exam task for each exam of
     * the task they have none for yet (one per member and task item).
     */
    async ensureExamTasks(taskId: string, memberIds?: string[]): Promise<number> {
      if (memberIds && memberIds.length === 0) return 0;
      const members = memberIds ? sql`and m.enterprise_user_id in (${sqlList(memberIds)})` : sql``;
      const result = await db.execute(sql`
        insert into exam_tasks (enterprise_id, exam_id, enterprise_user_id, type, item_id, status)
        select ${eid}, i.exam_id, m.enterprise_user_id, 2, i.id, ${ExamStatus.waiting}
        from study_task_items i
        join study_task_members m on m.enterprise_id = ${eid} and m.task_id = i.task_id ${members}
        where i.enterprise_id = ${eid} and i.task_id = ${taskId} and i.exam_id is not null
          and not exists (select 1 from exam_tasks t where t.enterprise_id = ${eid} and t.item_id = i.id and t.enterprise_user_id = m.enterprise_user_id)
        returning id`);
      return rowsOf(result).length;
    },

    /**
     * Deletes the untaken exam tasks a task's items gave (all of `itemIds`, or only those of
     * `memberIds`): waiting, with no paper handed in or begun.
     */
    async dropExamTasks(itemIds: string[], memberIds?: string[]): Promise<void> {
      if (itemIds.length === 0 || (memberIds && memberIds.length === 0)) return;
      await db.delete(examTasks).where(
        and(
          eq(examTasks.enterpriseId, eid),
          inArray(examTasks.itemId, itemIds),
          memberIds ? inArray(examTasks.enterpriseUserId, memberIds) : undefined,
          eq(examTasks.type, 2),
          eq(examTasks.status, ExamStatus.waiting),
          sql`not exists (select 1 from exam_papers p where p.enterprise_id = ${eid} and p.task_id = ${examTasks.id})`,
        ),
      );
    },

    /** The ids of a task's exam items. */
    async examItemIds(taskId: string): Promise<string[]> {
      const rows = await db
        .select({ id: studyTaskItems.id })
        .from(studyTaskItems)
        .where(and(eq(studyTaskItems.enterpriseId, eid), eq(studyTaskItems.taskId, taskId), isNotNull(studyTaskItems.examId)));
      return rows.map((r) => r.id);
    },

    /**
     * Assigns new or moved members the running tasks open to those who join later whose audience
     * takes them in. Answers the new assignments by task.
     */
    async assignJoining(memberIds: string[]): Promise<Map<string, string[]>> {
      if (memberIds.length === 0) return new Map();
      const open = sql`select t.id from study_tasks t where t.enterprise_id = ${eid} and t.join_later and (t.end_at is null or t.end_at > now())`;
      const members = sql`u.id in (${sqlList(memberIds)})`;
      const result = await db.execute(sql`
        insert into study_task_members (enterprise_id, task_id, enterprise_user_id)
        select ${eid}, x.task_id, x.member_id from (
          select t.id as task_id, u.id as member_id from study_tasks t
          join enterprise_users u on u.enterprise_id = ${eid} and u.status = 1 and ${members}
          where t.id in (${open}) and t.audience = 0
          union
          select am.task_id, am.member_id from (${audienceMembers(sql`select o.id from (${open}) o join study_tasks t on t.id = o.id where t.audience = 1`, members)}) am
        ) x
        on conflict do nothing
        returning task_id, enterprise_user_id as member_id`);
      return byTask(rowsOf<{ task_id: string; member_id: string }>(result));
    },

    /** The assigned members who have not completed the task (as its progress counts it). */
    async unfinished(taskId: string): Promise<string[]> {
      const result = await db.execute(sql`select u.id as member_id from ${assignedWithStats(taskId)}
        where tm.enterprise_id = ${eid} and tm.task_id = ${taskId} and coalesce(st.learning_status, 0) <> 2`);
      return rowsOf<{ member_id: string }>(result).map((r) => r.member_id);
    },

    /** A page of a task's assigned members with their progress, and the counts by learning status. */
    async progressPage(taskId: string, filter: TaskProgressFilter, limit: number, offset: number) {
      const parts: SQL[] = [sql`tm.enterprise_id = ${eid}`, sql`tm.task_id = ${taskId}`];
      if (filter.pattern) parts.push(sql`(u.user_name ilike ${filter.pattern} or u.emp_no ilike ${filter.pattern})`);
      if (filter.departmentId) {
        parts.push(sql`u.department_id in (with recursive sub(id) as (
          select ${filter.departmentId}::varchar union select d.id from departments d join sub on d.parent_id = sub.id where d.enterprise_id = ${eid}
        ) select id from sub)`);
      }
      const from = sql`${assignedWithStats(taskId)}
        left join departments d on d.enterprise_id = ${eid} and d.id = u.department_id`;
      const where = sql.join(parts, sql` and `);
      const status = sql`coalesce(st.learning_status, 0)`;
      const listWhere = filter.learningStatus === undefined ? where : sql`${where} and ${status} = ${filter.learningStatus}`;
      const [page, counts] = await Promise.all([
        db.execute(sql`select u.id as member_id, u.user_name, u.emp_no, d.name_zh as department_zh, d.name_en as department_en,
            tm.created_at as assigned_at, coalesce(st.progress, 0)::int as progress, ${status}::int as learning_status,
            coalesce(st.required_count, 0)::int as required_count, coalesce(st.required_completed, 0)::int as required_completed, st.progress_at
          from ${from} where ${listWhere}
          order by ${status} desc, coalesce(st.progress, 0) desc, u.emp_no, u.id limit ${limit} offset ${offset}`),
        db.execute(sql`select ${status}::int as s, count(*)::int as n from ${from} where ${where} group by 1`),
      ]);
      const byStatus = new Map(rowsOf<{ s: number | string; n: number | string }>(counts).map((r) => [toLearningStatus(Number(r.s)), Number(r.n)]));
      type Raw = {
        member_id: string;
        user_name: string;
        emp_no: string;
        department_zh: string | null;
        department_en: string | null;
        assigned_at: Date | string;
        progress: number | string;
        learning_status: number | string;
        required_count: number | string;
        required_completed: number | string;
        progress_at: Date | string | null;
      };
      const rows: TaskProgressRow[] = rowsOf<Raw>(page).map((r) => ({
        memberId: r.member_id,
        userName: r.user_name,
        empNo: r.emp_no,
        departmentZh: r.department_zh,
        departmentEn: r.department_en,
        assignedAt: new Date(r.assigned_at),
        progress: Number(r.progress),
        learningStatus: toLearningStatus(Number(r.learning_status)),
        requiredCount: Number(r.required_count),
        requiredCompleted: Number(r.required_completed),
        progressAt: r.progress_at ? new Date(r.progress_at) : null,
      }));
      return { rows, byStatus };
    },

    /** Claims a task's due reminder once: answers the task when `remindAt` is still its time and no reminder went yet. */
    async claimReminder(taskId: string, remindAt: Date): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(studyTasks)
        .set({ remindedAt: sql`now()` })
        .where(and(mine(taskId), eq(studyTasks.remindAt, remindAt), isNull(studyTasks.remindedAt)))
        .returning();
      return row;
    },
  };
}
