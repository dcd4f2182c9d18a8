/**
 * The access rules of a project for one member, decided from rows already read: shared by the
 * study handlers, the player and certificate issuing.
 */
import type { projectMembers, projects, studyTasks } from '../schema';
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

const DAY_MS = 24 * 60 * 60 * 1000;

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
