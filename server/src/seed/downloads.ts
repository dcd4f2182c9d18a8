/**
 * Demo download-centre records with their files of one company (`seed.downloads` of its tenant
 * file). A member's finished records hold real spreadsheets: their course progress export, as
 * `progressExport` would build it at seed time, built once per member and written once per
 * record (each record owns its file, so deleting one never takes another's).
 *
 * Records still in progress are dated in the minutes before the seed. Like any export whose
 * job is gone, the download centre reports them failed once they are older than
 * `STALE_EXPORT_SECONDS` (30 minutes): a fresh demo, and every end-to-end run, shows all three
 * states; a demo left running longer shows them as failed, which is what the product would
 * show for an export that never finished.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DownloadsSeed, MemberExportsSeed } from './config/downloads';
import type { Db } from '../db/client';
import { enterpriseUsers, exportRecords } from '../db/schema';
import type { FileStore } from '../files/store';
import { buildWorkbook, exportFileName } from '../exports';
import { courseProgressColumns, courseProgressTitle } from '../modules/data/exports';
import { allCourseProgress } from '../modules/data/progress';
import { scoped } from '../db/access';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One demo record to write: its status and when it was asked for. */
export interface PlannedExport {
  exportStatus: 1 | 2 | 3;
  createdAt: Date;
}

/**
 * A member's records, newest first: those in progress a few minutes before `now`, then the
 * finished and failed ones spread evenly over the past `days` (failed ones spaced among them),
 * at times a little off the hour so that they look asked for by a person.
 *
 * @example exportPlan({ finished: 2, failed: 1, inProgress: 1, days: 3 }, now).map((p) => p.exportStatus) → [1, 2, 3, 2]
 */
export function exportPlan(entry: Pick<MemberExportsSeed, 'finished' | 'failed' | 'inProgress' | 'days'>, now: Date): PlannedExport[] {
  const plan: PlannedExport[] = [];
  for (let i = 0; i < entry.inProgress; i++) {
    plan.push({ exportStatus: 1, createdAt: new Date(now.getTime() - (i + 1) * 2 * MINUTE) });
  }
  const spread = entry.finished + entry.failed;
  const failedAt = new Set(Array.from({ length: entry.failed }, (_, k) => Math.floor(((k + 0.5) * spread) / entry.failed)));
  const step = (entry.days * DAY) / spread;
  for (let i = 0; i < spread; i++) {
    const offset = (i + 1) * step - ((i * 37) % 53) * MINUTE;
    plan.push({ exportStatus: failedAt.has(i) ? 3 : 2, createdAt: new Date(now.getTime() - offset) });
  }
  return plan;
}

/** A key of the file store for a new export file of the company, as real exports name them. */
const fileKeyOf = (enterpriseId: string) => `${enterpriseId}/${randomBytes(16).toString('base64url')}.xlsx`;

export async function seedDownloads(
  db: Db,
  enterpriseId: string,
  section: DownloadsSeed,
  files: FileStore,
  now = new Date(),
): Promise<void> {
  if (section.members.length === 0) return;
  const members = await db
    .select({ id: enterpriseUsers.id, empNo: enterpriseUsers.empNo, userType: enterpriseUsers.userType, isAdmin: enterpriseUsers.isAdmin })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.enterpriseId, enterpriseId));
  const byEmpNo = new Map(members.map((m) => [m.empNo, m]));
  const scope = scoped(db, enterpriseId).reports;

  const rows: (typeof exportRecords.$inferInsert)[] = [];
  const writes: Promise<void>[] = [];
  for (const [index, entry] of section.members.entries()) {
    const member = byEmpNo.get(entry.empNo);
    if (!member) throw new Error(`seed.downloads.members.${index}.empNo: unknown member ${entry.empNo}`);
    const title = courseProgressTitle[entry.lang];
    const bytes =
      entry.finished > 0
        ? await buildWorkbook(
            {
              kind: 'courseProgress',
              title: courseProgressTitle,
              columns: courseProgressColumns,
              rows: () => allCourseProgress(scope, member, {}, entry.lang),
            },
            entry.lang,
          )
        : undefined;
    for (const { exportStatus, createdAt } of exportPlan(entry, now)) {
      const record: typeof exportRecords.$inferInsert = {
        enterpriseId,
        enterpriseUserId: member.id,
        kind: 'courseProgress',
        fileName: exportFileName(title, createdAt),
        exportStatus,
        createdAt,
      };
      if (exportStatus === 2 && bytes) {
        const key = fileKeyOf(enterpriseId);
        writes.push(files.put(key, bytes));
        Object.assign(record, { fileKey: key, fileSize: bytes.length });
      }
      rows.push(record);
    }
  }
  await Promise.all(writes);
  if (rows.length > 0) await db.insert(exportRecords).values(rows);
}
