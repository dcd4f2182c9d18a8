/**
 * Files without preview count when downloaded: a learner's download of such a file through the
 * gateway (`coursewareDownload`, `resourceLibraryDownload`) completes their periods that show it.
 */
import type { AuthContext } from '../../routing';
import { catalogue } from '../../db/access/catalogue-cache';
import { updateCourse } from './course-progress';
import { Dynamic, type Period } from '../../db/access/player';
import { progressByOf } from './progress-by';
import { scoped } from '../../db/access';

type Ctx = Pick<AuthContext, 'db' | 'tenant' | 'member'>;

/**
 * Completes the caller's periods of a course that show this resource and count once it is
 * downloaded (a file without preview), after the caller downloaded it through the gateway.
 * Call it only after the caller's access to the course was checked.
 */
export async function completeOnDownload(ctx: Ctx, courseId: string, resourceId: string): Promise<void> {
  const memberId = ctx.member.id;
  let started = false;
  await ctx.db.transaction(async (tx) => {
    const tenantData = scoped(tx, ctx.tenant.id);
    const data = tenantData.player;
    const periods = (await data.periodsShowing(courseId, resourceId)).filter((p) => progressByOf(p) === 'download');
    if (periods.length === 0) return;
    await data.lockMemberWatching(memberId);
    const completed: Period[] = [];
    for (const period of periods) {
      if (await data.completePeriod(memberId, courseId, period.item.id)) completed.push(period);
    }
    if (completed.length === 0) return;
    if (!(await data.courseProgress(memberId, courseId)) && (await data.openCourse(memberId, courseId, completed[0]!.item.id))) {
      started = true;
      await data.addDynamic(memberId, Dynamic.startedCourse, courseId, null);
    }
    for (const period of completed) await data.addDynamic(memberId, Dynamic.completedPeriod, courseId, period.item.id);
    await updateCourse(tenantData, memberId, courseId, 0);
  });
  if (started) await catalogue.forget(ctx.tenant.id);
}
