/** A member's course progress recomputed from its counted periods, shared by the player and exam passes. */
import type { LearningStatus } from '@/api/learning-types';
import { countsForCourse, courseProgressOf } from '@/lib/study-progress';
import { toLearningStatus } from '../../db/access/course-cards';
import type { Scoped } from '../../db/access';
import { Dynamic } from '../../db/access/player';
import { issueOnCompletion } from '../certificate/service';

/** The course's points and credit hours, into the member's ledger (once: on the completion). */
async function awardCompletion(t: Scoped, memberId: string, courseId: string): Promise<void> {
  const course = await t.courses.course(courseId);
  if (!course) return;
  const reason = { reasonZh: `完成课程《${course.nameZh}》`, reasonEn: `Completed “${course.nameEn || course.nameZh}”`, sourceType: 'course', sourceId: courseId };
  await t.ledger.award(memberId, [
    ...(course.points > 0 ? [{ kind: 1, amount: course.points, ...reason }] : []),
    ...(course.creditHours > 0 ? [{ kind: 2, amount: course.creditHours, ...reason }] : []),
  ]);
}

/**
 * Recomputes the course's progress from its counted periods and adds studied seconds; at 100
 * the course is completed (status 2, study dynamic kind 3, certificates issued, its points and
 * credit hours earned).
 */
export async function updateCourse(
  t: Scoped,
  memberId: string,
  courseId: string,
  studySeconds: number,
): Promise<{ progress: number; status: LearningStatus }> {
  const data = t.player;
  const counted = (await data.periods(courseId)).filter((p) => countsForCourse(p.contentType));
  const rows = await data.progressOfPeriods(
    memberId,
    counted.map((p) => p.id),
  );
  // Periods never opened have no row and count as 0.
  const progress = courseProgressOf([...rows.map((r) => r.progress), ...Array(counted.length - rows.length).fill(0)]);
  const { completedNow, row } = await data.saveCourseProgress(memberId, courseId, progress, studySeconds);
  if (completedNow) {
    await data.addDynamic(memberId, Dynamic.completedCourse, courseId, null);
    await issueOnCompletion(t.db, t.enterpriseId, memberId, { courseId });
    await awardCompletion(t, memberId, courseId);
  }
  return { progress: row.progress, status: toLearningStatus(row.status) };
}
