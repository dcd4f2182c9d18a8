/**
 * The lecturer calls (spec section 7: lecturers): the directory, the ranking and a lecturer's
 * page, and the lecturer's courses (a course call, `info/lecturer/page`).
 */
import { call, type CallOptions } from '@/api/client';
import type { CourseItem } from '@/api/learning-types';
import type { LecturerDetail, LecturerItem, LecturerPageBody, LecturerRankEntry } from '@/api/lecturer-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's lecturers, 10 a page, filtered by name or title. */
export function getLecturerPage(body: LecturerPageBody = {}, opts?: Extra): Promise<PageResult<LecturerItem>> {
  return call<PageResult<LecturerItem>>('lecturerPage', { ...opts, body: { ...body } });
}

/** The company's top 10 lecturers by learners taught. */
export function getLecturerRankList(opts?: Extra): Promise<LecturerRankEntry[]> {
  return call<LecturerRankEntry[]>('lecturerRankList', { ...opts });
}

/** A lecturer's profile with what they teach. */
export function getLecturer(lecturerId: string, opts?: Extra): Promise<LecturerDetail> {
  return call<LecturerDetail>('lecturerView', { ...opts, query: { lecturerId } });
}

/** A lecturer's published courses, 8 a page. */
export function getLecturerCoursePage(
  lecturerId: string,
  paging: { pageCurrent?: number; pageSize?: number } = {},
  opts?: Extra,
): Promise<PageResult<CourseItem>> {
  return call<PageResult<CourseItem>>('courseLecturerPage', { ...opts, body: { ...paging, lecturerId } });
}

/** Whether a lecturer call failed because there is no such lecturer in the caller's company. */
export function isLecturerMissing(error: unknown): boolean {
  const { kind } = outcomeOf(error);
  return kind === 'notFound' || kind === 'invalid';
}
