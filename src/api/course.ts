/**
 * The course calls (spec section 7: courses): the catalogue, a course's detail, chapters and
 * periods, comments, ratings, likes, collections and courseware files. The calls of the
 * sections a course's page loads later are in `@/api/course-related`.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  AdmireResult,
  Category,
  Comment,
  CommentPageBody,
  CourseCount,
  CourseDetail,
  CourseItem,
  CoursePageBody,
  CoursePurchaseApplyBody,
  CoursePurchaseDecideBody,
  CoursePurchaseRequest,
  CoursePurchaseRequestPageBody,
  CoursePurchaseState,
  CourseResourceItem,
  Courseware,
  CoursewarePreview,
  MarkResult,
} from '@/api/learning-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The course categories as a tree, each with its published course count. */
export function getCategoryList(opts?: Extra): Promise<Category[]> {
  return call<Category[]>('categoryList', { ...opts, body: {} });
}

/** Published courses, 8 a page, filtered and sorted. */
export function getCoursePage(body: CoursePageBody = {}, opts?: Extra): Promise<PageResult<CourseItem>> {
  return call<PageResult<CourseItem>>('coursePage', { ...opts, body: { ...body } });
}

/** All published courses and the caller's by learning status and collection. */
export function getCourseCount(body: Pick<CoursePageBody, 'categoryId' | 'keyword'> = {}, opts?: Extra): Promise<CourseCount> {
  return call<CourseCount>('courseCount', { ...opts, body: { ...body } });
}

/** A course's detail with the caller's rating, like, collection and where to continue. */
export function getCourse(courseId: string, opts?: Extra): Promise<CourseDetail> {
  return call<CourseDetail>('courseView', { ...opts, query: { courseId } });
}

/** A course's chapters with their periods and the caller's progress in each. */
export function getChapterPeriodList(courseId: string, opts?: Extra): Promise<CourseResourceItem[]> {
  return call<CourseResourceItem[]>('chapterPeriodList', { ...opts, query: { courseId } });
}

/** Comments on a course, newest first, 10 a page. */
export function getCourseCommentPage(body: CommentPageBody, opts?: Extra): Promise<PageResult<Comment>> {
  return call<PageResult<Comment>>('courseCommentPage', { ...opts, body: { ...body } });
}

/** Posts a comment (1–500 characters) on a course. */
export function saveCourseComment(courseId: string, content: string, opts?: Extra): Promise<Comment> {
  return call<Comment>('courseCommentSave', { ...opts, body: { targetId: courseId, content } });
}

/** Deletes one of the caller's comments. */
export function deleteCourseComment(id: string, opts?: Extra): Promise<unknown> {
  return call('courseCommentDelete', { ...opts, body: { id } });
}

/** Toggles the caller's like of a course. */
export function admireCourse(courseId: string, opts?: Extra): Promise<AdmireResult> {
  return call<AdmireResult>('courseAdmire', { ...opts, body: { courseId } });
}

/** Rates a course 1–5 (spec section 5); answers the new average. */
export function saveCourseMark(courseId: string, score: number, opts?: Extra): Promise<MarkResult> {
  return call<MarkResult>('courseMarkSave', { ...opts, body: { targetId: courseId, score } });
}

/** Collects a course (`collected` true) or removes it from the caller's collection. */
export function setCourseCollected(courseId: string, collected: boolean, opts?: Extra): Promise<unknown> {
  const body = { targetType: 'course', targetId: courseId };
  return collected ? call('collectionSave', { ...opts, body }) : call('collectionDelete', { ...opts, body });
}

/** The files offered with a course. */
export function getCoursewareList(courseId: string, opts?: Extra): Promise<Courseware[]> {
  return call<Courseware[]>('coursewareList', { ...opts, query: { courseId } });
}

/** A courseware file as it is. */
export function downloadCourseware(id: string, opts?: Extra): Promise<Blob> {
  return call<Blob>('coursewareDownload', { ...opts, query: { id }, responseType: 'blob' });
}

/** A PDF courseware file stamped with the caller's name and employee number. */
export function downloadCoursewareWatermarked(id: string, opts?: Extra): Promise<Blob> {
  return call<Blob>('coursewareWatermarkDownload', { ...opts, query: { id }, responseType: 'blob' });
}

/** How to show a courseware file in the page. */
export function getCoursewarePreview(id: string, opts?: Extra): Promise<CoursewarePreview> {
  return call<CoursewarePreview>('coursewarePreview', { ...opts, query: { id } });
}

/** A file of the resource library (a period's resource). */
export function downloadResource(id: string, courseId?: string, opts?: Extra): Promise<Blob> {
  return call<Blob>('resourceLibraryDownload', { ...opts, query: { id, ...(courseId ? { courseId } : {}) }, responseType: 'blob' });
}

/**
 * Why a course call was refused, for the page to show instead of the course: missing (or
 * another company's), or refused with the gateway's message ('The course has been removed',
 * 'You can only watch it after purchase'). `undefined` for other failures (network, server),
 * which deserve a retry.
 */
export function courseRefusal(error: unknown): { kind: 'notFound' } | { kind: 'refused'; message: string } | undefined {
  const outcome = outcomeOf(error);
  if (outcome.kind === 'notFound' || outcome.kind === 'invalid') return { kind: 'notFound' };
  if (outcome.kind === 'forbidden') return { kind: 'refused', message: outcome.msg };
  return undefined;
}

/** The caller's latest authorised-purchase request for a paid course, if any. */
export function getCoursePurchaseState(courseId: string, opts?: Extra): Promise<CoursePurchaseState> {
  return call<CoursePurchaseState>('coursePurchaseState', { ...opts, query: { courseId } });
}

/** Asks to join a paid course's authorised purchase; an administrator decides. */
export function applyCoursePurchase(body: CoursePurchaseApplyBody, opts?: Extra): Promise<CoursePurchaseRequest> {
  return call<CoursePurchaseRequest>('coursePurchaseApply', { ...opts, body: { ...body } });
}

/** Authorised-purchase requests (administrators only; others get code 460). */
export function getCoursePurchaseRequests(
  body: CoursePurchaseRequestPageBody,
  opts?: Extra,
): Promise<PageResult<CoursePurchaseRequest>> {
  return call<PageResult<CoursePurchaseRequest>>('coursePurchaseRequestPage', { ...opts, body: { ...body } });
}

/** Approves a request (the member may then study the course) or refuses it with a reason. */
export function decideCoursePurchase(body: CoursePurchaseDecideBody, opts?: Extra): Promise<CoursePurchaseRequest> {
  return call<CoursePurchaseRequest>('coursePurchaseDecide', { ...opts, body: { ...body } });
}
