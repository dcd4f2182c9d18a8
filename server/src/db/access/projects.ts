/** Projects' rows: pages, registrations, phases, courses and lecturers, and the courses of categories. */
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import type { RowWindow } from '../../paging';
import {
  categories,
  courses,
  enterpriseUsers,
  lecturers,
  likes,
  projectCourses,
  projectLecturers,
  projectMembers,
  projectPhases,
  projects,
  studyDynamics,
} from '../schema';
import { rowsOf } from './course-cards';
import { containsPattern, memberRows, publishedCourse } from './rows';
import { DYNAMIC_JOINED_PROJECT, statsQueries } from './study-stats';

/** Projects: pages and counts, registrations, phases, courses and lecturers, with the member's progress. */
export function projectQueries(db: Db, eid: string, stats: Pick<ReturnType<typeof statsQueries>, 'statsSelect'>) {
  const { statsSelect } = stats;
  const projectLecturer = and(eq(lecturers.id, projectLecturers.lecturerId), eq(lecturers.enterpriseId, eid));

  /** The member's registration for a project. */
  const registrationKey = (projectId: string, memberId: string) =>
    memberRows(projectMembers, eid, memberId, eq(projectMembers.projectId, projectId));

  return {

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
        .innerJoin(courses, publishedCourse(eid, projectCourses.courseId))
        .where(where)
        .orderBy(asc(projectCourses.sort), asc(projectCourses.id));
      return paging ? query.limit(paging.limit).offset(paging.offset) : query;
    },

    async projectCourseCount(projectId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(projectCourses)
        .innerJoin(courses, publishedCourse(eid, projectCourses.courseId))
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
  };
}
