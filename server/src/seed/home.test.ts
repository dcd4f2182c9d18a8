import { existsSync } from 'node:fs';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@/api/types';
import type { RankEntry } from '@/api/home-types';
import { homeSeedSchema, type HomeSeedInput } from './config/home';
import type { LearningSeed } from './config/tenant-config';
import * as schema from '../db/schema';
import { mediaFile } from '../files/media';
import { HOST_TWO, type TestGateway } from '../testing';
import { seedHome } from './home';
import { loadTenantFiles } from '.';
import { countRows, crossingRows, openSeeded, type TenantLink, type TenantTable } from './seed-testing';

let gw: TestGateway;
let one: string;
let two: string;
beforeAll(async () => {
  ({ gw, one, two } = await openSeeded());
});
afterAll(() => gw?.close());

const db = () => gw.database.db;

describe('home seed', () => {
  it('writes the banners, zones, lecturers, ledgers and certificates of each company', async () => {
    const expected: [TenantTable, number, number][] = [
      [schema.banners, 4, 3],
      [schema.homeSettings, 1, 1],
      [schema.homeZones, 4, 3],
      [schema.homeZoneCourses, 6, 2],
      [schema.homeZoneLecturers, 3, 1],
      [schema.certificates, 5, 3],
      [schema.userCertificates, 11 + 10 + 5 + 1, 4 + 2 + 2],
    ];
    for (const [table, first, second] of expected) {
      expect(await countRows(gw, table, one)).toBe(first);
      expect(await countRows(gw, table, two)).toBe(second);
    }
    expect(await countRows(gw, schema.pointRecords, one)).toBeGreaterThan(100);
    expect(await countRows(gw, schema.pointRecords, two)).toBeGreaterThan(20);
  });

  it('keeps every reference inside its company', async () => {
    const links: TenantLink[] = [
      [schema.homeZoneCourses, schema.homeZoneCourses.zoneId, schema.homeZones],
      [schema.homeZoneCourses, schema.homeZoneCourses.courseId, schema.courses],
      [schema.homeZoneLecturers, schema.homeZoneLecturers.lecturerId, schema.lecturers],
      [schema.pointRecords, schema.pointRecords.enterpriseUserId, schema.enterpriseUsers],
      [schema.certificates, schema.certificates.courseId, schema.courses],
      [schema.certificates, schema.certificates.projectId, schema.projects],
      [schema.userCertificates, schema.userCertificates.certificateId, schema.certificates],
      [schema.userCertificates, schema.userCertificates.enterpriseUserId, schema.enterpriseUsers],
    ];
    for (const link of links) expect(await crossingRows(gw, link)).toBe(0);
  });

  it('gives certificates both issue ways, some expired, granted by courses and projects, with unique codes', async () => {
    const held = await db().select().from(schema.userCertificates);
    expect(new Set(held.map((h) => h.issueWay))).toEqual(new Set([1, 2]));
    expect(held.every((h) => /^[A-Z2-7]{16}$/.test(h.code))).toBe(true);
    expect(new Set(held.map((h) => h.code)).size).toBe(held.length);
    for (const enterpriseId of [one, two]) {
      const expired = await db()
        .select()
        .from(schema.userCertificates)
        .where(and(eq(schema.userCertificates.enterpriseId, enterpriseId), isNotNull(schema.userCertificates.expiresAt), lt(schema.userCertificates.expiresAt, new Date())));
      expect(expired.length).toBeGreaterThan(0);
      const kinds = await db().select().from(schema.certificates).where(eq(schema.certificates.enterpriseId, enterpriseId));
      expect(kinds.some((c) => c.courseId)).toBe(true);
      expect(kinds.some((c) => c.projectId)).toBe(true);
      expect(kinds.some((c) => c.validMonths === null)).toBe(true);
    }
    // Expiry follows the months of validity: 消防安全合格证 lasts 12 months.
    const [fire] = await db().select().from(schema.certificates).where(eq(schema.certificates.nameZh, '消防安全合格证'));
    const fireHeld = held.filter((h) => h.certificateId === fire!.id);
    for (const h of fireHeld) {
      const months = (h.expiresAt!.getUTCFullYear() - h.issuedAt.getUTCFullYear()) * 12 + h.expiresAt!.getUTCMonth() - h.issuedAt.getUTCMonth();
      expect(months).toBe(12);
    }
  });

  it('writes ledger rows with reasons in both languages, sources and past dates', async () => {
    const rows = await db().select().from(schema.pointRecords).where(eq(schema.pointRecords.enterpriseId, one));
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set([1, 2]));
    expect(rows.every((r) => r.reasonZh && r.reasonEn && r.createdAt.getTime() <= Date.now())).toBe(true);
    expect(new Set(rows.map((r) => r.sourceType))).toEqual(new Set(['course', 'project', 'exam', 'manual']));
    expect(rows.filter((r) => r.sourceType === 'course' || r.sourceType === 'project').every((r) => r.sourceId)).toBe(true);
    expect(rows.some((r) => r.kind === 2 && !Number.isInteger(r.amount))).toBe(true);
    expect(rows.some((r) => r.amount < 0)).toBe(true);
  });

  it('has pictures that exist', async () => {
    const banners = await db().select().from(schema.banners);
    const settings = await db().select().from(schema.homeSettings);
    for (const url of [...banners.map((b) => b.image), ...settings.map((s) => s.zoneLogo)]) {
      const file = mediaFile(url);
      expect(file && existsSync(file), url).toBe(true);
    }
  });

  it('gives company one rankings to page: credit hours over 2 pages of 9, points and certificates over 3 pages of 3', async () => {
    const token = await gw.login('E1001');
    const totalPage = async (name: 'integralRankPage' | 'creditHourRankPage' | 'certificateRankPage') =>
      (await gw.call<PageResult<RankEntry>>(name, { token })).body.data.totalPage;
    expect(await totalPage('creditHourRankPage')).toBeGreaterThan(2);
    expect(await totalPage('integralRankPage')).toBeGreaterThan(3);
    expect(await totalPage('certificateRankPage')).toBeGreaterThan(3);
    const theirs = await gw.call<PageResult<RankEntry>>('integralRankPage', { token: await gw.login('B2001', undefined, { host: HOST_TWO }), host: HOST_TWO });
    expect(theirs.body.data.totalCount).toBeGreaterThan(3);
  });
});

