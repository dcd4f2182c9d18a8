/**
 * The demo looks like a company that uses the platform: live classes last hours, not a year;
 * a sitting named for the morning is in the morning on the company's clock; points come from
 * things the site does (it has no daily check-in); courses carry ratings and comments.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyHour } from './wall-clock';
import { comments, examBatches, liveRooms, pointRecords, ratings } from '../db/schema';
import { createTestApp, type TestGateway } from '../testing';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestApp();
});
afterAll(() => gw?.close());

const DAY = 86_400_000;

describe('realistic demo data', () => {
  it('live rooms last under a day, and the upcoming and ended ones sit in working hours', async () => {
    const rooms = await gw.database.db.select().from(liveRooms);
    expect(rooms.length).toBeGreaterThanOrEqual(4);
    for (const r of rooms) {
      const length = r.endAt.getTime() - r.startAt.getTime();
      expect(length, r.nameZh).toBeGreaterThan(0);
      expect(length, r.nameZh).toBeLessThan(DAY);
    }
    const scheduled = rooms.filter((r) => r.startAt.getTime() > Date.now() || r.endAt.getTime() < Date.now());
    expect(scheduled.length).toBeGreaterThan(0);
    for (const r of scheduled) expect(companyHour(r.startAt), r.nameZh).toBeGreaterThanOrEqual(8);
    for (const r of scheduled) expect(companyHour(r.startAt), r.nameZh).toBeLessThan(18);
  });

  it('sittings start at the time of day their names say, on the company clock', async () => {
    const sittings = await gw.database.db.select().from(examBatches);
    const named = sittings.filter((s) => /上午|下午|晚/.test(s.nameZh));
    expect(named.length).toBeGreaterThan(0);
    for (const s of named) {
      const hour = companyHour(s.startAt);
      if (s.nameZh.includes('上午')) expect([s.nameZh, hour >= 7 && hour < 12]).toEqual([s.nameZh, true]);
      if (s.nameZh.includes('下午')) expect([s.nameZh, hour >= 12 && hour < 18]).toEqual([s.nameZh, true]);
      if (s.nameZh.includes('晚')) expect([s.nameZh, hour >= 18 && hour < 22]).toEqual([s.nameZh, true]);
      if (s.nameZh.includes('周一')) expect(new Date(s.startAt.getTime() + 8 * 3_600_000).getUTCDay(), s.nameZh).toBe(1);
      if (s.nameZh.includes('周三')) expect(new Date(s.startAt.getTime() + 8 * 3_600_000).getUTCDay(), s.nameZh).toBe(3);
    }
  });

  it('gives no points for a daily check-in, which the site does not have', async () => {
    const rows = await gw.database.db.select({ reasonZh: pointRecords.reasonZh, sourceType: pointRecords.sourceType }).from(pointRecords);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.reasonZh.includes('签到') || r.sourceType === 'sign-in')).toEqual([]);
  });

  it('has courses with ratings and comments from colleagues', async () => {
    const rated = await gw.database.db
      .select({ id: ratings.targetId, n: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.targetType, 'course'))
      .groupBy(ratings.targetId);
    expect(rated.length).toBeGreaterThanOrEqual(5);
    const commented = await gw.database.db
      .select({ id: comments.targetId })
      .from(comments)
      .where(and(eq(comments.targetType, 'course')));
    expect(new Set(commented.map((c) => c.id)).size).toBeGreaterThanOrEqual(5);
  });
});
