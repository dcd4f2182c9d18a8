import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { LiveRoom, LiveRoomPageBody } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { enterpriseDomains, liveRooms } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';

let gw: TestGateway;
let token: string;

const HOUR = 3_600_000;

/** Adds a room to company one, its times in hours from now; answers its id. */
async function addRoom(nameZh: string, nameEn: string, startInHours: number, endInHours: number): Promise<string> {
  const [domain] = await gw.database.db
    .select({ id: enterpriseDomains.enterpriseId })
    .from(enterpriseDomains)
    .where(eq(enterpriseDomains.domain, HOST_ONE));
  const now = Date.now();
  const [row] = await gw.database.db
    .insert(liveRooms)
    .values({
      enterpriseId: domain!.id,
      nameZh,
      nameEn,
      startAt: new Date(now + startInHours * HOUR),
      endAt: new Date(now + endInHours * HOUR),
    })
    .returning({ id: liveRooms.id });
  return row!.id;
}

async function page(body: LiveRoomPageBody, options: { lang?: Locale; host?: string; token?: string } = {}) {
  const { body: envelope } = await gw.call<PageResult<LiveRoom>>('liveRoomPage', {
    token: options.token ?? token,
    lang: options.lang,
    host: options.host,
    body,
  });
  expect(envelope.code).toBe(Code.OK);
  return envelope.data;
}

const names = (result: PageResult<LiveRoom>) => result.list.map((r) => r.name);

beforeAll(async () => {
  gw = await createTestApp();
  token = await gw.login('E1001');
  // Beside the demo rooms (live since 1 h, ended 2 weeks ago, upcoming in 7 days).
  await addRoom('晨会直播', 'Morning live', -0.5, 2);
  await addRoom('明日培训', 'Training tomorrow', 24, 25);
  await addRoom('昨日分享', 'Talk yesterday', -26, -24);
  await addRoom('上月例会', 'Last month meeting', -720, -719);
});
afterAll(async () => {
  await gw?.close();
});

describe('live room page', () => {
  it('lists live rooms first, then upcoming by start, then ended newest first', async () => {
    const all = await page({ pageCurrent: 1, pageSize: 20 });
    expect(names(all)).toEqual(['新员工见面会', '晨会直播', '明日培训', '产品发布会', '昨日分享', '季度业务复盘', '上月例会']);
    expect(all.list.map((r) => r.liveStatus)).toEqual([2, 2, 1, 1, 3, 3, 3]);
    expect(all).toMatchObject({ pageCurrent: 1, pageSize: 20, totalCount: 7, totalPage: 1 });
    const review = all.list.find((r) => r.name === '季度业务复盘')!;
    expect(review).toMatchObject({ hasPlayback: true, lecturer: { name: '陈明' } });
  });

  it('pages with the row default and with a given size, each room once', async () => {
    const first = await page({});
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 7, totalPage: 1 });
    const seen: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const part = await page({ pageCurrent: n, pageSize: 2 });
      expect(part).toMatchObject({ pageCurrent: n, pageSize: 2, totalCount: 7, totalPage: 4 });
      expect(part.list).toHaveLength(n < 4 ? 2 : 1);
      seen.push(...part.list.map((r) => r.id));
    }
    expect(seen).toEqual(first.list.map((r) => r.id));
    expect((await page({ pageCurrent: 5, pageSize: 2 })).list).toEqual([]);
  });

  it('filters by the status at the time of the call', async () => {
    expect(names(await page({ liveStatus: 2 }))).toEqual(['新员工见面会', '晨会直播']);
    expect(names(await page({ liveStatus: 1 }))).toEqual(['明日培训', '产品发布会']);
    expect(names(await page({ liveStatus: 3 }))).toEqual(['昨日分享', '季度业务复盘', '上月例会']);

    // Nothing stored says "upcoming": once the start has passed, the room is live.
    const id = await addRoom('即将开始', 'Starting soon', 0.01, 1);
    expect(names(await page({ liveStatus: 1 }))).toContain('即将开始');
    await gw.database.db
      .update(liveRooms)
      .set({ startAt: sql`now() - interval '1 second'` })
      .where(eq(liveRooms.id, id));
    expect(names(await page({ liveStatus: 1 }))).not.toContain('即将开始');
    expect(names(await page({ liveStatus: 2 }))).toContain('即将开始');
    await gw.database.db.delete(liveRooms).where(eq(liveRooms.id, id));
  });

  it('finds rooms by a keyword in Chinese or English, in the language asked', async () => {
    expect(names(await page({ keyword: '复盘' }))).toEqual(['季度业务复盘']);
    const en = await page({ keyword: 'quarterly' }, { lang: 'en' });
    expect(names(en)).toEqual(['Quarterly review']);
    expect(en.list[0]!.lecturer?.name).toBe('Chen Ming');
    expect(names(await page({ keyword: 'QUARTERLY' }))).toEqual(['季度业务复盘']);
    expect(names(await page({ keyword: '会', liveStatus: 2 }))).toEqual(['新员工见面会', '晨会直播']);
    // Pattern characters are plain text.
    expect((await page({ keyword: '%' })).totalCount).toBe(0);
  });

  it("never lists another company's rooms", async () => {
    const one = await page({ pageSize: 100 });
    expect(names(one)).not.toContain('车间安全直播');
    const other = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const two = await page({ pageSize: 100 }, { host: HOST_TWO, token: other });
    expect(names(two)).toEqual(['车间安全直播']);
    expect(two.list[0]!.liveStatus).toBe(2);
    // A token of one company is no key to the other.
    const { body } = await gw.call('liveRoomPage', { token, host: HOST_TWO, body: {} });
    expect(body.code).toBe(Code.UNAUTHORIZED);
  });

  it('needs a sign-in and refuses a malformed filter cleanly', async () => {
    expect((await gw.call('liveRoomPage', { body: {} })).body.code).toBe(Code.UNAUTHORIZED);
    const bad = [{ liveStatus: 4 }, { liveStatus: '2' }, { pageSize: 0 }, { pageSize: 101 }, { keyword: 'x'.repeat(101) }];
    for (const body of bad) {
      const { res, body: envelope } = await gw.call('liveRoomPage', { token, body });
      expect(envelope.code).toBe(Code.INVALID);
      expect(res.status).toBeLessThan(500);
    }
  });
});
