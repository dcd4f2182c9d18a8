/**
 * Calls of research periods (a questionnaire answered in the page) and of the periods the
 * course's lecturers or an administrator record (offline training, real operation, job evaluation).
 */
import { call, type CallOptions } from '@/api/client';
import type {
  PeriodLearnerPage,
  PeriodLearnerPageBody,
  PeriodRecordSaveBody,
  PeriodRecordSaveResult,
  PeriodRecordView,
  ResearchSubmitBody,
  ResearchView,
} from '@/api/period-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A research period's questionnaire and the caller's submission. */
export function getResearch(courseId: string, itemId: string, opts?: Extra): Promise<ResearchView> {
  return call<ResearchView>('periodResearchView', { ...opts, query: { courseId, itemId } });
}

/** Submits the caller's answers (once; final). */
export function submitResearch(body: ResearchSubmitBody, opts?: Extra): Promise<ResearchView> {
  return call<ResearchView>('periodResearchSubmit', { ...opts, body: { ...body } });
}

/** Everyone's answers as a CSV file, for the course's lecturers and administrators. */
export function exportResearch(courseId: string, itemId: string, opts?: Extra): Promise<Blob> {
  return call<Blob>('periodResearchExport', { ...opts, query: { courseId, itemId }, responseType: 'blob' });
}

/** Who records a period, the caller's record, and whether the caller records it. */
export function getPeriodRecord(courseId: string, itemId: string, opts?: Extra): Promise<PeriodRecordView> {
  return call<PeriodRecordView>('periodRecordView', { ...opts, query: { courseId, itemId } });
}

/** The course's learners with their records of a period, 10 a page. */
export function getPeriodLearners(body: PeriodLearnerPageBody, opts?: Extra): Promise<PeriodLearnerPage> {
  return call<PeriodLearnerPage>('periodLearnerPage', { ...opts, body: { ...body } });
}

/** Records one result for the selected learners. */
export function savePeriodRecord(body: PeriodRecordSaveBody, opts?: Extra): Promise<PeriodRecordSaveResult> {
  return call<PeriodRecordSaveResult>('periodRecordSave', { ...opts, body: { ...body } });
}
