/**
 * The calls of the sections a course's page loads after the course (spec section 7: relation
 * pages, course user records): the courses and projects related to a course and the caller's
 * notes on it. Apart from `@/api/course` so that the page's first script does not carry them.
 */
import { call, type CallOptions } from '@/api/client';
import type { CourseItem, CourseUserRecord, ProjectItem } from '@/api/learning-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Other published courses of the course's category (and those under it), `pageSize` of them. */
export function getRelatedCourses(courseId: string, pageSize: number, opts?: Extra): Promise<PageResult<CourseItem>> {
  return call<PageResult<CourseItem>>('relationPage', { ...opts, body: { courseId, pageSize } });
}

/** Study projects that hold the course. */
export function getCourseProjects(courseId: string, opts?: Extra): Promise<PageResult<ProjectItem>> {
  return call<PageResult<ProjectItem>>('relationProjectPage', { ...opts, body: { courseId } });
}

/** The caller's own notes on a course, newest first. */
export function getCourseNotes(courseId: string, opts?: Extra): Promise<CourseUserRecord[]> {
  return call<CourseUserRecord[]>('courseUserRecordList', { ...opts, query: { courseId } });
}

/** Saves a new note (1–2000 characters) on a course. */
export function saveCourseNote(courseId: string, content: string, opts?: Extra): Promise<CourseUserRecord> {
  return call<CourseUserRecord>('courseUserRecordSave', { ...opts, body: { courseId, content } });
}

/** Replaces the text of one of the caller's notes. */
export function editCourseNote(id: string, content: string, opts?: Extra): Promise<CourseUserRecord> {
  return call<CourseUserRecord>('courseUserRecordEdit', { ...opts, body: { id, content } });
}

/** The gateway's message of a refused call (for a form to show in place), or undefined for other failures. */
export function refusalMessage(error: unknown): string | undefined {
  return outcomeOf(error).msg || undefined;
}
