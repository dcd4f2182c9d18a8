/** A member's notes on courses (course user records). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { courseUserRecords } from '../schema';
import { memberRows } from './rows';

/** A member's notes on courses (course user records). */
export function courseRecordQueries(db: Db, eid: string) {
  return {

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
