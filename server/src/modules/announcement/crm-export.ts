/**
 * Exports of the back office's announcement pages into the caller's download centre, as the data
 * module's exports make them (record at exportStatus 1, the workbook built in the background,
 * then 2, or 3 when it fails; a message when it is ready). The data module's `startExport`
 * cannot be called from here: the data module sends its messages through this module, and
 * modules import each other in no loop.
 */
import { randomBytes } from 'node:crypto';
import type { ExportStarted } from '@/api/learning-types';
import type { Locale } from '@/i18n/routes';
import { scoped } from '../../db/access';
import type { ExportRecordRow } from '../../db/access/reports';
import { buildWorkbook, exportFileName, type ExportSpec } from '../../exports';
import type { FileStore } from '../../files/store';
import { t } from '../../i18n';
import { quotaReached, quotasOf } from '../../quotas';
import type { AuthContext } from '../../routing';
import { sendMessage } from './records';

/** Exports still at exportStatus 1 after this long count as failed (as the data module's). */
const STALE_EXPORT_SECONDS = 30 * 60;

const running = new Set<Promise<void>>();

/** Resolves when every export started here so far has finished or failed (tests). */
export async function settledNoticeExports(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

async function build<T>(ctx: AuthContext, files: FileStore, record: ExportRecordRow, spec: ExportSpec<T>, lang: Locale): Promise<void> {
  const reports = scoped(ctx.db, record.enterpriseId).reports;
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
    await sendMessage(ctx.db, record.enterpriseId, record.enterpriseUserId, {
      titleZh: t('zh', 'notice.exportReadyTitle', { name: record.fileName }),
      titleEn: t('en', 'notice.exportReadyTitle', { name: record.fileName }),
      contentZh: t('zh', 'notice.exportReadyText'),
      contentEn: t('en', 'notice.exportReadyText'),
      linkUrl: '/account/download',
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
export async function startNoticeExport<T>(ctx: AuthContext, spec: ExportSpec<T>): Promise<ExportStarted> {
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
  const job = build(ctx, ctx.c.get('files'), record, spec, ctx.lang);
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
