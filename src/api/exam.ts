/**
 * The exam calls of the exam centre, the page before an exam, the result and review pages and
 * marking (spec section 7, exam). The runner's calls (start, answer save, screen switch, hand
 * in) live in `@/api/exam-runner`.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  ExamBatch,
  ExamTaskCount,
  ExamTaskDetail,
  ExamTaskItem,
  ExamTaskPageBody,
  MarkingItem,
  MarkingPageBody,
  MarkResultOfAnswer,
  PaperRecord,
  PaperResult,
  PaperReview,
} from '@/api/exam-types';
import type { ExportStarted } from '@/api/learning-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

// ---- exam centre

/** The caller's exam tasks (all types), 10 a page, by exam status and keyword. */
export function getExamTaskRecordPage(body: ExamTaskPageBody = {}, opts?: Extra): Promise<PageResult<ExamTaskItem>> {
  return call<PageResult<ExamTaskItem>>('examTaskRecordPage', { ...opts, body: { ...body } });
}

/** The caller's exam tasks counted by exam status. */
export function getExamTaskRecordCount(opts?: Extra): Promise<ExamTaskCount> {
  return call<ExamTaskCount>('examTaskRecordCount', { ...opts, body: {} });
}

/** The caller's exam records: tasks with at least one handed-in paper, 10 a page. */
export function getExamTaskPage(body: ExamTaskPageBody = {}, opts?: Extra): Promise<PageResult<ExamTaskItem>> {
  return call<PageResult<ExamTaskItem>>('examTaskPage', { ...opts, body: { ...body } });
}

/** One of the caller's exam tasks as shown before starting it. */
export function getExamTask(id: string, opts?: Extra): Promise<ExamTaskDetail> {
  return call<ExamTaskDetail>('examTaskView', { ...opts, query: { id } });
}

/** Exports the caller's exam records into the download centre. */
export function exportExamRecords(body: ExamTaskPageBody = {}, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('examTaskExport', { ...opts, body: { ...body } });
}

/** Every paper (attempt) of one of the caller's tasks. */
export function getExamTaskPapers(taskId: string, opts?: Extra): Promise<PaperRecord[]> {
  return call<PaperRecord[]>('examTaskGetRecord', { ...opts, query: { taskId } });
}

// ---- papers

/** The result of a handed-in paper. */
export function getPaperResult(paperId: string, opts?: Extra): Promise<PaperResult> {
  return call<PaperResult>('examFinishView', { ...opts, query: { paperId } });
}

/** A handed-in paper for review: the caller's own, or one of an exam the caller marks. */
export function getPaperReview(id: string, opts?: Extra): Promise<PaperReview> {
  return call<PaperReview>('examPaperView', { ...opts, query: { id } });
}

/** The caller's papers, 10 a page. */
export function getPaperPage(
  body: { pageCurrent?: number; pageSize?: number } = {},
  opts?: Extra,
): Promise<PageResult<PaperRecord>> {
  return call<PageResult<PaperRecord>>('examPaperPage', { ...opts, body: { ...body } });
}

/** The papers of one of the caller's tasks, 10 a page. */
export function getTaskPaperPage(taskId: string, pageCurrent = 1, opts?: Extra): Promise<PageResult<PaperRecord>> {
  return call<PageResult<PaperRecord>>('examGetPaperRecord', { ...opts, query: { taskId }, paging: { pageCurrent } });
}

// ---- marking

/** Papers of the exams the caller marks, those waiting first. */
export function getMarkingPage(body: MarkingPageBody = {}, opts?: Extra): Promise<PageResult<MarkingItem>> {
  return call<PageResult<MarkingItem>>('examMarkingPage', { ...opts, body: { ...body } });
}

/** Gives a short answer its points (0 to the question's score); the paper comes back updated. */
export function markAnswer(answerId: string, mark: number, opts?: Extra): Promise<MarkResultOfAnswer> {
  return call<MarkResultOfAnswer>('examMarkAnswer', { ...opts, query: { id: answerId, mark } });
}

// ---- sittings (batch reservation)

/** The sittings of the caller's company, each with the caller's reservation if any. */
export function getExamBatches(examId?: string, opts?: Extra): Promise<ExamBatch[]> {
  return call<ExamBatch[]>('examBatchList', { ...opts, body: examId ? { examId } : {} });
}

/** Reserves a seat in a sitting; answers the sitting with the new reservation. */
export function reserveExamBatch(batchId: string, opts?: Extra): Promise<ExamBatch> {
  return call<ExamBatch>('examBatchSave', { ...opts, body: { batchId } });
}

/** Cancels one of the caller's reservations before its sitting starts. */
export function cancelExamReservation(reservationId: string, opts?: Extra): Promise<unknown> {
  return call('examBatchDelete', { ...opts, query: { id: reservationId } });
}

/** The gateway found nothing (or nothing the caller may see). */
export function isExamNotFound(error: unknown): boolean {
  return outcomeOf(error).kind === 'notFound';
}

/** The gateway's message of a refusal, if the error is one. */
export function refusalMessage(error: unknown): string | undefined {
  const outcome = outcomeOf(error);
  return outcome.kind === 'forbidden' ? outcome.msg : undefined;
}
