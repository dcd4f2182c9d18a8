/**
 * Exports for the download centre. A call creates the record (exportStatus 1) and answers at
 * once; the spreadsheet is built in the background, written to the file store, and the record
 * set to 2 (or 3 when the build fails). Jobs run in the process that took the call; a record
 * left at 1 by a process that died is shown as failed after {@link STALE_EXPORT_SECONDS}.
 */
import { randomBytes } from 'node:crypto';
import type { CourseProgressRow, ExportRecord, ExportStarted, TrainingProgressItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/store';
import { sendMessage } from '../announcement/service';
import { quotaReached, quotasOf } from '../../quotas';
import type { AuthContext } from '../../routing';
import { type ExportRecordRow, type ProgressFilters } from '../../db/access/reports';
import { trainingProgressPage } from '../study/service';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { buildWorkbook, everyPage, exportFileName, exportTime, learningStatusLabels, type ExportColumn, type ExportSpec, type Texts } from '../../exports';
import { allCourseProgress } from './progress';
import { scoped, type Scoped } from '../../db/access';

/** Exports still at exportStatus 1 after this long are reported as failed. */
export const STALE_EXPORT_SECONDS = 30 * 60;

const kindLabels: Record<TrainingProgressItem['kind'], Texts> = {
  project: { zh: '学习项目', en: 'Study project' },
  task: { zh: '学习任务', en: 'Study task' },
};

/** Columns of the course progress export. */
export const courseProgressColumns: ExportColumn<CourseProgressRow>[] = [
  { header: { zh: '姓名', en: 'Name' }, width: 14, cell: (r) => r.userName },
  { header: { zh: '工号', en: 'Employee no.' }, width: 14, cell: (r) => r.empNo },
  { header: { zh: '部门', en: 'Department' }, width: 28, cell: (r) => r.departmentName },
  { header: { zh: '课程', en: 'Course' }, width: 30, cell: (r) => r.courseName },
  { header: { zh: '学习进度（%）', en: 'Progress (%)' }, width: 14, cell: (r) => r.studyProgress },
  { header: { zh: '学习状态', en: 'Status' }, width: 12, cell: (r, lang) => learningStatusLabels[r.learningStatus]![lang] },
  {
    header: { zh: '学习时长（分钟）', en: 'Study time (min)' },
    width: 16,
    cell: (r) => Math.round(r.studySeconds / 6) / 10,
  },
  { header: { zh: '开始学习时间', en: 'Started' }, width: 20, cell: (r) => exportTime(r.startedAt) },
  { header: { zh: '完成时间', en: 'Completed' }, width: 20, cell: (r) => exportTime(r.completedAt) },
];

/** Columns of the training progress export. */
export const trainingProgressColumns: ExportColumn<TrainingProgressItem>[] = [
  { header: { zh: '名称', en: 'Name' }, width: 30, cell: (r) => r.name },
  { header: { zh: '类型', en: 'Type' }, width: 12, cell: (r, lang) => kindLabels[r.kind][lang] },
  { header: { zh: '学习进度（%）', en: 'Progress (%)' }, width: 14, cell: (r) => r.studyProgress },
  { header: { zh: '学习状态', en: 'Status' }, width: 12, cell: (r, lang) => learningStatusLabels[r.learningStatus]![lang] },
  { header: { zh: '必修课程', en: 'Required courses' }, width: 12, cell: (r) => r.requiredCount },
  { header: { zh: '已完成必修', en: 'Required completed' }, width: 12, cell: (r) => r.requiredCompleted },
  { header: { zh: '选修课程', en: 'Elective courses' }, width: 12, cell: (r) => r.electiveCount },
  { header: { zh: '已完成选修', en: 'Elective completed' }, width: 12, cell: (r) => r.electiveCompleted },
  { header: { zh: '学时', en: 'Credit hours' }, width: 10, cell: (r) => r.creditHours },
  { header: { zh: '最近学习时间', en: 'Last studied' }, width: 20, cell: (r) => exportTime(r.updatedAt) },
];

const running = new Set<Promise<void>>();

/** Resolves when every export started so far (and any started meanwhile) has finished or failed. */
export async function settledExports(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

async function runExport<T>(
  db: Db,
  scope: Scoped['reports'],
  files: FileStore,
  record: ExportRecordRow,
  spec: ExportSpec<T>,
  lang: Locale,
): Promise<void> {
  try {
    const bytes = await buildWorkbook(spec, lang);
    const key = `${record.enterpriseId}/${randomBytes(16).toString('base64url')}.xlsx`;
    await files.put(key, bytes);
    await scope.finishExport(record.id, key, bytes.length);
    // Deleted while it was being built: the record is gone, so its file goes too.
    if (!(await scope.ownExport(record.enterpriseUserId, record.id))) {
      await files.delete(key);
      return;
    }
    await sendMessage(db, record.enterpriseId, record.enterpriseUserId, {
      titleZh: `导出文件已生成：${record.fileName}`,
      titleEn: `Your export is ready: ${record.fileName}`,
      contentZh: '文件已可下载：请打开页面顶部的下载中心。',
      contentEn: 'The file can be downloaded now: open the download centre at the top of the page.',
    }).catch((e: unknown) => console.error(`[export] ${record.id}: message not sent:`, e));
  } catch (error) {
    console.error(`[export] ${spec.kind} ${record.id} failed:`, error);
    await scope.failExport(record.id).catch((e: unknown) => console.error(`[export] ${record.id} not marked failed:`, e));
  }
}

function toExportRecord(row: ExportRecordRow): ExportRecord {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    gmtCreate: row.createdAt.toISOString(),
    exportStatus: row.exportStatus,
  };
}

/**
 * Creates the caller's export record and builds the file in the background; 429 when the
 * caller, or the company, already has as many exports in flight as its quota allows.
 */
export async function startExport<T>(ctx: AuthContext, spec: ExportSpec<T>): Promise<ExportStarted> {
  const scope = scoped(ctx.db, ctx.tenant.id).reports;
  const files = ctx.c.get('files');
  const quotas = quotasOf(ctx.tenant.id);
  const created = await scope.createExportWithin(ctx.member.id, spec.kind, exportFileName(spec.title[ctx.lang], new Date()), {
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
  const job = runExport(ctx.db, scope, files, record, spec, ctx.lang);
  running.add(job);
  void job.then(() => running.delete(job));
  return toExportRecord(record);
}

export const courseProgressTitle: Texts = { zh: '课程学习进度', en: 'course-progress' };
const trainingProgressTitle: Texts = { zh: '培训学习进度', en: 'training-progress' };

/** `progressExport`: every course progress row the caller may see, with the page's filters. */
export function progressExport(ctx: AuthContext, filters: ProgressFilters): Promise<ExportStarted> {
  const scope = scoped(ctx.db, ctx.tenant.id).reports;
  const member = ctx.member;
  const lang = ctx.lang;
  return startExport(ctx, {
    kind: 'courseProgress',
    title: courseProgressTitle,
    columns: courseProgressColumns,
    rows: () => allCourseProgress(scope, member, filters, lang),
  });
}

/** `studyExport`: the caller's training progress in projects and study tasks, as `trainingProgressPage` lists it. */
export function studyExport(ctx: AuthContext): Promise<ExportStarted> {
  return startExport(ctx, {
    kind: 'trainingProgress',
    title: trainingProgressTitle,
    columns: trainingProgressColumns,
    rows: () => everyPage((paging) => trainingProgressPage(ctx, paging)),
  });
}

/** `exportRecordPage`: the caller's own export records, newest first. */
export async function exportRecordPage(ctx: AuthContext, paging: Paging): Promise<PageResult<ExportRecord>> {
  const scope = scoped(ctx.db, ctx.tenant.id).reports;
  await scope.failStaleExports(ctx.member.id, STALE_EXPORT_SECONDS);
  const { rows, total } = await scope.exportPage(ctx.member.id, offsetOf(paging), paging.pageSize);
  return pageResult(rows.map(toExportRecord), paging, total);
}
