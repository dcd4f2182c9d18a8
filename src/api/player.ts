/**
 * The player's calls (spec section 7): opening a period, its configuration, heartbeats and
 * progress the gateway computes, course exams, the learner's study dynamics. The course calls
 * it shares with the course pages are in `@/api/course`.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  CourseConfig,
  CourseProgressInfo,
  CoursewarePreview,
  ExamTaskByCourseBody,
  ExamTaskOk,
  ExamTaskRef,
  ImageTextContent,
  ProgressReportBody,
  ProgressReportResult,
  ResourceCheck,
  ResourceProgress,
  ResourceWatchBody,
  ResourceWatchResult,
  StudyDynamic,
  StudyDynamicPageBody,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Where a period is studied from: a study task or a project, when not the course itself. */
export interface StudyScope {
  studyTaskId?: string;
  projectId?: string;
}

function scope(s: StudyScope = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.studyTaskId) out.studyTaskId = s.studyTaskId;
  if (s.projectId) out.projectId = s.projectId;
  return out;
}

/** How the player behaves for the caller in a course (watermark, anti-skip, speeds, heartbeat). */
export function getCourseConfig(courseId: string, s?: StudyScope, opts?: Extra): Promise<CourseConfig> {
  return call<CourseConfig>('courseConfig', { ...opts, query: { courseId, ...scope(s) } });
}

/** Opens a period: its media and where the caller stopped. */
export function watchResource(body: ResourceWatchBody, opts?: Extra): Promise<ResourceWatchResult> {
  return call<ResourceWatchResult>('resourceWatch', { ...opts, body: { ...body } });
}

/** An image-and-text period's blocks. */
export function getImageText(courseId: string, itemId: string, opts?: Extra): Promise<ImageTextContent> {
  return call<ImageTextContent>('imageTextWatch', { ...opts, query: { courseId, itemId } });
}

/** A heartbeat: the spans played since the last accepted report. */
export function updateResourceLog(body: ProgressReportBody, opts?: Extra): Promise<ProgressReportResult> {
  return call<ProgressReportResult>('resourceLogUpdate', { ...opts, body: { ...body } });
}

/** The final report of a viewing (pause, end, leaving the period). */
export function saveProgress(body: ProgressReportBody, opts?: Extra): Promise<ProgressReportResult> {
  return call<ProgressReportResult>('progressSave', { ...opts, body: { ...body } });
}

/** The caller's progress per period of a course. */
export function getProgress(courseId: string, s?: StudyScope, opts?: Extra): Promise<CourseProgressInfo> {
  return call<CourseProgressInfo>('progressGet', { ...opts, query: { courseId, ...scope(s) } });
}

/** One period's progress. */
export function getResourceProgress(itemId: string, opts?: Extra): Promise<ResourceProgress> {
  return call<ResourceProgress>('progressResource', { ...opts, query: { itemId } });
}

/** Whether the caller may open a period, with the spec's message when not. */
export function checkResource(courseId: string, itemId: string, s?: StudyScope, opts?: Extra): Promise<ResourceCheck> {
  return call<ResourceCheck>('progressCheckResource', { ...opts, query: { courseId, itemId, ...scope(s) } });
}

/** The caller's one exam task of a course's exam period (the spec's type 1 is sent; the gateway decides). */
export function saveExamTaskByCourse(body: ExamTaskByCourseBody, opts?: Extra): Promise<ExamTaskRef> {
  return call<ExamTaskRef>('saveExamTaskByCourseId', { ...opts, body: { ...body, type: 1 } });
}

/** Whether an exam task exists for the caller and can be started now. */
export function getTaskIsOk(taskId: string, opts?: Extra): Promise<ExamTaskOk> {
  return call<ExamTaskOk>('getTaskIsOk', { ...opts, query: { taskId } });
}

/** The caller's study dynamics, newest first, 10 a page. */
export function getStudyDynamics(body: StudyDynamicPageBody = {}, opts?: Extra): Promise<PageResult<StudyDynamic>> {
  return call<PageResult<StudyDynamic>>('studyDynamicPage', { ...opts, body: { ...body } });
}

// ---- the course calls the player needs beyond `@/api/course`

/** How to show a period's file in the page, found by its resource. */
export function getResourcePreview(resourceId: string, courseId?: string, opts?: Extra): Promise<CoursewarePreview> {
  return call<CoursewarePreview>('coursewarePreview', { ...opts, query: courseId ? { resourceId, courseId } : { resourceId } });
}

/**
 * Sends the final report while the page goes away: a keepalive request outlives the page,
 * which a normal call would not.
 */
export function saveProgressOnExit(body: ProgressReportBody): void {
  void call('progressSave', { body: { ...body }, keepalive: true, isShowErrTip: false }).catch(() => undefined);
}