describe('home seed references', () => {
  const base = async (): Promise<{ home: HomeSeedInput; learning: LearningSeed }> => {
    const localhost = (await loadTenantFiles()).find((t) => t.domain === 'localhost')!;
    return { home: structuredClone(localhost.config.seed.home!) as HomeSeedInput, learning: localhost.config.seed.learning! };
  };
  /** Seeds a changed copy of company one's home section in a transaction that is rolled back. */
  const attempt = async (patch: (home: HomeSeedInput) => void) => {
    const { home, learning } = await base();
    patch(home);
    const section = homeSeedSchema.parse(home);
    const rollback = new Error('rollback');
    try {
      await db().transaction(async (tx) => {
        await seedHome(tx, one, section, learning);
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
  };

  it('stops with the bad course, project, lecturer or employee number named', async () => {
    await expect(
      attempt((h) => {
        const zone = h.zones!.find((z) => z.type === 'recommended')!;
        if (zone.type === 'recommended') zone.courses.push('no-such-course');
      }),
    ).rejects.toThrow(/home seed: zones\[0\]\.courses names unknown course 'no-such-course'/);
    await expect(attempt((h) => h.lecturers!.push('nobody'))).rejects.toThrow(/unknown lecturer 'nobody'/);
    await expect(attempt((h) => (h.certificates![0]!.project = 'no-such-project'))).rejects.toThrow(/certificates\[0\]\.project names unknown project 'no-such-project'/);
    await expect(attempt((h) => (h.reasons!['course-excel']!.ref = 'lean'))).rejects.toThrow(/reasons\.course-excel names unknown course 'lean'/);
    await expect(attempt((h) => (h.points!['E9999'] = [[5, 'study-note', 1]]))).rejects.toThrow(/home seed: no member E9999/);
    await expect(attempt((h) => h.certificates![1]!.holders!.push(['E9998', 'manual', 3]))).rejects.toThrow(/no member E9998/);
    // Nothing of the refused attempts stays.
    expect(await countRows(gw, schema.banners, one)).toBe(4);
    expect(await countRows(gw, schema.userCertificates, one)).toBe(27);
  });
});
