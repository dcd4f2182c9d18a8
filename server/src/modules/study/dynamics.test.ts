import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { StudyDynamic } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { courses, enterpriseDomains, enterpriseUsers, liveRooms, studyDynamics } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type CallOptions, type TestGateway } from '../../testing';
import { projectId } from './test-support';

const DAY = 86_400_000;

let gw: TestGateway;
let e1001: string;
beforeAll(async () => {
  gw = await createTestApp();
  e1001 = await gw.login('E1001');
});
afterAll(() => gw?.close());

const db = () => gw.database.db;

async function member(empNo: string, host = HOST_ONE): Promise<{ id: string; enterpriseId: string }> {
  const [row] = await db()
    .select({ id: enterpriseUsers.id, enterpriseId: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .innerJoin(enterpriseDomains, eq(enterpriseDomains.enterpriseId, enterpriseUsers.enterpriseId))
    .where(and(eq(enterpriseDomains.domain, host), eq(enterpriseUsers.empNo, empNo)));
  return row!;
}

async function idOf(table: typeof courses | typeof liveRooms, nameZh: string): Promise<string> {
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.nameZh, nameZh));
  return row!.id;
}

async function page(token: string, options: CallOptions = {}) {
  const { res, body } = await gw.call<PageResult<StudyDynamic>>('studyDynamicPage', { ...options, token });
  expect(body.code, body.msg).toBe(Code.OK);
  expect(res.status).toBe(200);
  return body.data;
}

const summary = (d: StudyDynamic) => [d.kind, d.courseName || d.projectName || d.liveRoomName, d.itemName];

