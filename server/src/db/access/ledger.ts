/** The points and credit-hour ledgers' rows (`point_records`), with the course or project that earned each. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { courses, pointRecords, projects } from '../schema';
import type { RowWindow } from '../../paging';

export function ledgerQueries(db: Db, eid: string) {
  const own = (memberId: string, kind: number): SQL =>
    and(eq(pointRecords.enterpriseId, eid), eq(pointRecords.enterpriseUserId, memberId), eq(pointRecords.kind, kind))!;
  return {
    /** A page of a member's rows of one kind, newest first, and the count and sum of them all. */
    async page(memberId: string, kind: number, { limit, offset }: RowWindow) {
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            record: pointRecords,
            course: { id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn },
            project: { id: projects.id, nameZh: projects.nameZh, nameEn: projects.nameEn },
          })
          .from(pointRecords)
          .leftJoin(
            courses,
            and(eq(pointRecords.sourceType, 'course'), eq(courses.enterpriseId, eid), eq(courses.id, pointRecords.sourceId)),
          )
          .leftJoin(
            projects,
            and(eq(pointRecords.sourceType, 'project'), eq(projects.enterpriseId, eid), eq(projects.id, pointRecords.sourceId)),
          )
          .where(own(memberId, kind))
          .orderBy(desc(pointRecords.createdAt), desc(pointRecords.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count(), sum: sql<string | null>`sum(${pointRecords.amount})` })
          .from(pointRecords)
          .where(own(memberId, kind)),
      ]);
      return { rows, count: totals?.n ?? 0, sum: totals?.sum ?? null };
    },

    /** Adds a member's earnings (points: kind 1; credit hours: kind 2), each with its reason and source. */
    async award(memberId: string, rows: Omit<typeof pointRecords.$inferInsert, 'id' | 'enterpriseId' | 'enterpriseUserId' | 'createdAt'>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(pointRecords).values(rows.map((r) => ({ ...r, enterpriseId: eid, enterpriseUserId: memberId })));
    },
  };
}
