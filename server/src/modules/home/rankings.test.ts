import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { CurrentRank, RankEntry } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { enterpriseUsers, pointRecords, userCertificates } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import type { RankMeasure } from './rankings';
import { dataOf, INITIAL_PASSWORD, memberOf, signIn, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1004: Who;
let b2001: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1004, b2001] = await Promise.all([signIn(gw, 'E1001'), signIn(gw, 'E1004'), signIn(gw, 'B2001', HOST_TWO)]);
});
afterAll(() => gw?.close());

const db = () => gw.database.db;

const rows: Record<RankMeasure, { page: EndpointName; current: EndpointName; size: number }> = {
  integral: { page: 'integralRankPage', current: 'integralRankCurrent', size: 3 },
  creditHour: { page: 'creditHourRankPage', current: 'creditHourRankCurrent', size: 9 },
  certificate: { page: 'certificateRankPage', current: 'certificateRankCurrent', size: 3 },
};
const measures = Object.keys(rows) as RankMeasure[];

const page = (who: Who, measure: RankMeasure, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<PageResult<RankEntry>>(gw, who, rows[measure].page, { body, lang });
const current = (who: Who, measure: RankMeasure) => dataOf<CurrentRank>(gw, who, rows[measure].current);

/** Every entry of a ranking, page by page at the default size. */
async function wholeRanking(who: Who, measure: RankMeasure): Promise<RankEntry[]> {
  const first = await page(who, measure);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPage - 1) }, (_, i) => page(who, measure, { pageCurrent: i + 2 })),
  );
  return [first, ...rest].flatMap((p) => p.list);
}

