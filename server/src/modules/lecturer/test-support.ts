/** Helpers for the lecturer tests: learners and ratings given to demo courses, and the measures worked out from raw rows. */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { courseLecturers, courseProgress, courses, lecturers, ratings } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { courseId } from '../course/test-support';
import { memberOf, signIn, type Who } from '../home/test-support';

/** What a test file works with: its own seeded gateway, 张伟 (E1001) of company one and 周婷 (B2001) of company two. */
export interface LecturerTestbed {
  gw: TestGateway;
  e1001: Who;
  b2001: Who;
}

/** Opens the file's gateway before its tests and closes it after; the fields are set once they start. */
export function lecturerTestbed(): LecturerTestbed {
  const bed = {} as LecturerTestbed;
  beforeAll(async () => {
    bed.gw = await createTestApp();
    [bed.e1001, bed.b2001] = await Promise.all([signIn(bed.gw, 'E1001'), signIn(bed.gw, 'B2001', HOST_TWO)]);
    // The tests count learners they add themselves: only E1001's demo learning stays.
    await bed.gw.database.db
      .delete(courseProgress)
      .where(and(eq(courseProgress.enterpriseId, bed.e1001.enterpriseId), ne(courseProgress.enterpriseUserId, bed.e1001.memberId)));
    // And the ratings they give themselves: the demo's colleagues' ratings go.
    await bed.gw.database.db.delete(ratings).where(eq(ratings.enterpriseId, bed.e1001.enterpriseId));
  });
  afterAll(() => bed.gw?.close());
  return bed;
}

/** Members `empNos` start the demo course `course` (by Chinese name); each rates it when a score is given. */
export async function study(gw: TestGateway, course: string, empNos: string[], scores: number[] = []): Promise<void> {
  const id = await courseId(gw, course);
  for (const [i, empNo] of empNos.entries()) {
    const member = await memberOf(gw, empNo);
    await gw.database.db
      .insert(courseProgress)
      .values({ enterpriseId: member.enterpriseId, enterpriseUserId: member.id, courseId: id, progress: 10, status: 1 })
      .onConflictDoNothing();
    const score = scores[i];
    if (score !== undefined) {
      await gw.database.db
        .insert(ratings)
        .values({ enterpriseId: member.enterpriseId, targetType: 'course', targetId: id, enterpriseUserId: member.id, score });
    }
  }
}

/** A lecturer's measures worked out here from the raw rows, the way the module's comment defines them. */
export async function measuresOf(gw: TestGateway, lecturerId: string) {
  const db = gw.database.db;
  const taught = await db
    .select({ id: courses.id })
    .from(courseLecturers)
    .innerJoin(courses, and(eq(courses.id, courseLecturers.courseId), eq(courses.status, 1)))
    .where(eq(courseLecturers.lecturerId, lecturerId));
  const ids = new Set(taught.map((c) => c.id));
  const learners = new Set<string>();
  const scores: number[] = [];
  for (const p of await db.select().from(courseProgress)) if (ids.has(p.courseId)) learners.add(p.enterpriseUserId);
  for (const r of await db.select().from(ratings)) if (r.targetType === 'course' && ids.has(r.targetId)) scores.push(r.score);
  const sum = scores.reduce((a, b) => a + b, 0);
  return {
    courseCount: ids.size,
    learnerCount: learners.size,
    // Tenths first, so that a mean such as 3.65 rounds as the database rounds it (up).
    rating: scores.length ? Math.round((sum * 10) / scores.length) / 10 : 0,
    ratingCount: scores.length,
  };
}

/** The lecturers of a company as stored, with their measures. */
export async function lecturersWithMeasures(gw: TestGateway, enterpriseId: string) {
  const rows = await gw.database.db.select().from(lecturers).where(eq(lecturers.enterpriseId, enterpriseId));
  return Promise.all(rows.map(async (l) => ({ ...l, ...(await measuresOf(gw, l.id)) })));
}
