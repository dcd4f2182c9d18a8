/**
 * The lecturer's courses (`teachingCoursePage`): exactly the courses whose lecturers include the
 * caller, removed ones after published ones, with figures worked out here from the raw rows;
 * the keyword; and the refusals (roles.test.ts refuses learners; here, other companies).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { TeachingCourse } from '@/api/teaching-types';
import type { PageResult } from '@/api/types';
import { comments, courseItems, courseLecturers, courseProgress, courses, lecturers, ratings } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { dataOf, signIn, type Who } from '../home/test-support';

let gw: TestGateway;
let liNa: Who;
const db = () => gw.database.db;

beforeAll(async () => {
  gw = await createTestApp();
  liNa = await signIn(gw, 'E1002');
});
afterAll(async () => {
  await gw?.close();
});

const page = (who: Who, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<PageResult<TeachingCourse>>(gw, who, 'teachingCoursePage', { body, lang });

/** The courses `memberId` teaches, from the raw rows. */
async function taught(memberId: string) {
  const mine = await db().select({ id: lecturers.id }).from(lecturers).where(eq(lecturers.enterpriseUserId, memberId));
  if (!mine.length) return [];
  const links = await db()
    .select({ courseId: courseLecturers.courseId })
    .from(courseLecturers)
    .where(inArray(courseLecturers.lecturerId, mine.map((l) => l.id)));
  return db().select().from(courses).where(inArray(courses.id, [...new Set(links.map((l) => l.courseId))]));
}

describe('the courses a lecturer teaches', () => {
  it('lists exactly theirs, with figures matching the raw rows', async () => {
    const rows = await taught(liNa.memberId);
    expect(rows.length).toBeGreaterThan(0);
    const got = await page(liNa, { pageSize: 100 });
    expect(got.totalCount).toBe(rows.length);
    expect(got.list.map((c) => c.id).sort()).toEqual(rows.map((c) => c.id).sort());
    for (const course of got.list) {
      const progress = await db().select().from(courseProgress).where(eq(courseProgress.courseId, course.id));
      const given = await db().select().from(ratings).where(and(eq(ratings.targetType, 'course'), eq(ratings.targetId, course.id)));
      const said = await db().select().from(comments).where(and(eq(comments.targetType, 'course'), eq(comments.targetId, course.id)));
      const items = await db().select().from(courseItems).where(eq(courseItems.courseId, course.id));
      const completed = progress.filter((p) => p.status === 2).length;
      const raw = rows.find((c) => c.id === course.id)!;
      expect(course, raw.nameZh).toMatchObject({
        name: raw.nameZh,
        status: raw.status,
        periods: items.filter((i) => i.parentId !== null).length,
        learners: progress.length,
        completed,
        completionRate: progress.length ? Math.round((completed / progress.length) * 1000) / 10 : 0,
        rating: given.length ? Math.round((given.reduce((s, r) => s + r.score, 0) / given.length) * 10) / 10 : 0,
        ratingCount: given.length,
        comments: said.filter((c) => c.parentId === null).length,
      });
    }
    // The demo gives her courses something to count.
    expect(got.list.some((c) => c.learners > 0)).toBe(true);
  });

  it('puts drafts after published courses and removed ones last, and finds by name in either language', async () => {
    const rows = await taught(liNa.memberId);
    const [first] = rows;
    const second = rows[1]!;
    await db().update(courses).set({ status: 0 }).where(eq(courses.id, first!.id));
    await db().update(courses).set({ status: 2 }).where(eq(courses.id, second.id));
    try {
      const got = await page(liNa, { pageSize: 100 });
      expect(got.list.at(-1)).toMatchObject({ id: first!.id, status: 0 });
      // A draft comes after the published ones and before the removed one.
      expect(got.list.at(-2)).toMatchObject({ id: second.id, status: 2 });
      expect(got.list.slice(0, -2).every((c) => c.status === 1)).toBe(true);
    } finally {
      await db().update(courses).set({ status: 1 }).where(eq(courses.id, first!.id));
      await db().update(courses).set({ status: 1 }).where(eq(courses.id, second.id));
    }
    const byZh = await page(liNa, { keyword: first!.nameZh.slice(0, 3) });
    expect(byZh.list.map((c) => c.id)).toContain(first!.id);
    const byEn = await page(liNa, { keyword: first!.nameEn.slice(0, 4).toLowerCase() }, 'en');
    expect(byEn.list.find((c) => c.id === first!.id)?.name).toBe(first!.nameEn);
    expect((await page(liNa, { keyword: '%' })).list).toEqual([]);
  });

  it('lists nothing for a member who teaches nothing, and stays within the company', async () => {
    const admin = await signIn(gw, 'E1004');
    expect(await page(admin)).toMatchObject({ list: [], totalCount: 0 });
    // Company two's lecturer teaches company two's courses only.
    const b2007 = await signIn(gw, 'B2007', HOST_TWO);
    const theirs = await page(b2007, { pageSize: 100 });
    const ids = (await taught(b2007.memberId)).map((c) => c.id).sort();
    expect(theirs.list.map((c) => c.id).sort()).toEqual(ids);
    const ours = new Set((await page(liNa, { pageSize: 100 })).list.map((c) => c.id));
    expect(theirs.list.some((c) => ours.has(c.id))).toBe(false);
  });

  it('refuses a learner in their language and a bad keyword with a message naming it', async () => {
    const learner = await signIn(gw, 'E1001');
    const { res, body } = await gw.call('teachingCoursePage', { token: learner.token, body: {}, lang: 'en' });
    expect(res.status).toBe(403);
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: 'You do not have permission to use this part of the back office', data: null });
    const bad = await gw.call('teachingCoursePage', { token: liNa.token, body: { keyword: 'x'.repeat(51) }, lang: 'en' });
    expect(bad.body.msg).toBe('The field keyword must be at most 50 characters');
  });
});
