/**
 * Exports for the download centre, of any module: a call creates the caller's record
 * (exportStatus 1) within the export quotas and answers at once; the spreadsheet is built in the
 * background, written to the file store and the record set to 2 (or 3 when the build fails),
 * then the member is told by a message, which the calling module sends (messages belong to the
 * announcement module, which plumbing does not import). Jobs run in the process that took the
 * call; a record left at 1 by a process that died is shown as failed after
 * {@link STALE_EXPORT_SECONDS}.
 */
import { randomBytes } from 'node:crypto';
import type { ExportStarted } from '@/api/learning-types';
import type { Locale } from '@/i18n/routes';
import { scoped } from './db/access';
import type { ExportRecordRow } from './db/access/reports';
import type { Db } from './db/client';
import { buildWorkbook, exportFileName, type ExportSpec } from './exports';
import type { FileStore } from './files/store';
import { quotaReached, quotasOf } from './quotas';
import type { AuthContext } from './routing';

/** Exports still at exportStatus 1 after this long are reported as failed. */
export const STALE_EXPORT_SECONDS = 30 * 60;

/** The message telling a member their export is ready. */
export interface ReadyMessage {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
}

/** Sends `message` to member `memberId` of enterprise `enterpriseId` (the announcement module's `sendMessage`). */
export type SendReadyMessage = (db: Db, enterpriseId: string, memberId: string, message: ReadyMessage) => Promise<unknown>;

const running = new Set<Promise<void>>();

/** Resolves when every export started so far (and any started meanwhile) has finished or failed. */
export async function settledExports(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

async function runExport<T>(db: Db, files: FileStore, record: ExportRecordRow, spec: ExportSpec<T>, lang: Locale, send: SendReadyMessage): Promise<void> {
  const reports = scoped(db, record.enterpriseId).reports;
  try {
    const bytes = await buildWorkbook(spec, lang);
    const key = `${record.enterpriseId}/${randomBytes(16).toString('base64url')}.xlsx`;
    await files.put(key, bytes);
    await reports.finishExport(record.id, key, bytes.length);
    // Deleted while it was being built: the record is gone, so its file goes too.
    if (!(await reports.ownExport(record.enterpriseUserId, record.id))) {
      await files.delete(key);
      return;
    }
    await send(db, record.enterpriseId, record.enterpriseUserId, {
      titleZh: `导出文件已生成：${record.fileName}`,
      titleEn: `Your export is ready: ${record.fileName}`,
      contentZh: '文件已可下载：请打开页面顶部的下载中心。',
      contentEn: 'The file can be downloaded now: open the download centre at the top of the page.',
    }).catch((e: unknown) => console.error(`[export] ${record.id}: message not sent:`, e));
  } catch (error) {
    console.error(`[export] ${spec.kind} ${record.id} failed:`, error);
    await reports.failExport(record.id).catch((e: unknown) => console.error(`[export] ${record.id} not marked failed:`, e));
  }
}

/**
 * Creates the caller's export record and builds the file in the background; 429 when the
 * caller, or the company, already has as many exports in flight as its quota allows.
 */
export async function startExport<T>(ctx: AuthContext, spec: ExportSpec<T>, send: SendReadyMessage): Promise<ExportStarted> {
  const reports = scoped(ctx.db, ctx.tenant.id).reports;
  const quotas = quotasOf(ctx.tenant.id);
  const created = await reports.createExportWithin(ctx.member.id, spec.kind, exportFileName(spec.title[ctx.lang], new Date()), {
    perMember: quotas.exportsInFlightPerMember,
    perCompany: quotas.exportsInFlightPerCompany,
    staleSeconds: STALE_EXPORT_SECONDS,
  });
  if ('full' in created) {
    throw created.full === 'member'
      ? quotaReached('quota.exportsMember', { max: quotas.exportsInFlightPerMember })
      : quotaReached('quota.exportsCompany', { max: quotas.exportsInFlightPerCompany });
  }
  const record = created.row;
  const job = runExport(ctx.db, ctx.c.get('files'), record, spec, ctx.lang, send);
  running.add(job);
  void job.then(() => running.delete(job));
  return {
    id: record.id,
    fileName: record.fileName,
    fileSize: record.fileSize,
    gmtCreate: record.createdAt.toISOString(),
    exportStatus: record.exportStatus,
  };
}
