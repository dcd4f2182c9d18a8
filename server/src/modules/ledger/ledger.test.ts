import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CurrentRank } from '@/api/home-types';
import type { AccountRecord, AccountRecordKind, AccountRecordPage } from '@/api/people-types';
import { courses, pointRecords } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { dataOf, signIn, type Who } from '../home/test-support';

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

const page = (who: Who, kind: AccountRecordKind, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<AccountRecordPage>(gw, who, 'accountRecordPage', { body: { kind, ...body }, lang });

/** Every row of one ledger, page by page at the default size. */
async function whole(who: Who, kind: AccountRecordKind, lang: 'zh' | 'en' = 'zh'): Promise<AccountRecord[]> {
  const first = await page(who, kind, {}, lang);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPage - 1) }, (_, i) => page(who, kind, { pageCurrent: i + 2 }, lang)),
  );
  return [first, ...rest].flatMap((p) => p.list);
}

/** The member's own rows of one kind straight from the table, newest first. */
async function stored(who: Who, kind: AccountRecordKind) {
  const rows = await db()
    .select()
    .from(pointRecords)
    .where(and(eq(pointRecords.enterpriseId, who.enterpriseId), eq(pointRecords.enterpriseUserId, who.memberId), eq(pointRecords.kind, kind)));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

const tenths = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + r.amount * 10, 0)) / 10;

describe('the points ledger', () => {
  it('pages the caller’s own rows by 10, newest first, with their total', async () => {
    const rows = await stored(e1001, 1);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    const first = await page(e1001, 1);
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: rows.length, totalPage: Math.ceil(rows.length / 10) });
    expect(first.list).toHaveLength(10);
    expect(first.sum).toBe(tenths(rows));

    const all = await whole(e1001, 1);
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(all.map((r) => r.amount)).toEqual(rows.map((r) => r.amount));
    expect(all.map((r) => r.createdAt)).toEqual(rows.map((r) => r.createdAt.toISOString()));
    expect(all.every((r) => r.kind === 1 && Number.isInteger(r.amount))).toBe(true);
    expect(all.some((r) => r.amount < 0)).toBe(true);

    // The ledger's total is the ranking's value.
    const rank = await dataOf<CurrentRank>(gw, e1001, 'integralRankCurrent');
    expect(first.sum).toBe(rank.value);
  });

  it('gives reasons in the caller’s language and links the course or project that earned a row', async () => {
    const zh = await whole(e1001, 1);
    const en = await whole(e1001, 1, 'en');
    const rows = await stored(e1001, 1);
    expect(zh.map((r) => r.reason)).toEqual(rows.map((r) => r.reasonZh));
    expect(en.map((r) => r.reason)).toEqual(rows.map((r) => r.reasonEn));
    expect(new Set(zh.map((r) => r.sourceType))).toEqual(new Set(['course', 'exam', 'manual']));

    const [writing] = await db().select().from(courses).where(and(eq(courses.enterpriseId, e1001.enterpriseId), eq(courses.nameZh, '职场写作规范')));
    const byCourse = zh.find((r) => r.reason === '完成课程《职场写作规范》')!;
    expect(byCourse).toMatchObject({ sourceType: 'course', sourceId: writing!.id, sourceName: '职场写作规范', amount: 20 });
    expect(en.find((r) => r.id === byCourse.id)).toMatchObject({ sourceName: writing!.nameEn, reason: 'Completed the course “Workplace writing”' });
    for (const r of zh.filter((x) => x.sourceType !== 'course' && x.sourceType !== 'project')) {
      expect(r).toMatchObject({ sourceId: null, sourceName: '' });
    }
  });

  it('answers any page size, an empty page past the end, and refuses a bad kind or paging', async () => {
    const all = await whole(e1001, 1);
    const sevens = await page(e1001, 1, { pageCurrent: 2, pageSize: 7 });
    expect(sevens.list.map((r) => r.id)).toEqual(all.slice(7, 14).map((r) => r.id));
    const beyond = await page(e1001, 1, { pageCurrent: 50 });
    expect(beyond).toMatchObject({ list: [], totalCount: all.length, sum: (await page(e1001, 1)).sum });
    for (const body of [{}, { kind: 3 }, { kind: '1' }, { kind: 1, pageSize: 101 }, { kind: 1, pageCurrent: 0 }]) {
      const { res, body: envelope } = await gw.call('accountRecordPage', { token: e1001.token, body, lang: 'en' });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(envelope.code).toBe(Code.INVALID);
    }
    const missing = await gw.call('accountRecordPage', { token: e1001.token, body: {}, lang: 'en' });
    expect(missing.body.msg).toBe('The field kind is missing');
    const wrong = await gw.call('accountRecordPage', { token: e1001.token, body: { kind: 3 } });
    expect(wrong.body.msg).toBe('参数 kind 不能大于 2');
  });
});

describe('the credit-hour ledger', () => {
  it('lists one-decimal rows newest first, with the ranking’s total', async () => {
    const rows = await stored(e1001, 2);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const all = await whole(e1001, 2);
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(all.every((r) => r.kind === 2 && Math.round(r.amount * 10) === r.amount * 10)).toBe(true);
    expect(all.some((r) => !Number.isInteger(r.amount))).toBe(true);
    const first = await page(e1001, 2);
    expect(first).toMatchObject({ totalCount: rows.length, totalPage: 2, sum: tenths(rows) });
    expect(first.sum).toBe((await dataOf<CurrentRank>(gw, e1001, 'creditHourRankCurrent')).value);
    // The other ledger's rows never show here.
    const points = new Set((await whole(e1001, 1)).map((r) => r.id));
    expect(all.some((r) => points.has(r.id))).toBe(false);
  });
});

describe('only the caller’s rows', () => {
  it('never shows another member’s or another company’s rows', async () => {
    const mine = new Set((await whole(e1001, 1)).map((r) => r.id));
    const theirs = await whole(e1002, 1);
    expect(theirs.length).toBe((await stored(e1002, 1)).length);
    expect(theirs.some((r) => mine.has(r.id))).toBe(false);

    const two = await whole(b2001, 1);
    expect(two.map((r) => r.id)).toEqual((await stored(b2001, 1)).map((r) => r.id));
    expect(two.some((r) => mine.has(r.id))).toBe(false);

    // A row of company one that names company two's member is no row of theirs.
    await db().insert(pointRecords).values({
      enterpriseId: e1001.enterpriseId,
      enterpriseUserId: b2001.memberId,
      kind: 1,
      amount: 1000,
      reasonZh: '测试',
      reasonEn: 'Test',
    });
    const after = await page(b2001, 1);
    expect(after.totalCount).toBe(two.length);
    expect(after.sum).toBe(tenths(await stored(b2001, 1)));
  });

  it('asks anonymous callers to sign in, and refuses a token on the other company’s site', async () => {
    const anonymous = await gw.call('accountRecordPage', { body: { kind: 1 }, lang: 'en' });
    expect(anonymous.body.code).toBe(Code.UNAUTHORIZED);
    expect(anonymous.body.msg).toBe('Please login first!');
    const crossed = await gw.call('accountRecordPage', { token: e1001.token, host: HOST_TWO, body: { kind: 1 } });
    expect(crossed.body.code).toBe(Code.UNAUTHORIZED);
  });
});
