import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseProgressRow } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { courseProgress, courses, enterpriseDomains, enterpriseUsers } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';

let gw: TestGateway;
const ids: Record<string, string> = {};

async function member(empNo: string, host = HOST_ONE) {
  const [row] = await gw.database.db
    .select({ id: enterpriseUsers.id, enterpriseId: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .innerJoin(enterpriseDomains, eq(enterpriseDomains.enterpriseId, enterpriseUsers.enterpriseId))
    .where(and(eq(enterpriseDomains.domain, host), eq(enterpriseUsers.empNo, empNo)));
  return row!;
}

const tokens = new Map<string, Promise<string>>();

async function page(empNo: string, body: Record<string, unknown> = {}, host = HOST_ONE) {
  if (!tokens.has(empNo)) tokens.set(empNo, gw.login(empNo, undefined, { host }));
  const token = await tokens.get(empNo)!;
  return gw.call<PageResult<CourseProgressRow>>('courseProgressPage', { token, body, host });
}

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1004', 'E1007']) ids[empNo] = (await member(empNo)).id;
  // A second learner in company one, so that "everyone's rows" differs from "my rows".
  const e1007 = await member('E1007');
  const [course] = await gw.database.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.enterpriseId, e1007.enterpriseId), eq(courses.nameZh, '新员工入职培训')));
  await gw.database.db.insert(courseProgress).values({
    enterpriseId: e1007.enterpriseId,
    enterpriseUserId: e1007.id,
    courseId: course!.id,
    progress: 40,
    status: 1,
    studySeconds: 125,
  });
});
afterAll(async () => {
  await gw?.close();
});

describe('course progress page', () => {
  it('shows a learner only their own rows', async () => {
    const { body } = await page('E1001');
    expect(body.code).toBe(Code.OK);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.every((r) => r.userId === ids.E1001)).toBe(true);
    expect(body.data).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: body.data.list.length, totalPage: 1 });
    const row = body.data.list[0]!;
    expect(row).toMatchObject({ userName: '张伟', empNo: 'E1001' });
    expect(row.departmentName).not.toBe('');
    expect(new Date(row.startedAt).toISOString()).toBe(row.startedAt);
  });

  it('shows organisation users and administrators every member of their company', async () => {
    const e1001 = await member('E1001');
    const learners = await gw.database.db
      .selectDistinct({ id: courseProgress.enterpriseUserId })
      .from(courseProgress)
      .where(eq(courseProgress.enterpriseId, e1001.enterpriseId));
    const own = (await page('E1001')).body.data.totalCount;
    for (const empNo of ['E1003', 'E1004']) {
      const { body } = await page(empNo, { pageSize: 100 });
      expect(new Set(body.data.list.map((r) => r.userId))).toEqual(new Set(learners.map((l) => l.id)));
      expect(body.data.list.filter((r) => r.userId === ids.E1001)).toHaveLength(own);
      expect(body.data.totalCount).toBeGreaterThan(own + 1);
    }
    const e1007 = (await page('E1003', { pageSize: 100 })).body.data.list.find((r) => r.userId === ids.E1007);
    expect(e1007).toMatchObject({ courseName: '新员工入职培训', studyProgress: 40, learningStatus: 1, studySeconds: 125 });
  });

  it('filters by course and learning status, in the caller language', async () => {
    const all = (await page('E1003', { pageSize: 100 })).body.data.list;
    const courseId = all.find((r) => r.userId === ids.E1007)!.courseId;
    const byCourse = await page('E1003', { courseId });
    expect(byCourse.body.data.list.every((r) => r.courseId === courseId)).toBe(true);
    const completed = (await page('E1003', { learningStatus: 2 })).body.data.list;
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((r) => r.learningStatus === 2 && r.completedAt !== null)).toBe(true);
    const token = await tokens.get('E1003')!;
    const en = await gw.call<PageResult<CourseProgressRow>>('courseProgressPage', { token, lang: 'en', body: { courseId } });
    expect(en.body.data.list[0]!.courseName).toBe('New employee onboarding');
  });

  it('pages without overlap', async () => {
    const total = (await page('E1004')).body.data.totalCount;
    const seen = new Set<string>();
    for (let p = 1; p <= total; p++) {
      const { body } = await page('E1004', { pageCurrent: p, pageSize: 1 });
      expect(body.data.totalPage).toBe(total);
      const row = body.data.list[0]!;
      seen.add(`${row.userId}/${row.courseId}`);
    }
    expect(seen.size).toBe(total);
  });

  it('shows a lecturer nothing of others, and another company nothing of this one', async () => {
    expect((await page('E1002')).body.data.list.filter((r) => r.userId !== ids.E1002)).toEqual([]);
    const two = await page('B2001', {}, HOST_TWO);
    expect(two.body.code).toBe(Code.OK);
    expect(two.body.data.list.filter((r) => [ids.E1001, ids.E1007].includes(r.userId))).toEqual([]);
  });

  it('refuses malformed filters cleanly', async () => {
    expect((await page('E1001', { courseId: 'nope' })).body.code).toBe(Code.INVALID);
    expect((await page('E1001', { pageSize: 0 })).body.code).toBe(Code.INVALID);
  });
});
