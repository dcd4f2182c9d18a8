/** The lecturer's back office: the courses they teach. */
import { call, type CallOptions } from '@/api/client';
import type { Paging } from '@/api/endpoints';
import type { TeachingCourse, TeachingCourseFilters } from '@/api/teaching-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A page of the caller's courses: published first, then in the course centre's order. */
export function getTeachingCoursePage(body: Partial<Paging> & TeachingCourseFilters = {}, opts?: Extra): Promise<PageResult<TeachingCourse>> {
  return call<PageResult<TeachingCourse>>('teachingCoursePage', { ...opts, body: { ...body } });
}
