/**
 * Data access of the back office's study projects. `scoped(db, eid).crmProjects` binds every
 * query to one enterprise: the list with its counts, a project with its phases, courses,
 * lecturers and certificate, their replacement on save, and the registrations of the queue.
 * `db` may be a transaction.
 */
import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import {
  certificates,
  collections,
  courses,
  enterpriseUsers,
  lecturers,
  likes,
  projectCourses,
  projectLecturers,
  projectMembers,
  projectPhases,
  projects,
} from '../schema';

export type CrmProjectRow = typeof projects.$inferSelect;
export type CrmPhaseRow = typeof projectPhases.$inferSelect;
export type CrmProjectValues = Pick<
  CrmProjectRow,
  'nameZh' | 'nameEn' | 'introZh' | 'introEn' | 'cover' | 'registration' | 'isFree' | 'studyDays' | 'startAt' | 'studyEndAt' | 'creditHours'
>;
export type CrmPhaseValues = Pick<CrmPhaseRow, 'nameZh' | 'nameEn' | 'introZh' | 'introEn'>;

export function crmProjectScope(db: Db, eid: string) {
  const ofProject = (projectId: string) => and(eq(projects.enterpriseId, eid), eq(projects.id, projectId));
  const phasesOf = (projectId: string): Promise<CrmPhaseRow[]> =>
    db
      .select()
      .from(projectPhases)
      .where(and(eq(projectPhases.enterpriseId, eid), eq(projectPhases.projectId, projectId)))
      .orderBy(asc(projectPhases.sort), asc(projectPhases.id));

  return {
    async project(id: string): Promise<CrmProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(ofProject(id));
      return row;
    },

    /** A page of the company's projects in the learners' order (sort, newest first); `pattern` over both names. */
    async page(pattern: string | undefined, limit: number, offset: number) {
      const where = and(eq(projects.enterpriseId, eid), pattern ? or(sql`${projects.nameZh} ilike ${pattern}`, sql`${projects.nameEn} ilike ${pattern}`) : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(projects).where(where).orderBy(asc(projects.sort), desc(projects.createdAt), asc(projects.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Per project: its courses, approved members and registrations waiting for approval. */
    async counts(ids: string[]) {
      const found = new Map(ids.map((id) => [id, { courseCount: 0, memberCount: 0, waitingCount: 0 }]));
      if (ids.length === 0) return found;
      const [links, members] = await Promise.all([
        db
          .select({ id: projectCourses.projectId, n: count() })
          .from(projectCourses)
          .where(and(eq(projectCourses.enterpriseId, eid), inArray(projectCourses.projectId, ids)))
          .groupBy(projectCourses.projectId),
        db
          .select({
            id: projectMembers.projectId,
            approved: sql<number>`count(*) filter (where ${projectMembers.status} = 1)::int`.mapWith(Number),
            waiting: sql<number>`count(*) filter (where ${projectMembers.status} = 0)::int`.mapWith(Number),
          })
          .from(projectMembers)
          .where(and(eq(projectMembers.enterpriseId, eid), inArray(projectMembers.projectId, ids)))
          .groupBy(projectMembers.projectId),
      ]);
      for (const r of links) found.get(r.id)!.courseCount = r.n;
      for (const r of members) Object.assign(found.get(r.id)!, { memberCount: r.approved, waitingCount: r.waiting });
      return found;
    },

    phases: phasesOf,

    /** Every course of the project (drafts too), in order, with its name and status. */
    courses(projectId: string) {
      return db
        .select({
          courseId: projectCourses.courseId,
          phaseId: projectCourses.phaseId,
          required: projectCourses.required,
          nameZh: courses.nameZh,
          nameEn: courses.nameEn,
          status: courses.status,
        })
        .from(projectCourses)
        .innerJoin(courses, and(eq(courses.id, projectCourses.courseId), eq(courses.enterpriseId, eid)))
        .where(and(eq(projectCourses.enterpriseId, eid), eq(projectCourses.projectId, projectId)))
        .orderBy(asc(projectCourses.sort), asc(projectCourses.id));
    },

    lecturers(projectId: string) {
      return db
        .select({ id: lecturers.id, nameZh: lecturers.nameZh, nameEn: lecturers.nameEn })
        .from(projectLecturers)
        .innerJoin(lecturers, and(eq(lecturers.id, projectLecturers.lecturerId), eq(lecturers.enterpriseId, eid)))
        .where(and(eq(projectLecturers.enterpriseId, eid), eq(projectLecturers.projectId, projectId)))
        .orderBy(asc(projectLecturers.sort), asc(lecturers.id));
    },

    /** The company's certificates the project issues. */
    certificatesOf(projectId: string) {
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.enterpriseId, eid), eq(certificates.projectId, projectId)))
        .orderBy(asc(certificates.createdAt), asc(certificates.id));
    },

    /** How many of the ids are courses of the company. */
    async courseCount(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(courses).where(and(eq(courses.enterpriseId, eid), inArray(courses.id, ids)));
      return row?.n ?? 0;
    },

    /** How many of the ids are lecturers of the company. */
    async lecturerCount(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(lecturers).where(and(eq(lecturers.enterpriseId, eid), inArray(lecturers.id, ids)));
      return row?.n ?? 0;
    },

    async certificate(id: string) {
      const [row] = await db.select().from(certificates).where(and(eq(certificates.enterpriseId, eid), eq(certificates.id, id)));
      return row;
    },

    /** The company's certificates with the course or project that issues each, by name. */
    certificateOptions() {
      return db
        .select({
          certificate: certificates,
          course: { id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn },
          project: { id: projects.id, nameZh: projects.nameZh, nameEn: projects.nameEn },
        })
        .from(certificates)
        .leftJoin(courses, and(eq(courses.id, certificates.courseId), eq(courses.enterpriseId, eid)))
        .leftJoin(projects, and(eq(projects.id, certificates.projectId), eq(projects.enterpriseId, eid)))
        .where(eq(certificates.enterpriseId, eid))
        .orderBy(asc(certificates.nameZh), asc(certificates.id));
    },

    async insertProject(values: CrmProjectValues): Promise<CrmProjectRow> {
      const [row] = await db.insert(projects).values({ ...values, enterpriseId: eid }).returning();
      return row!;
    },

    async updateProject(id: string, values: CrmProjectValues): Promise<CrmProjectRow | undefined> {
      const [row] = await db.update(projects).set(values).where(ofProject(id)).returning();
      return row;
    },

    /** Deletes a project (its phases, courses, lecturers and registrations go with it) and the likes and bookmarks of it. */
    async deleteProject(id: string): Promise<CrmProjectRow | undefined> {
      const [row] = await db.delete(projects).where(ofProject(id)).returning();
      if (!row) return undefined;
      await db.delete(likes).where(and(eq(likes.enterpriseId, eid), eq(likes.targetType, 'project'), eq(likes.targetId, id)));
      await db.delete(collections).where(and(eq(collections.enterpriseId, eid), eq(collections.targetType, 'project'), eq(collections.targetId, id)));
      return row;
    },

    /**
     * Makes the project's phases these, in order: a phase with the id of one of the project's
     * keeps it (changed), one without is added, the others go. Answers the phases' ids in order;
     * undefined when an id is not one of the project's phases.
     */
    async setPhases(projectId: string, phases: (CrmPhaseValues & { id?: string })[]): Promise<string[] | undefined> {
      const existing = new Set((await phasesOf(projectId)).map((p) => p.id));
      if (phases.some((p) => p.id && !existing.has(p.id))) return undefined;
      const kept = phases.flatMap((p) => (p.id ? [p.id] : []));
      await db
        .delete(projectPhases)
        .where(and(eq(projectPhases.enterpriseId, eid), eq(projectPhases.projectId, projectId), kept.length ? notInArray(projectPhases.id, kept) : undefined));
      const ids: string[] = [];
      for (const [sort, { id, ...values }] of phases.entries()) {
        if (id) {
          await db.update(projectPhases).set({ ...values, sort }).where(and(eq(projectPhases.enterpriseId, eid), eq(projectPhases.id, id)));
          ids.push(id);
        } else {
          const [row] = await db.insert(projectPhases).values({ ...values, sort, enterpriseId: eid, projectId }).returning({ id: projectPhases.id });
          ids.push(row!.id);
        }
      }
      return ids;
    },

    /** Makes the project's courses these, in order. */
    async setCourses(projectId: string, links: { courseId: string; required: boolean; phaseId: string | null }[]): Promise<void> {
      await db.delete(projectCourses).where(and(eq(projectCourses.enterpriseId, eid), eq(projectCourses.projectId, projectId)));
      if (links.length === 0) return;
      await db.insert(projectCourses).values(links.map((l, sort) => ({ ...l, sort, enterpriseId: eid, projectId })));
    },

    /** Makes the project's lecturers these, in order. */
    async setLecturers(projectId: string, ids: string[]): Promise<void> {
      await db.delete(projectLecturers).where(and(eq(projectLecturers.enterpriseId, eid), eq(projectLecturers.projectId, projectId)));
      if (ids.length === 0) return;
      await db.insert(projectLecturers).values(ids.map((lecturerId, sort) => ({ lecturerId, sort, enterpriseId: eid, projectId })));
    },

    /**
     * Makes `certificateId` (or none) the certificate the project issues: others it issued no
     * longer do. The caller has checked that the certificate issues nothing else.
     */
    async bindCertificate(projectId: string, certificateId: string | null): Promise<void> {
      await db
        .update(certificates)
        .set({ projectId: null })
        .where(and(eq(certificates.enterpriseId, eid), eq(certificates.projectId, projectId), certificateId ? sql`${certificates.id} <> ${certificateId}` : undefined));
      if (certificateId) {
        await db
          .update(certificates)
          .set({ projectId })
          .where(and(eq(certificates.enterpriseId, eid), eq(certificates.id, certificateId), isNull(certificates.courseId)));
      }
    },

    /** A page of a project's registrations, latest first, by status; `pattern` over name and employee number. */
    async memberPage(projectId: string, status: number | undefined, pattern: string | undefined, limit: number, offset: number) {
      const conditions: (SQL | undefined)[] = [
        eq(projectMembers.enterpriseId, eid),
        eq(projectMembers.projectId, projectId),
        status === undefined ? undefined : eq(projectMembers.status, status),
        pattern ? or(sql`${enterpriseUsers.userName} ilike ${pattern}`, sql`${enterpriseUsers.empNo} ilike ${pattern}`) : undefined,
      ];
      const where = and(...conditions);
      const joined = and(eq(enterpriseUsers.id, projectMembers.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid));
      const [rows, [total]] = await Promise.all([
        db
          .select({ registration: projectMembers, member: enterpriseUsers })
          .from(projectMembers)
          .innerJoin(enterpriseUsers, joined)
          .where(where)
          .orderBy(desc(projectMembers.appliedAt), asc(enterpriseUsers.empNo))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(projectMembers).innerJoin(enterpriseUsers, joined).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async registration(projectId: string, memberId: string) {
      const [row] = await db
        .select()
        .from(projectMembers)
        .where(and(eq(projectMembers.enterpriseId, eid), eq(projectMembers.projectId, projectId), eq(projectMembers.enterpriseUserId, memberId)));
      return row;
    },
  };
}
