/**
 * The exam centre: the caller's exam tasks with counts, one task before the exam, its papers,
 * the exam records and their export. Reads first hand in the caller's overdue papers and mark
 * assigned tasks whose exam window ended untaken as absent, so every list shows the truth.
 */
import type { ExamTaskCount, ExamTaskDetail, ExamTaskItem, PaperRecord } from '@/api/exam-types';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { ExamStatus } from '@/api/exam-types';
import { t } from '../../i18n';
import type { AuthContext } from '../../routing';
import { exportTime, type ExportColumn } from '../../exports';
import { startExport } from '../data/service';
import { MAX_PAGE_SIZE, offsetOf, pageResult, type Paging } from '../../paging';
import { type ExamRow, type ExamTaskRow, type TaskFilters, type TaskPaperStats } from '../../db/access/exams';
import { closeOverdue, examName, notFound, startBlock, toPaperRecord } from './papers';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

/** Hands in the caller's overdue papers and marks absent tasks before a read. */
/** What the exam centre's reads need of a signed-in request. */
type ReadCtx = Pick<AuthContext, 'db' | 'tenant' | 'member' | 'lang'>;

async function settle(ctx: ReadCtx, now = new Date()): Promise<void> {
  await closeOverdue(ctx.db, ctx.tenant.id, now, ctx.member.id);
  await scoped(ctx.db, ctx.tenant.id).exams.markAbsent(ctx.member.id, now);
}

function toTaskItem(
  task: ExamTaskRow,
  exam: ExamRow,
  stats: TaskPaperStats | undefined,
  questionCount: number,
  lang: Locale,
): ExamTaskItem {
  return {
    taskId: task.id,
    examId: exam.id,
    name: examName(exam, lang),
    type: task.type,
    status: task.status,
    score: task.score,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    duration: exam.duration,
    questionCount,
    attempts: exam.attempts,
    attemptsUsed: stats?.used ?? 0,
    startAt: exam.startAt?.toISOString() ?? null,
    endAt: exam.endAt?.toISOString() ?? null,
    paperInProgress: stats?.inProgress ?? null,
    createdAt: task.createdAt.toISOString(),
  };
}

function total(counts: Record<string, number> | undefined): number {
  return Object.values(counts ?? {}).reduce((a, b) => a + b, 0);
}

async function taskItems(ctx: AuthContext, filters: TaskFilters, paging: Paging): Promise<PageResult<ExamTaskItem>> {
  const s = scoped(ctx.db, ctx.tenant.id).exams;
  const { rows, total: count } = await s.taskPage(ctx.member.id, filters, { limit: paging.pageSize, offset: offsetOf(paging) });
  const [stats, questions] = await Promise.all([
    s.taskPaperStats(rows.map((r) => r.task.id)),
    s.questionCounts([...new Set(rows.map((r) => r.exam.id))]),
  ]);
  const list = rows.map((r) =>
    toTaskItem(r.task, r.exam, stats.get(r.task.id), total(questions.get(r.exam.id)), ctx.lang),
  );
  return pageResult(list, paging, count);
}

/** `examTaskRecordPage`: the caller's exam tasks of every type, newest first. */
export async function examTaskRecordPage(
  ctx: AuthContext,
  body: Paging & { status?: number; keyword?: string },
): Promise<PageResult<ExamTaskItem>> {
  await settle(ctx);
  return taskItems(ctx, { status: body.status, keyword: body.keyword }, body);
}

/** `examTaskPage`: the caller's exam records (tasks with at least one handed-in paper). */
export async function examTaskPage(
  ctx: AuthContext,
  body: Paging & { status?: number; keyword?: string },
): Promise<PageResult<ExamTaskItem>> {
  await settle(ctx);
  return taskItems(ctx, { status: body.status, keyword: body.keyword, recordsOnly: true }, body);
}

/** `examTaskRecordCount`: the caller's tasks by exam status. */
export async function examTaskRecordCount(ctx: AuthContext): Promise<ExamTaskCount> {
  await settle(ctx);
  const counts = await scoped(ctx.db, ctx.tenant.id).exams.taskStatusCounts(ctx.member.id);
  const n = (status: number) => counts.get(status) ?? 0;
  return {
    total: [...counts.values()].reduce((a, b) => a + b, 0),
    waiting: n(ExamStatus.waiting),
    pass: n(ExamStatus.pass),
    fail: n(ExamStatus.fail),
    waitingMark: n(ExamStatus.waitingMark),
    absent: n(ExamStatus.absent),
  };
}

