/**
 * Data access for course progress and exports. `scoped(db, eid).reports` binds
 * every query to one enterprise; a member's export records also to the member.
 */
import { and, asc, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { courseProgress, courses, enterpriseUsers, exportRecords } from '../schema';
import { lockQuota } from '../../quotas';

export type ExportRecordRow = typeof exportRecords.$inferSelect;

/** Which learners' progress a query covers: one member's, or the whole enterprise's. */
export type ProgressAudience = { memberId: string } | 'enterprise';

export interface ProgressFilters {
  courseId?: string;
  learningStatus?: number;
}

export interface ProgressRecord {
  userId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  courseId: string;
  courseNameZh: string;
  courseNameEn: string;
  progress: number;
  status: number;
  studySeconds: number;
  startedAt: Date;
  completedAt: Date | null;
}

export function dataScope(db: Db, enterpriseId: string) {
  const ownExports = (memberId: string) =>
    and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.enterpriseUserId, memberId));
  const removeExports = (where: SQL | undefined) =>
    db.delete(exportRecords).where(where).returning({ id: exportRecords.id, fileKey: exportRecords.fileKey });
  const progressWhere = (audience: ProgressAudience, filters: ProgressFilters): SQL | undefined =>
    and(
      eq(courseProgress.enterpriseId, enterpriseId),
      audience === 'enterprise' ? undefined : eq(courseProgress.enterpriseUserId, audience.memberId),
      filters.courseId ? eq(courseProgress.courseId, filters.courseId) : undefined,
      filters.learningStatus !== undefined ? eq(courseProgress.status, filters.learningStatus) : undefined,
    );

  const progressFrom = () =>
    db
      .select({
        userId: courseProgress.enterpriseUserId,
        userName: enterpriseUsers.userName,
        empNo: enterpriseUsers.empNo,
        departmentName: enterpriseUsers.departmentName,
        courseId: courseProgress.courseId,
        courseNameZh: courses.nameZh,
        courseNameEn: courses.nameEn,
        progress: courseProgress.progress,
        status: courseProgress.status,
        studySeconds: courseProgress.studySeconds,
        startedAt: courseProgress.startedAt,
        completedAt: courseProgress.completedAt,
      })
      .from(courseProgress)
      .innerJoin(
        enterpriseUsers,
        and(eq(enterpriseUsers.id, courseProgress.enterpriseUserId), eq(enterpriseUsers.enterpriseId, enterpriseId)),
      )
      .innerJoin(courses, and(eq(courses.id, courseProgress.courseId), eq(courses.enterpriseId, enterpriseId)));

  const ownRecord = (memberId: string, id: string) =>
    and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.enterpriseUserId, memberId), eq(exportRecords.id, id));

  return {
    /**
     * Course progress rows, most recently studied first (then by employee number and course, so
     * that pages do not overlap), and how many there are in all.
     */
    async progressPage(
      audience: ProgressAudience,
      filters: ProgressFilters,
      offset: number,
      limit: number,
    ): Promise<{ rows: ProgressRecord[]; total: number }> {
      const where = progressWhere(audience, filters);
      const rows = await progressFrom()
        .where(where)
        .orderBy(desc(courseProgress.updatedAt), asc(enterpriseUsers.empNo), asc(courseProgress.courseId))
        .limit(limit)
        .offset(offset);
      const [counted] = await db
        .select({ n: count() })
        .from(courseProgress)
        .innerJoin(
          enterpriseUsers,
          and(eq(enterpriseUsers.id, courseProgress.enterpriseUserId), eq(enterpriseUsers.enterpriseId, enterpriseId)),
        )
        .innerJoin(courses, and(eq(courses.id, courseProgress.courseId), eq(courses.enterpriseId, enterpriseId)))
        .where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * Creates the member's export record unless the member, or the enterprise, already has
     * `limits` exports in flight (at exportStatus 1 and younger than `staleSeconds`); answers
     * which limit was reached otherwise. Starts are counted one at a time per enterprise (an
     * advisory lock), so starts at once, on any replica, cannot all slip past a limit.
     */
    async createExportWithin(
      memberId: string,
      kind: string,
      fileName: string,
      limits: { perMember: number; perCompany: number; staleSeconds: number },
    ): Promise<{ row: ExportRecordRow } | { full: 'member' | 'company' }> {
      return db.transaction(async (tx) => {
        await lockQuota(tx, 'export', enterpriseId);
        const [flying] = await tx
          .select({
            member: sql<number>`count(*) filter (where ${exportRecords.enterpriseUserId} = ${memberId})::int`,
            company: sql<number>`count(*)::int`,
          })
          .from(exportRecords)
          .where(
            and(
              eq(exportRecords.enterpriseId, enterpriseId),
              eq(exportRecords.exportStatus, 1),
              gt(exportRecords.createdAt, sql`now() - make_interval(secs => ${limits.staleSeconds})`),
            ),
          );
        if (Number(flying?.member ?? 0) >= limits.perMember) return { full: 'member' as const };
        if (Number(flying?.company ?? 0) >= limits.perCompany) return { full: 'company' as const };
        const [row] = await tx
          .insert(exportRecords)
          .values({ enterpriseId, enterpriseUserId: memberId, kind, fileName })
          .returning();
        return { row: row! };
      });
    },

    async finishExport(id: string, fileKey: string, fileSize: number): Promise<void> {
      await db
        .update(exportRecords)
        .set({ fileKey, fileSize, exportStatus: 2 })
        .where(and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.id, id)));
    },

    async failExport(id: string): Promise<void> {
      await db
        .update(exportRecords)
        .set({ exportStatus: 3 })
        .where(and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.id, id)));
    },

    /** Marks the member's exports still in progress after `olderThanSeconds` as failed (their job died with its process). */
    async failStaleExports(memberId: string, olderThanSeconds: number): Promise<void> {
      await db
        .update(exportRecords)
        .set({ exportStatus: 3 })
        .where(
          and(
            eq(exportRecords.enterpriseId, enterpriseId),
            eq(exportRecords.enterpriseUserId, memberId),
            eq(exportRecords.exportStatus, 1),
            lt(exportRecords.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        );
    },

    /** The member's export records, newest first, and how many there are. */
    async exportPage(memberId: string, offset: number, limit: number): Promise<{ rows: ExportRecordRow[]; total: number }> {
      const where = and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.enterpriseUserId, memberId));
      const rows = await db
        .select()
        .from(exportRecords)
        .where(where)
        .orderBy(desc(exportRecords.createdAt), desc(exportRecords.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ n: count() }).from(exportRecords).where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    async ownExport(memberId: string, id: string): Promise<ExportRecordRow | undefined> {
      const [row] = await db.select().from(exportRecords).where(ownRecord(memberId, id));
      return row;
    },

    /** A finished export of this enterprise, whoever made it (the signed download URL names it). */
    async finishedExport(id: string): Promise<ExportRecordRow | undefined> {
      const [row] = await db
        .select()
        .from(exportRecords)
        .where(and(eq(exportRecords.enterpriseId, enterpriseId), eq(exportRecords.id, id), eq(exportRecords.exportStatus, 2)));
      return row;
    },

    /** Deletes one of the member's export records; what it held, or nothing when it is not theirs. */
    removeExport(memberId: string, id: string) {
      return removeExports(and(ownExports(memberId), eq(exportRecords.id, id)));
    },

    /** Deletes every export record of the member. */
    removeAllExports(memberId: string) {
      return removeExports(ownExports(memberId));
    },
  };
}

