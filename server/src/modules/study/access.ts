/**
 * Whether a member may study a project or a study task now. Shared by the study handlers and
 * the player (which refuses to open a period of a project or task the caller may not study).
 */
import { Code } from '@/api/codes';
import { scoped, isUuid } from '../../db/access';
import type { Db } from '../../db/client';
import { decideProjectAccess, type ProjectAccess, type StudyTaskRow } from '../../db/access/project-access';

export { decideProjectAccess, type ProjectAccess, type ProjectMemberRow, type ProjectRow, type StudyTaskRow } from '../../db/access/project-access';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';

export interface TaskAccess {
  task: StudyTaskRow;
  canStudy: boolean;
  messageKey: MessageKey | null;
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

/** A project of the company and whether the member may study it; 404 when the company has no such project. */
export async function projectAccess(db: Db, eid: string, memberId: string, projectId: string): Promise<ProjectAccess> {
  if (!isUuid(projectId)) throw notFound();
  const scope = scoped(db, eid).study;
  const project = await scope.project(projectId);
  if (!project) throw notFound();
  const row = await scope.registration(projectId, memberId);
  return decideProjectAccess(project, row ?? null);
}

/**
 * A study task assigned to the member and whether it may be studied now; 404 for a task of
 * another company or one not assigned to the member (tasks are private to their members).
 */
export async function taskAccess(db: Db, eid: string, memberId: string, taskId: string): Promise<TaskAccess> {
  if (!isUuid(taskId)) throw notFound();
  const scope = scoped(db, eid).study;
  const [found] = await scope.tasksOf(memberId, [taskId]);
  if (!found) throw notFound();
  const { task } = found;
  if (!task.endAt || task.endAt.getTime() >= Date.now() || found.completedAt) {
    return { task, canStudy: true, messageKey: null };
  }
  // Past its end: still open only when every required course is completed.
  const stats = await scope.statsOf('task', memberId, [taskId]);
  if (stats.get(taskId)?.learningStatus === 2) return { task, canStudy: true, messageKey: null };
  return { task, canStudy: false, messageKey: 'learning.timeExpired' };
}
