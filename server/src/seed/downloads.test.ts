import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadsSeedSchema } from './config/downloads';
import { enterpriseDomains, exportRecords } from '../db/schema';
import { localFileStore, type FileStore } from '../files/store';
import { STALE_EXPORT_SECONDS } from '../modules/data/exports';
import { createTestApp, HOST_TWO, type TestGateway } from '../testing';
import { exportPlan, seedDownloads } from './downloads';

const now = new Date('2026-11-21T08:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('exportPlan', () => {
  it('puts the ones in progress first, minutes before the seed, then spreads the rest over the days', () => {
    const plan = exportPlan({ finished: 22, failed: 3, inProgress: 2, days: 45 }, now);
    expect(plan).toHaveLength(27);
    expect(plan.slice(0, 2).map((p) => p.exportStatus)).toEqual([1, 1]);
    for (const p of plan.slice(0, 2)) expect(now.getTime() - p.createdAt.getTime()).toBeLessThan(STALE_EXPORT_SECONDS * 1000);
    expect(plan.filter((p) => p.exportStatus === 3)).toHaveLength(3);
    expect(plan.filter((p) => p.exportStatus === 2)).toHaveLength(22);
    // Newest first, none in the future, the oldest near the start of the span.
    const times = plan.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect(now.getTime() - Math.min(...times)).toBeGreaterThan(44 * DAY);
    expect(now.getTime() - Math.min(...times)).toBeLessThanOrEqual(45 * DAY);
    // A failed one among the first 20 listed, so the first page shows every status.
    expect(plan.slice(0, 20).map((p) => p.exportStatus)).toContain(3);
  });

  it('handles members with only one kind', () => {
    expect(exportPlan({ finished: 0, failed: 0, inProgress: 1, days: 7 }, now).map((p) => p.exportStatus)).toEqual([1]);
    expect(exportPlan({ finished: 0, failed: 2, inProgress: 0, days: 7 }, now).map((p) => p.exportStatus)).toEqual([3, 3]);
    expect(exportPlan({ finished: 2, failed: 1, inProgress: 1, days: 3 }, now).map((p) => p.exportStatus)).toEqual([1, 2, 3, 2]);
  });
});

describe('the tenant section', () => {
  it('is optional per field and rejects unknown ones', () => {
    expect(downloadsSeedSchema.parse({})).toEqual({ members: [] });
    expect(downloadsSeedSchema.parse({ members: [{ empNo: 'E1001', finished: 1 }] }).members[0]).toEqual({
      empNo: 'E1001',
      lang: 'zh',
      finished: 1,
      failed: 0,
      inProgress: 0,
      days: 42,
    });
    expect(downloadsSeedSchema.safeParse({ members: [{ empNo: 'E1001', finished: 1, status: 2 }] }).success).toBe(false);
    expect(downloadsSeedSchema.safeParse({ members: [{ empNo: 'E1001', finished: -1 }] }).success).toBe(false);
  });
});

describe('seedDownloads', () => {
  let gw: TestGateway;
  let dir: string;
  let files: FileStore;
  let two: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xt-seed-downloads-'));
    files = localFileStore(dir);
    gw = await createTestApp();
    const [row] = await gw.database.db.select().from(enterpriseDomains).where(eq(enterpriseDomains.domain, HOST_TWO));
    two = row!.enterpriseId;
  });
  afterAll(async () => {
    await gw?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a company in a fraction of a second, every finished record with its own readable file', async () => {
    const started = performance.now();
    await seedDownloads(
      gw.database.db,
      two,
      downloadsSeedSchema.parse({ members: [{ empNo: 'B2001', finished: 20, failed: 2, inProgress: 1 }] }),
      files,
    );
    expect(performance.now() - started).toBeLessThan(2000);

    const rows = await gw.database.db
      .select()
      .from(exportRecords)
      .where(eq(exportRecords.enterpriseId, two));
    expect(rows).toHaveLength(23);
    const finished = rows.filter((r) => r.exportStatus === 2);
    expect(finished).toHaveLength(20);
    for (const r of finished) {
      const file = await files.get(r.fileKey!);
      expect(file?.size).toBe(r.fileSize);
      await file?.body.cancel();
    }
    expect(rows.filter((r) => r.exportStatus !== 2).every((r) => r.fileKey === null && r.fileSize === 0)).toBe(true);
  });

  it('names an unknown member', async () => {
    const section = downloadsSeedSchema.parse({ members: [{ empNo: 'E1001', finished: 1 }] });
    await expect(seedDownloads(gw.database.db, two, section, files)).rejects.toThrow(
      'seed.downloads.members.0.empNo: unknown member E1001',
    );
    const [left] = await gw.database.db
      .select({ n: count() })
      .from(exportRecords)
      .where(and(eq(exportRecords.enterpriseId, two), eq(exportRecords.exportStatus, 2)));
    expect(left!.n).toBe(20);
  });
});