/** The ranking worked out here from the raw rows: members with a value above zero, places shared. */
async function expected(enterpriseId: string, measure: RankMeasure) {
  const members = await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, enterpriseId));
  const totals = new Map<string, number>();
  if (measure === 'certificate') {
    const held = await db()
      .select()
      .from(userCertificates)
      .where(and(eq(userCertificates.enterpriseId, enterpriseId), or(isNull(userCertificates.expiresAt), gt(userCertificates.expiresAt, sql`now()`))));
    for (const h of held) totals.set(h.enterpriseUserId, (totals.get(h.enterpriseUserId) ?? 0) + 1);
  } else {
    const kind = measure === 'integral' ? 1 : 2;
    const ledger = await db().select().from(pointRecords).where(and(eq(pointRecords.enterpriseId, enterpriseId), eq(pointRecords.kind, kind)));
    for (const r of ledger) totals.set(r.enterpriseUserId, Math.round(((totals.get(r.enterpriseUserId) ?? 0) + r.amount) * 10) / 10);
  }
  const codeOrder = (a: string, b: string) => {
    const [x, y] = [Array.from(a), Array.from(b)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
      if (d) return d;
    }
    return x.length - y.length;
  };
  const ranked = members
    .map((m) => ({ id: m.id, name: m.userName, value: totals.get(m.id) ?? 0 }))
    .filter((m) => m.value > 0)
    .sort((a, b) => b.value - a.value || codeOrder(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return ranked.map((m) => ({ rank: 1 + ranked.filter((o) => o.value > m.value).length, userName: m.name, value: m.value }));
}

const summary = (list: RankEntry[]) => list.map((e) => ({ rank: e.rank, userName: e.userName, value: e.value }));

describe('ranking pages', () => {
  it('pages the integral ranking by 3: highest first, equal points share a place', async () => {
    const first = await page(e1001, 'integral');
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 3, totalCount: 18, totalPage: 6 });
    expect(summary(first.list)).toEqual([
      { rank: 1, userName: '李娜', value: 225 },
      { rank: 1, userName: '许文博', value: 225 },
      { rank: 3, userName: '曹琳', value: 155 },
    ]);
    expect(first.list[0]).toMatchObject({ departmentName: '研发中心 · 架构部', headPortrait: '', enterpriseUserId: (await memberOf(gw, 'E1002')).id });
    const second = await page(e1001, 'integral', { pageCurrent: 2 });
    expect(summary(second.list)).toEqual([
      { rank: 3, userName: '王磊', value: 155 },
      { rank: 5, userName: '黄晓燕', value: 110 },
      { rank: 6, userName: '吴婷', value: 105 },
    ]);
  });

  it('pages the credit-hour ranking by 9 with one decimal, and the certificate ranking by 3', async () => {
    const hours = await page(e1001, 'creditHour');
    expect(hours).toMatchObject({ pageSize: 9, totalCount: 20, totalPage: 3 });
    expect(hours.list).toHaveLength(9);
    const last = await page(e1001, 'creditHour', { pageCurrent: 3 });
    expect(summary(last.list)).toEqual([
      { rank: 19, userName: '唐欣怡', value: 2 },
      { rank: 20, userName: '赵敏', value: 1.5 },
    ]);

    const certificates = await page(e1001, 'certificate', {}, 'en');
    expect(certificates).toMatchObject({ pageSize: 3, totalPage: 6, totalCount: 18 });
    expect(summary(certificates.list)).toEqual([
      { rank: 1, userName: '许文博', value: 3 },
      { rank: 2, userName: '吴婷', value: 2 },
      { rank: 2, userName: '王磊', value: 2 },
    ]);
    expect((await page(e1001, 'certificate', { pageCurrent: 2 })).list.map((e) => e.rank)).toEqual([4, 4, 4]);
  });

  it('matches the ranking worked out from the raw rows, for every measure and both companies', async () => {
    for (const who of [e1001, b2001]) {
      for (const measure of measures) {
        const all = await wholeRanking(who, measure);
        expect(summary(all), `${who.host} ${measure}`).toEqual(await expected(who.enterpriseId, measure));
        expect(new Set(all.map((e) => e.enterpriseUserId)).size).toBe(all.length);
      }
    }
  });

  it('answers any page size, an empty page past the end, and refuses bad paging', async () => {
    const all = await wholeRanking(e1001, 'integral');
    const fives = await page(e1001, 'integral', { pageCurrent: 2, pageSize: 5 });
    expect(fives).toMatchObject({ pageCurrent: 2, pageSize: 5, totalCount: 18, totalPage: 4 });
    expect(fives.list).toEqual(all.slice(5, 10));
    const beyond = await page(e1001, 'integral', { pageCurrent: 9 });
    expect(beyond).toMatchObject({ list: [], totalCount: 18, totalPage: 6 });
    for (const body of [{ pageSize: 0 }, { pageSize: 101 }, { pageCurrent: 0 }, { pageCurrent: 'x' }]) {
      const { res, body: envelope } = await gw.call('integralRankPage', { token: e1001.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(envelope.code).toBe(Code.INVALID);
    }
  });
});

describe('the caller’s own place', () => {
  it('matches their entry of the page, for every measure', async () => {
    for (const measure of measures) {
      const all = await wholeRanking(e1001, measure);
      const mine = all.find((e) => e.enterpriseUserId === e1001.memberId)!;
      expect(await current(e1001, measure), measure).toEqual({ rank: mine.rank, value: mine.value, total: all.length });
    }
    expect(await current(e1001, 'integral')).toEqual({ rank: 10, value: 75, total: 18 });
    expect(await current(e1001, 'creditHour')).toEqual({ rank: 6, value: 8.5, total: 20 });
  });

  it('is null with nothing yet, and counts only unexpired certificates', async () => {
    expect(await current(e1004, 'integral')).toEqual({ rank: null, value: 0, total: 18 });
    expect(await current(e1004, 'creditHour')).toEqual({ rank: null, value: 0, total: 20 });
    // 曹琳's only certificate has expired.
    const e1022 = await signIn(gw, 'E1022', undefined, INITIAL_PASSWORD[HOST_ONE]);
    expect(await current(e1022, 'certificate')).toEqual({ rank: null, value: 0, total: 18 });
    expect(await current(e1022, 'integral')).toEqual({ rank: 3, value: 155, total: 18 });
  });

  it('follows new ledger rows: a three-way tie pushes the next place to 4, spending below zero drops out', async () => {
    await db().insert(pointRecords).values({
      enterpriseId: e1004.enterpriseId,
      enterpriseUserId: e1004.memberId,
      kind: 1,
      amount: 225,
      reasonZh: '测试',
      reasonEn: 'Test',
    });
    expect(await current(e1004, 'integral')).toEqual({ rank: 1, value: 225, total: 19 });
    expect(summary((await page(e1001, 'integral', { pageSize: 4 })).list)).toEqual([
      { rank: 1, userName: '刘洋', value: 225 },
      { rank: 1, userName: '李娜', value: 225 },
      { rank: 1, userName: '许文博', value: 225 },
      { rank: 4, userName: '曹琳', value: 155 },
    ]);
    await db().insert(pointRecords).values({
      enterpriseId: e1004.enterpriseId,
      enterpriseUserId: e1004.memberId,
      kind: 1,
      amount: -300,
      reasonZh: '测试',
      reasonEn: 'Test',
    });
    expect(await current(e1004, 'integral')).toEqual({ rank: null, value: -75, total: 18 });
    expect((await page(e1001, 'integral')).list[0]!.userName).toBe('李娜');
  });
});

describe('company two and anonymous callers', () => {
  it('ranks only company two’s members for company two, and never company one’s', async () => {
    const theirs = await Promise.all(measures.map((m) => wholeRanking(b2001, m)));
    const oneIds = new Set(
      (await db().select({ id: enterpriseUsers.id }).from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, e1001.enterpriseId))).map((m) => m.id),
    );
    for (const list of theirs) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((e) => oneIds.has(e.enterpriseUserId))).toBe(false);
    }
    expect(summary(theirs[0]!.slice(0, 2))).toEqual([
      { rank: 1, userName: '孙浩', value: 200 },
      { rank: 2, userName: '刘建国', value: 100 },
    ]);
    // A company-one row that names a company-two member counts nowhere.
    await db().insert(pointRecords).values({
      enterpriseId: e1001.enterpriseId,
      enterpriseUserId: b2001.memberId,
      kind: 1,
      amount: 1000,
      reasonZh: '测试',
      reasonEn: 'Test',
    });
    expect((await page(e1001, 'integral')).list.map((e) => e.userName)).not.toContain('周婷');
    expect(await current(b2001, 'integral')).toEqual({ rank: 4, value: 60, total: 7 });
    const ones = await wholeRanking(e1001, 'creditHour');
    expect(ones.some((e) => e.userName === '周婷')).toBe(false);
  });

  it('answers the sign-in code to anonymous callers and to a token of the other company', async () => {
    for (const measure of measures) {
      for (const name of [rows[measure].page, rows[measure].current]) {
        const anonymous = await gw.call(name, { lang: 'en' });
        expect(anonymous.body.code, name).toBe(Code.UNAUTHORIZED);
        expect(anonymous.body.msg).toBe('Please login first!');
        const crossed = await gw.call(name, { token: e1001.token, host: HOST_TWO });
        expect(crossed.body.code, name).toBe(Code.UNAUTHORIZED);
      }
    }
  });
});
