/**
 * Who may watch and download a course's content: the one rule shared by the course pages and
 * the player. A removed course answers 'The course has been removed'; a paid course without a
 * purchase by the caller answers 'You can only watch it after purchase'.
 */
import { Code } from '@/api/codes';
import { COURSE_STATUS } from '@/lib/authoring-rules';
import type { Db } from '../../db/client';
import { scoped } from '../../db/access';
import type { CourseRow } from '../../db/access/courses';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import { inAudience } from './audience';

/** The member's id and department, for a limited course's audience. */
async function memberOf(db: Db, eid: string, memberId: string): Promise<{ id: string; departmentId: string }> {
  return { id: memberId, departmentId: (await scoped(db, eid).courses.departmentOf(memberId)) ?? '' };
}

export type { CourseRow };

export interface CourseAccess {
  /** The course of the caller's enterprise; undefined when there is none with that id. */
  course: CourseRow | undefined;
  allowed: boolean;
  /** Why not: 'learning.notFound', 'learning.courseRemoved' or 'learning.purchaseFirst'. */
  messageKey: MessageKey | null;
}

/**
 * Whether member `memberId` of enterprise `eid` may watch course `courseId`.
 *
 * @example const { allowed, messageKey } = await courseAccess(db, tenant.id, member.id, id)
 */
export async function courseAccess(db: Db, eid: string, memberId: string, courseId: string): Promise<CourseAccess> {
  const row = await scoped(db, eid).courses.withPurchase(memberId, courseId);
  // A draft (status 2) was never the learners': it is not there for them; nor is a course shown to others.
  if (!row || row.course.status === COURSE_STATUS.draft) return { course: undefined, allowed: false, messageKey: 'learning.notFound' };
  if (row.course.audience !== 0 && !(await inAudience(db, eid, await memberOf(db, eid, memberId), row.course))) {
    return { course: undefined, allowed: false, messageKey: 'learning.notFound' };
  }
  if (row.course.status !== COURSE_STATUS.published) return { course: row.course, allowed: false, messageKey: 'learning.courseRemoved' };
  if (!row.course.isFree && row.purchasedBy === null) {
    return { course: row.course, allowed: false, messageKey: 'learning.purchaseFirst' };
  }
  return { course: row.course, allowed: true, messageKey: null };
}

/** The refusal of a {@link courseAccess} answer as an error: not found, or FORBIDDEN with the spec's message. */
export function accessError(access: CourseAccess): ApiError {
  return access.course
    ? new ApiError(Code.FORBIDDEN, access.messageKey ?? 'learning.forbidden')
    : new ApiError(Code.NOT_FOUND, 'learning.notFound');
}

/**
 * The course if the caller may watch it; throws not found or FORBIDDEN otherwise.
 *
 * @example const course = await requireCourseAccess(db, tenant.id, member.id, id)
 */
export async function requireCourseAccess(db: Db, eid: string, memberId: string, courseId: string): Promise<CourseRow> {
  const access = await courseAccess(db, eid, memberId, courseId);
  if (!access.allowed || !access.course) throw accessError(access);
  return access.course;
}
