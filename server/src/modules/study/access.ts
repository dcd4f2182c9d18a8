/**
 * Whether a member may study a project or a study task now. Shared by the study handlers and
 * the player (which refuses to open a period of a project or task the caller may not study).
 */
import { Code } from '@/api/codes';
import { scoped, isUuid } from '../../db/access';
import type { Db } from '../../db/client';
import type { projectMembers, projects, studyTasks } from '../../db/schema';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';

export type ProjectRow = typeof projects.$inferSelect;
export type StudyTaskRow = typeof studyTasks.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  /** The caller's registration: null none, 0 waiting for review, 1 approved, 2 rejected. */
  memberStatus: number | null;
  canStudy: boolean;
  /** Why not, when `canStudy` is false. */
  messageKey: MessageKey | null;
  /** When the caller's learning time ends: approval + study days, or the project's end. */
  studyUntil: Date | null;
}

export interface TaskAccess {
  task: StudyTaskRow;
  canStudy: boolean;
  messageKey: MessageKey | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

/** The earlier of two optional dates. */
function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

/**
 * The access rules of a project for one member, from rows already read (list pages decide
 * many projects at once with it).
 */
export function decideProjectAccess(
  project: ProjectRow,
  row: Pick<ProjectMemberRow, 'status' | 'approvedAt' | 'appliedAt'> | null | undefined,
  now: Date = new Date(),
): ProjectAccess {
  const memberStatus = row ? row.status : null;
  const joinedAt = row && row.status === 1 ? (row.approvedAt ?? row.appliedAt) : null;
  const byDays = joinedAt && project.studyDays != null ? new Date(joinedAt.getTime() + project.studyDays * DAY_MS) : null;
  const studyUntil = earliest(byDays, project.studyEndAt);
  const refuse = (messageKey: MessageKey): ProjectAccess => ({
    project,
    memberStatus,
    canStudy: false,
    messageKey,
    studyUntil,
  });

  if (project.registration !== 0) {
    if (!row) return refuse('learning.registerFirst');
    if (row.status === 0) return refuse('learning.waitReview');
    if (row.status === 2) return refuse('learning.registrationRejected');
  }
  if (studyUntil && studyUntil.getTime() < now.getTime()) return refuse('learning.timeExpired');
  return { project, memberStatus, canStudy: true, messageKey: null, studyUntil };
}

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