describe('study dynamics', () => {
  it("lists the caller's seeded dynamics newest first, with names in the caller's language", async () => {
    const zh = await page(e1001);
    expect(zh).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 8, totalPage: 1 });
    expect(zh.list.map(summary)).toEqual([
      [1, '时间管理', ''],
      // The demo pass of the onboarding exam (12 days ago) started the course and completed its exam period.
      [2, '新员工入职培训', '入职考试'],
      [1, '新员工入职培训', ''],
      [3, '职场写作规范', ''],
      [2, '职场写作规范', '职场写作规范精讲'],
      [1, '职场写作规范', ''],
      [1, '旧版安全规范', ''],
      [4, '2025 年度合规培训', ''],
    ]);
    const times = zh.list.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const en = await page(e1001, { lang: 'en' });
    expect(en.list.map(summary)).toEqual([
      [1, 'Time management', ''],
      [2, 'New employee onboarding', 'Onboarding exam'],
      [1, 'New employee onboarding', ''],
      [3, 'Workplace writing', ''],
      [2, 'Workplace writing', 'Workplace writing in brief'],
      [1, 'Workplace writing', ''],
      [1, 'Old safety rules', ''],
      [4, '2025 compliance training', ''],
    ]);
    const writing = en.list[4]!;
    expect(writing.courseId).toBe(await idOf(courses, '职场写作规范'));
    expect(writing.itemId).toMatch(/^[0-9a-f-]{36}$/);
    expect(en.list[7]).toMatchObject({ courseId: null, courseName: '', projectId: expect.any(String), liveRoomId: null });
  });

  it('records joining a project and a live class, and names them', async () => {
    const safety = await projectId(gw, e1001, '安全生产专项');
    await gw.call('projectApply', { token: e1001, body: { projectId: safety } });
    const room = await idOf(liveRooms, '新员工见面会');
    await gw.call('liveWatch', { token: e1001, body: { roomId: room } });

    const { list } = await page(e1001, { lang: 'en', body: { pageSize: 2 } });
    expect(list.map((d) => [d.kind, d.projectName, d.liveRoomName])).toEqual([
      [5, '', 'New-hire meet-up'],
      [4, 'Safety special project', ''],
    ]);
    expect(list[0]).toMatchObject({ liveRoomId: room, courseId: null, projectId: null });
    expect(list[1]).toMatchObject({ projectId: safety, liveRoomId: null });
    expect(Date.now() - Date.parse(list[0]!.createdAt)).toBeLessThan(60_000);
  });

  it('pages by 10 and filters by course and kind', async () => {
    const me = await member('E1001');
    const communication = await idOf(courses, '高效沟通技巧');
    const old = Date.now() - 1000 * DAY;
    await db()
      .insert(studyDynamics)
      .values(
        [0, 1, 2, 3].map((i) => ({
          enterpriseId: me.enterpriseId,
          enterpriseUserId: me.id,
          kind: 1,
          courseId: communication,
          createdAt: new Date(old - i * DAY),
        })),
      );

    const first = await page(e1001);
    expect(first).toMatchObject({ pageSize: 10, totalCount: 14, totalPage: 2 });
    expect(first.list).toHaveLength(10);
    const second = await page(e1001, { body: { pageCurrent: 2 } });
    expect(second.list).toHaveLength(4);
    expect(second.list.map((d) => d.courseName)).toEqual(['高效沟通技巧', '高效沟通技巧', '高效沟通技巧', '高效沟通技巧']);
    const ids = [...first.list, ...second.list].map((d) => d.id);
    expect(new Set(ids).size).toBe(14);

    const writing = await idOf(courses, '职场写作规范');
    const byCourse = await page(e1001, { body: { courseId: writing } });
    expect(byCourse.list.map((d) => d.kind)).toEqual([3, 2, 1]);
    const started = await page(e1001, { body: { kind: 1 } });
    expect(started.totalCount).toBe(8);
    expect(started.list.every((d) => d.kind === 1)).toBe(true);
    const both = await page(e1001, { body: { courseId: communication, kind: 1, pageSize: 3 } });
    expect(both).toMatchObject({ totalCount: 4, totalPage: 2 });
  });

  it("never shows another member's or another company's dynamics", async () => {
    const e1002 = await gw.login('E1002');
    expect((await page(e1002)).totalCount).toBe(0);
    await gw.call('liveWatch', { token: e1002, body: { roomId: await idOf(liveRooms, '新员工见面会') } });
    const own = await page(e1002, { lang: 'en' });
    expect(own.list.map(summary)).toEqual([[5, 'New-hire meet-up', '']]);

    const b2001 = await gw.login('B2001', undefined, { host: HOST_TWO });
    const other = await member('B2001', HOST_TWO);
    await gw.call('liveWatch', { token: b2001, host: HOST_TWO, body: { roomId: await idOf(liveRooms, '车间安全直播') } });
    // A row of company two that names company one's course shows no name from company one.
    await db()
      .insert(studyDynamics)
      .values({ enterpriseId: other.enterpriseId, enterpriseUserId: other.id, kind: 1, courseId: await idOf(courses, '时间管理') });
    const theirs = await page(b2001, { host: HOST_TWO });
    expect(theirs.list.map(summary)).toEqual([
      [1, '', ''],
      [5, '车间安全直播', ''],
    ]);

    const mine = await page(e1001, { body: { pageSize: 100 } });
    expect(mine.totalCount).toBe(14);
    const theirIds = new Set([...own.list, ...theirs.list].map((d) => d.id));
    expect(mine.list.some((d) => theirIds.has(d.id))).toBe(false);
    // E1001's token is not valid at company two.
    const crossed = await gw.call('studyDynamicPage', { token: e1001, host: HOST_TWO });
    expect(crossed.body.code).not.toBe(Code.OK);
  });

  it('refuses malformed filters cleanly and anonymous callers', async () => {
    for (const body of [{ courseId: 'x' }, { kind: 9 }, { pageSize: 1000 }, { pageCurrent: 0 }]) {
      const { res, body: envelope } = await gw.call('studyDynamicPage', { token: e1001, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(envelope.code).toBe(Code.INVALID);
    }
    const anonymous = await gw.call('studyDynamicPage', {});
    expect(anonymous.body.code).not.toBe(Code.OK);
  });
});
