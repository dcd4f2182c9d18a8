/** Where the exam screens lead: the page before an exam, the runner and the result pages. */
import { PaperStatus } from '@/api/exam-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

/**
 * The page before the exam of a task.
 *
 * @example examTaskHref('t1', 'en') → '/en/account/exam/t1'
 */
export function examTaskHref(taskId: string, locale: Locale): string {
  return localizePath(`/account/exam/${encodeURIComponent(taskId)}`, locale);
}

/**
 * The runner for a task (it starts or resumes the paper).
 *
 * @example runnerHref('t1', 'zh') → '/account/exam/examQuestion?taskId=t1'
 */
export function runnerHref(taskId: string, locale: Locale): string {
  return localizePath(`/account/exam/examQuestion?taskId=${encodeURIComponent(taskId)}`, locale);
}

/**
 * The result page of a paper: waiting to be marked, or the score; a paper still in progress
 * leads back to the runner.
 *
 * @example resultHref({ paperId: 'p1', taskId: 't1', status: 1 }, 'zh') → '/account/exam/waitExamSuccess?paperId=p1'
 */
export function resultHref(paper: { paperId: string; taskId: string; status: number }, locale: Locale): string {
  if (paper.status === PaperStatus.inProgress) return runnerHref(paper.taskId, locale);
  const page = paper.status === PaperStatus.waitingMark ? 'waitExamSuccess' : 'examSuccess';
  return localizePath(`/account/exam/${page}?paperId=${encodeURIComponent(paper.paperId)}`, locale);
}