/** `examTaskView?id`: one task before the exam, with why it cannot be started now ('' when it can). */
export async function examTaskView(ctx: ReadCtx, taskId: string): Promise<ExamTaskDetail> {
  const now = new Date();
  await settle(ctx, now);
  const s = scoped(ctx.db, ctx.tenant.id).exams;
  const found = await s.ownTask(ctx.member.id, taskId);
  if (!found) throw notFound();
  const { task, exam } = found;
  const [stats, questions] = await Promise.all([s.taskPaperStats([task.id]), s.questionCounts([exam.id])]);
  const typeCounts = questions.get(exam.id) ?? {};
  const item = toTaskItem(task, exam, stats.get(task.id), total(typeCounts), ctx.lang);
  const block = item.paperInProgress
    ? null
    : startBlock({ task, exam, attemptsUsed: item.attemptsUsed, questionCount: item.questionCount, now });
  return {
    ...item,
    intro: inLang(ctx.lang, exam.introZh, exam.introEn),
    screenSwitchLimit: exam.screenSwitchLimit,
    shuffleQuestions: exam.shuffleQuestions,
    showAnswers: exam.answersShown !== 'never',
    answersShown: exam.answersShown,
    attemptsLeft: exam.attempts > 0 ? Math.max(0, exam.attempts - item.attemptsUsed) : null,
    blockedReason: block ? t(ctx.lang, block) : '',
    typeCounts: Object.fromEntries(
      [1, 2, 3, 4, 5].map((type) => [String(type), typeCounts[String(type)] ?? 0]),
    ),
  };
}

/** `examTaskGetRecord?taskId`: every paper of the caller's task, first attempt first. */
export async function examTaskGetRecord(ctx: AuthContext, taskId: string): Promise<PaperRecord[]> {
  await settle(ctx);
  const s = scoped(ctx.db, ctx.tenant.id).exams;
  const found = await s.ownTask(ctx.member.id, taskId);
  if (!found) throw notFound();
  const papers = await s.papersOfTask(taskId);
  return papers.map((p) => toPaperRecord(p, found.exam, ctx.lang));
}

/** `examPaperPage` and `examGetPaperRecord?taskId`: the caller's papers (of one task), newest first. */
export async function examPaperPage(
  ctx: AuthContext,
  body: Paging & { taskId?: string; status?: number },
): Promise<PageResult<PaperRecord>> {
  await settle(ctx);
  const s = scoped(ctx.db, ctx.tenant.id).exams;
  if (body.taskId && !(await s.ownTask(ctx.member.id, body.taskId))) throw notFound();
  const { rows, total: count } = await s.paperPage(
    ctx.member.id,
    { taskId: body.taskId, status: body.status },
    { limit: body.pageSize, offset: offsetOf(body) },
  );
  return pageResult(
    rows.map((r) => toPaperRecord(r.paper, r.exam, ctx.lang)),
    body,
    count,
  );
}

type Texts = Record<Locale, string>;

const statusLabels: Record<number, Texts> = {
  0: { zh: '待考试', en: 'Waiting for test' },
  1: { zh: '通过', en: 'Pass' },
  2: { zh: '未通过', en: 'Fail' },
  3: { zh: '待阅卷', en: 'Waiting to be marked' },
  4: { zh: '缺考', en: 'Absent' },
};

const typeLabels: Record<number, Texts> = {
  1: { zh: '课程考试', en: 'Course exam' },
  2: { zh: '指派考试', en: 'Assigned exam' },
};

/** Columns of the exam records export. */
export const examRecordColumns: ExportColumn<ExamTaskItem>[] = [
  { header: { zh: '考试名称', en: 'Exam' }, width: 30, cell: (r) => r.name },
  { header: { zh: '类型', en: 'Type' }, width: 12, cell: (r, lang) => typeLabels[r.type]?.[lang] ?? '' },
  { header: { zh: '考试状态', en: 'Status' }, width: 14, cell: (r, lang) => statusLabels[r.status]?.[lang] ?? '' },
  { header: { zh: '最高分', en: 'Best score' }, width: 10, cell: (r) => r.score ?? '' },
  { header: { zh: '总分', en: 'Total score' }, width: 10, cell: (r) => r.totalScore },
  { header: { zh: '及格分', en: 'Pass score' }, width: 10, cell: (r) => r.passScore },
  { header: { zh: '已考次数', en: 'Attempts' }, width: 10, cell: (r) => r.attemptsUsed },
  { header: { zh: '考试开始时间', en: 'Exam opens' }, width: 20, cell: (r) => exportTime(r.startAt) },
  { header: { zh: '考试结束时间', en: 'Exam closes' }, width: 20, cell: (r) => exportTime(r.endAt) },
];

const examRecordTitle: Texts = { zh: '考试记录', en: 'exam-records' };

/** `examTaskExport`: the caller's exam records (with the records page's filters) into the download centre. */
export async function examTaskExport(ctx: AuthContext, filters: { status?: number; keyword?: string } = {}): Promise<ExportStarted> {
  await settle(ctx);
  return startExport(ctx, {
    kind: 'examRecords',
    title: examRecordTitle,
    columns: examRecordColumns,
    async *rows() {
      for (let pageCurrent = 1; ; pageCurrent++) {
        const page = await taskItems(ctx, { ...filters, recordsOnly: true }, { pageCurrent, pageSize: MAX_PAGE_SIZE });
        yield page.list;
        if (pageCurrent >= page.totalPage) return;
      }
    },
  });
}
