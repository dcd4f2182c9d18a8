/**
 * The download centre's records and the learning-progress exports. Exports of every module run
 * through `export-runner.ts`; this module's `startExport` gives them the message that tells the
 * member the file is ready.
 */
import type { CourseProgressRow, ExportRecord, ExportStarted, TrainingProgressItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { sendMessage } from '../announcement/service';
import { settledExports, STALE_EXPORT_SECONDS, startExport as startAnyExport } from '../../export-runner';
import type { AuthContext } from '../../routing';
import { type ExportRecordRow, type ProgressFilters } from '../../db/access/reports';
import { trainingProgressPage } from '../study/service';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { everyPage, exportTime, learningStatusLabels, type ExportColumn, type ExportSpec, type Texts } from '../../exports';
import { allCourseProgress } from './progress';
import { scoped } from '../../db/access';

export { STALE_EXPORT_SECONDS };

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

/** Resolves when every export started so far (and any started meanwhile) has finished or failed. */
export { settledExports };

function toExportRecord(row: ExportRecordRow): ExportRecord {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    gmtCreate: row.createdAt.toISOString(),
    exportStatus: row.exportStatus,
  };
}

/** Starts an export into the caller's download centre; a message tells them when it is ready. */
export function startExport<T>(ctx: AuthContext, spec: ExportSpec<T>): Promise<ExportStarted> {
  return startAnyExport(ctx, spec, sendMessage);
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
