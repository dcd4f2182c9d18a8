import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { StudyDynamic, StudyDynamicPageBody } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { enterpriseUsers, liveRooms, studyDynamics } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { dataOf, signIn, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1002: Who;
let b2001: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1002, b2001] = await Promise.all([signIn(gw, 'E1001'), signIn(gw, 'E1002'), signIn(gw, 'B2001', HOST_TWO)]);
});
afterAll(() => gw?.close());

const db = () => gw.database.db;
const page = (who: Who, body: StudyDynamicPageBody = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<PageResult<StudyDynamic>>(gw, who, 'studyDynamicPage', { body, lang });
const company = (who: Who, body: StudyDynamicPageBody = {}, lang: 'zh' | 'en' = 'zh') => page(who, { ...body, scope: 'company' }, lang);

/** A company's dynamics as stored, in the page's order, with the member's name. */
async function stored(enterpriseId: string) {
  return db()
    .select({ id: studyDynamics.id, kind: studyDynamics.kind, userName: enterpriseUsers.userName })
    .from(studyDynamics)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.id, studyDynamics.enterpriseUserId))
    .where(eq(studyDynamics.enterpriseId, enterpriseId))
    .orderBy(desc(studyDynamics.createdAt), desc(studyDynamics.kind), desc(studyDynamics.id));
}

describe('company study dynamics (home page)', () => {
  it("lists everyone's dynamics of the caller's company, newest first, with who and in the caller's language", async () => {
    const room = (await db().select().from(liveRooms).where(eq(liveRooms.nameZh, '新员工见面会')))[0]!;
    await gw.call('liveWatch', { token: e1002.token, body: { roomId: room.id } });
    const all = await stored(e1001.enterpriseId);
    expect([...new Set(all.map((d) => d.userName))]).toEqual(expect.arrayContaining(['张伟', '李娜']));
    const first = await company(e1001, {}, 'en');
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: all.length, totalPage: Math.ceil(all.length / 10) });
    expect(first.list.map((d) => [d.id, d.userName])).toEqual(all.slice(0, 10).map((d) => [d.id, d.userName]));
    expect(first.list[0]).toMatchObject({ kind: 5, userName: '李娜', liveRoomName: 'New-hire meet-up', liveRoomId: room.id });
    const times = first.list.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const zhang = (await company(e1002, { pageSize: 100 }, 'en')).list.filter((d) => d.userName === '张伟');
    expect(zhang.map((d) => [d.kind, d.courseName || d.projectName])).toEqual([
      [1, 'Time management'],
      // The demo pass of the onboarding exam started the course and completed its exam period.
      [2, 'New employee onboarding'],
      [1, 'New employee onboarding'],
      [3, 'Workplace writing'],
      [2, 'Workplace writing'],
      [1, 'Workplace writing'],
      [1, 'Old safety rules'],
      [4, '2025 compliance training'],
    ]);
  });

  it('fills who for the own scope too, keeps it the default, and shows portraits', async () => {
    await db().update(enterpriseUsers).set({ headPortrait: '/files/avatars/zhang.png' }).where(eq(enterpriseUsers.id, e1001.memberId));
    const own = await page(e1001);
    expect(own.totalCount).toBe(8);
    expect(own.list.every((d) => d.userName === '张伟' && d.headPortrait === '/files/avatars/zhang.png')).toBe(true);
    expect((await page(e1001, { scope: 'own' })).list.map((d) => d.id)).toEqual(own.list.map((d) => d.id));
    const seen = (await company(e1002, { pageSize: 100 })).list.find((d) => d.userName === '张伟');
    expect(seen?.headPortrait).toBe('/files/avatars/zhang.png');
  });

  it('applies the kind and course filters to the company scope', async () => {
    const joined = await company(e1002, { kind: 4, pageSize: 100 });
    const stored4 = (await stored(e1001.enterpriseId)).filter((d) => d.kind === 4);
    expect(joined.totalCount).toBe(stored4.length);
    expect(joined.list.every((d) => d.kind === 4 && d.projectName !== '')).toBe(true);
    const writing = (await page(e1001, { kind: 3 })).list[0]!.courseId!;
    const byCourse = await company(e1002, { courseId: writing, pageSize: 100 });
    expect(byCourse.list.length).toBeGreaterThan(0);
    expect(byCourse.list.every((d) => d.courseId === writing)).toBe(true);
    expect(byCourse.list.filter((d) => d.userName === '张伟').map((d) => d.kind)).toEqual([3, 2, 1]);
  });

  it("never shows one company's dynamics to the other", async () => {
    const ours = await company(e1001, { pageSize: 100 });
    expect(ours.totalCount).toBe((await stored(e1001.enterpriseId)).length);

    const theirs = await company(b2001, { pageSize: 100 });
    expect(theirs.totalCount).toBe((await stored(b2001.enterpriseId)).length);
    const ourIds = new Set(ours.list.map((d) => d.id));
    expect(theirs.list.some((d) => ourIds.has(d.id))).toBe(false);
    const theirNames = new Set(
      (await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, b2001.enterpriseId))).map((m) => m.userName),
    );
    expect(theirs.list.every((d) => theirNames.has(d.userName))).toBe(true);
    expect(ours.list.some((d) => d.userName === '周婷')).toBe(false);
  });

  it('refuses an unknown scope and anonymous callers', async () => {
    const { res, body } = await gw.call('studyDynamicPage', { token: e1001.token, body: { scope: 'all' } });
    expect(res.status).toBe(422);
    expect(body.code).toBe(Code.INVALID);
    const anonymous = await gw.call('studyDynamicPage', { body: { scope: 'company' } });
    expect(anonymous.body.code).toBe(Code.UNAUTHORIZED);
  });
});
