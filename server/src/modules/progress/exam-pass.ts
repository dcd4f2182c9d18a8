/**
 * A passed exam completes the exam periods (content type 3) that hold it: the period of the
 * course the exam task belongs to, and the same exam's periods in the member's other started
 * courses. Each such period becomes 100 and completed (study dynamic kind 2), and its course's
 * progress is recomputed (completing the course, with its dynamic and certificates, at 100).
 * Study tasks that list the exam itself count the pass on read (`db/access/study-stats.ts`, `statsSelect`).
 */
import type { Db } from '../../db/client';
import { updateCourse } from './course-progress';
import { Dynamic } from '../../db/access/player';
import { scoped } from '../../db/access';

/** The passed task: whose it is, its exam and (for a course's exam) its course. */
export interface PassedTask {
  enterpriseUserId: string;
  examId: string;
  courseId: string | null;
}

/**
 * Credits a pass; idempotent (a completed period is not completed again). `db` should be the
 * transaction that recorded the pass, so that both commit together; `at` dates a pass made
 * earlier (the demo seed), else it is now.
 *
 * @example await creditExamPass(tx, tenantId, task) → 1 (periods completed now)
 */
export async function creditExamPass(db: Db, eid: string, task: PassedTask, at?: Date): Promise<number> {
  const tenantData = scoped(db, eid);
  const data = tenantData.player;
  const memberId = task.enterpriseUserId;
  const periods = await data.examPeriods(memberId, task.examId, task.courseId);
  if (periods.length === 0) return 0;
  await data.lockMemberWatching(memberId);
  let completed = 0;
  for (const period of periods) {
    // The learner's place in the course (where the player resumes) stays where it was.
    const started = (await data.courseProgress(memberId, period.courseId)) !== undefined;
    if (!(await data.completePeriod(memberId, period.courseId, period.itemId, at))) continue;
    completed += 1;
    // Started just before the period was completed, so that the two read in that order.
    if (!started) await data.addDynamic(memberId, Dynamic.startedCourse, period.courseId, null, at && new Date(at.getTime() - 1000));
    await data.addDynamic(memberId, Dynamic.completedPeriod, period.courseId, period.itemId, at);
    // Writes the course row when the pass starts the course (its card gains a learner).
    await updateCourse(tenantData, memberId, period.courseId, 0);
  }
  return completed;
}
