/**
 * Study projects: lists and details as the caller sees them, registration and its review,
 * phases, lecturers, related courses and projects, and the caller's training progress.
 */
import type {
  AdmireResult,
  CourseItem,
  LecturerBrief,
  PhaseContent,
  ProjectApplyResult,
  ProjectCount,
  ProjectCourse,
  ProjectDetail,
  ProjectItem,
  ProjectMember,
  ProjectPhase,
  TrainingProgressItem,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { Code } from '@/api/codes';
import type { Member } from '../../db/access';
import { ApiError } from '../../envelope';
import { t, type MessageKey } from '../../i18n';
import type { AuthContext } from '../../routing';
import { registrationDecidedNotice } from '../announcement/service';
import { sendMessage } from '../announcement/service';
import { issueOnCompletion } from '../certificate/service';
import { toLecturerBrief } from '../../db/access/course-cards';
import { nameAndIntro } from '../../db/access/rows';
import { withDescendants } from '../course/service';
import { projectAccess, type ProjectMemberRow, type ProjectRow } from './access';
import { EMPTY_STATS, type ContainerStats, type StudyScope } from '../../db/access/study';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

function toProjectItem(
  p: ProjectRow,
  stats: ContainerStats,
  counts: { learnerCount: number; admireCount: number },
  memberStatus: number | null,
  lang: Locale,
): ProjectItem {
  return {
    id: p.id,
    ...nameAndIntro(p, lang),
    cover: p.cover,
    registration: p.registration,
    isFree: p.isFree,
    startAt: p.startAt.toISOString(),
    studyEndAt: p.studyEndAt ? p.studyEndAt.toISOString() : null,
    creditHours: p.creditHours,
    courseCount: stats.courseCount,
    learnerCount: counts.learnerCount,
    admireCount: counts.admireCount,
    memberStatus,
    studyProgress: stats.progress,
    learningStatus: stats.learningStatus,
  };
}

/**
 * Progress inside a project counts once the member is in it: at once in an open project, after
 * registering (and approval) in the others. Before that the project shows its courses, not the
 * member's progress in them elsewhere.
 */
export function countsProgress(project: Pick<ProjectRow, 'registration'>, memberStatus: number | null | undefined): boolean {
  return project.registration === 0 || memberStatus === 1;
}

/** The stats a member sees of a project: theirs once they are in it, otherwise only its courses. */
function seenStats(stats: ContainerStats | undefined, counts: boolean): ContainerStats {
  const found = stats ?? EMPTY_STATS;
  if (counts) return found;
  return {
    ...EMPTY_STATS,
    courseCount: found.courseCount,
    requiredCount: found.requiredCount,
    electiveCount: found.electiveCount,
    creditHours: found.creditHours,
  };
}

/** Project cards of the given rows, in their order, in three queries. */
async function projectItems(ctx: AuthContext, scope: StudyScope, rows: ProjectRow[]): Promise<ProjectItem[]> {
  const ids = rows.map((r) => r.id);
  const [stats, counts, registrations] = await Promise.all([
    scope.statsOf('project', ctx.member.id, ids),
    scope.projectCounts(ids),
    scope.registrations(ctx.member.id, ids),
  ]);
  return rows.map((p) =>
    toProjectItem(
      p,
      seenStats(stats.get(p.id), countsProgress(p, registrations.get(p.id)?.status)),
      counts.get(p.id) ?? { learnerCount: 0, admireCount: 0 },
      registrations.get(p.id)?.status ?? null,
      ctx.lang,
    ),
  );
}

/** Course cards with their place in the project, in the order of `links`. */
async function projectCourseCards(
  ctx: AuthContext,
  links: { courseId: string; required: boolean; phaseId: string | null }[],
): Promise<ProjectCourse[]> {
  const cards = await scoped(ctx.db, ctx.tenant.id).cards.forMember(ctx.member.id, ctx.lang, links.map((l) => l.courseId));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return links.flatMap((l) => {
    const card = byId.get(l.courseId);
    return card ? [{ ...card, required: l.required, phaseId: l.phaseId }] : [];
  });
}

function toPhase(
  phase: { id: string; nameZh: string; nameEn: string; introZh: string; introEn: string },
  stats: ContainerStats,
  lang: Locale,
): ProjectPhase {
  return {
    id: phase.id,
    ...nameAndIntro(phase, lang),
    courseCount: stats.courseCount,
    studyProgress: stats.progress,
  };
}

// ---- lists and counts

export async function projectPage(
  ctx: AuthContext,
  body: Paging & { keyword?: string; isFree?: boolean; joined?: boolean },
): Promise<PageResult<ProjectItem>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const { rows, total } = await scope.projectPage(
    ctx.member.id,
    { keyword: body.keyword, isFree: body.isFree === true ? true : undefined, joined: body.joined },
    pageWindow(body),
  );
  return pageResult(await projectItems(ctx, scope, rows), body, total);
}

export function projectCount(ctx: AuthContext): Promise<ProjectCount> {
  return scoped(ctx.db, ctx.tenant.id).study.projectCountsFor(ctx.member.id);
}

// ---- one project

export async function projectView(ctx: AuthContext, id: string): Promise<ProjectDetail> {
  const { db, lang } = ctx;
  const memberId = ctx.member.id;
  const access = await projectAccess(db, ctx.tenant.id, memberId, id);
  const scope = scoped(db, ctx.tenant.id).study;
  const [[item], phases, lecturers, like, collected] = await Promise.all([
    projectItems(ctx, scope, [access.project]),
    scope.phases(id),
    scope.projectLecturers(id),
    scope.likeState('project', id, memberId),
    scope.isCollected('project', id, memberId),
  ]);
  const phaseStats = await scope.statsOf(
    'phase',
    memberId,
    phases.map((p) => p.id),
  );
  return {
    ...item!,
    phases: phases.map((p) => toPhase(p, seenStats(phaseStats.get(p.id), countsProgress(access.project, access.memberStatus)), lang)),
    lecturers: lecturers.rows.map((l) => toLecturerBrief(l, lang)),
    admired: like.admired,
    collected,
    canStudy: access.canStudy,
    accessMessage: access.messageKey ? t(lang, access.messageKey) : '',
    studyUntil: access.studyUntil ? access.studyUntil.toISOString() : null,
  };
}

export async function projectStudyCourse(
  ctx: AuthContext,
  input: { id: string; phaseId?: string; required: boolean },
): Promise<ProjectCourse[]> {
  await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, input.id);
  const links = await scoped(ctx.db, ctx.tenant.id).study.projectCourses(input.id, {
    required: input.required,
    phaseId: input.phaseId,
  });
  return projectCourseCards(ctx, links);
}

export async function projectAdmire(ctx: AuthContext, projectId: string): Promise<AdmireResult> {
  await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, projectId);
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  await scope.toggleLike('project', projectId, ctx.member.id);
  return scope.likeState('project', projectId, ctx.member.id);
}

export async function projectLecturerPage(
  ctx: AuthContext,
  body: Paging & { projectId: string },
): Promise<PageResult<LecturerBrief>> {
  await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, body.projectId);
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).study.projectLecturers(body.projectId, pageWindow(body));
  return pageResult(
    rows.map((l) => toLecturerBrief(l, ctx.lang)),
    body,
    total,
  );
}

export async function projectPhaseContent(ctx: AuthContext, phaseId: string): Promise<PhaseContent> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const phase = await scope.phase(phaseId);
  if (!phase) throw notFound();
  const [stats, links, access] = await Promise.all([
    scope.statsOf('phase', ctx.member.id, [phaseId]),
    scope.projectCourses(phase.projectId, { phaseId }),
    projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, phase.projectId),
  ]);
  return {
    phase: toPhase(phase, seenStats(stats.get(phaseId), countsProgress(access.project, access.memberStatus)), ctx.lang),
    courses: await projectCourseCards(ctx, links),
  };
}

// ---- registration

function applyMessage(status: number, created: boolean): MessageKey {
  if (status === 0) return 'learning.appliedReview';
  if (status === 2) return 'learning.registrationRejected';
  return created ? 'learning.applied' : 'learning.alreadyApplied';
}

/**
 * Registers the caller: open projects and register-first projects join at once, projects
 * with review wait for it. Applying again answers the registration as it stands.
 */
export async function projectApply(ctx: AuthContext, projectId: string): Promise<ProjectApplyResult> {
  const { project } = await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, projectId);
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const status = project.registration === 2 ? 0 : 1;
  const { row, created } = await scope.register(projectId, ctx.member.id, status);
  if (created && row.status === 1) {
    await scope.addJoinedDynamic(ctx.member.id, projectId);
    await issueOnCompletion(ctx.db, ctx.tenant.id, ctx.member.id, { projectId });
  }
  return { memberStatus: row.status, message: t(ctx.lang, applyMessage(row.status, created)) };
}

/** Admins and the project's own lecturers review its registrations; the project must be the company's. */
async function requireReviewer(ctx: AuthContext, scope: StudyScope, projectId: string): Promise<ProjectRow> {
  const project = await scope.project(projectId);
  if (!project) throw notFound();
  if (ctx.member.isAdmin) return project;
  if (!(await scope.isProjectLecturer(projectId, ctx.member.id))) {
    throw new ApiError(Code.FORBIDDEN, 'learning.forbidden');
  }
  return project;
}

function toProjectMember(registration: ProjectMemberRow, member: Member | Omit<Member, 'phone'>): ProjectMember {
  return {
    userId: member.id,
    userName: member.userName,
    empNo: member.empNo,
    departmentName: member.departmentName,
    status: registration.status,
    appliedAt: registration.appliedAt.toISOString(),
    approvedAt: registration.approvedAt ? registration.approvedAt.toISOString() : null,
  };
}

export async function projectMemberPage(
  ctx: AuthContext,
  body: Paging & { projectId: string; status?: number },
): Promise<PageResult<ProjectMember>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  await requireReviewer(ctx, scope, body.projectId);
  const { rows, total } = await scope.memberPage(body.projectId, body.status, pageWindow(body));
  return pageResult(
    rows.map((r) => toProjectMember(r.registration, r.member)),
    body,
    total,
  );
}

export async function projectApprove(
  ctx: AuthContext,
  body: { projectId: string; userId: string; approve: boolean },
): Promise<ProjectMember> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const project = await requireReviewer(ctx, scope, body.projectId);
  const before = await scope.registration(body.projectId, body.userId);
  if (!before) throw notFound();
  const decided = await scope.decide(body.projectId, body.userId, body.approve);
  if (!decided) throw notFound();
  if (body.approve && before.status !== 1) {
    await scope.addJoinedDynamic(body.userId, body.projectId);
    await issueOnCompletion(ctx.db, ctx.tenant.id, body.userId, { projectId: body.projectId });
  }
  if (before.status !== decided.registration.status) {
    await sendMessage(ctx.db, ctx.tenant.id, body.userId, registrationDecidedNotice(project, body.approve));
  }
  return toProjectMember(decided.registration, decided.member);
}

// ---- relations

export async function relationPage(
  ctx: AuthContext,
  body: Paging & { courseId?: string; projectId?: string },
): Promise<PageResult<CourseItem>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const window = pageWindow(body);
  let ids: string[];
  let total: number;
  if (body.projectId) {
    await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, body.projectId);
    const [links, count] = await Promise.all([
      scope.projectCourses(body.projectId, {}, window),
      scope.projectCourseCount(body.projectId),
    ]);
    ids = links.map((l) => l.courseId);
    total = count;
  } else {
    const course = await scope.course(body.courseId!);
    if (!course) throw notFound();
    if (!course.categoryId) return pageResult([], body, 0);
    // The same category as the course centre means it: the category with those under it.
    const categoryIds = withDescendants(await scope.categoryRows(), course.categoryId);
    ({ ids, total } = await scope.categoryCourses(categoryIds, course.id, window));
  }
  const cards = await scoped(ctx.db, ctx.tenant.id).cards.forMember(ctx.member.id, ctx.lang, ids);
  return pageResult(cards, body, total);
}

export async function relationProjectPage(
  ctx: AuthContext,
  body: Paging & { courseId: string },
): Promise<PageResult<ProjectItem>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  if (!(await scope.course(body.courseId))) throw notFound();
  const { rows, total } = await scope.projectPage(ctx.member.id, { courseId: body.courseId }, pageWindow(body));
  return pageResult(await projectItems(ctx, scope, rows), body, total);
}

// ---- training progress

/** The caller's joined projects and assigned tasks, most recently active first. */
export async function trainingProgressPage(ctx: AuthContext, body: Paging): Promise<PageResult<TrainingProgressItem>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const memberId = ctx.member.id;
  const [joined, tasks] = await Promise.all([scope.joinedProjects(memberId), scope.memberTasks(memberId)]);
  const [projectStats, taskStats] = await Promise.all([
    scope.statsOf(
      'project',
      memberId,
      joined.map((j) => j.project.id),
    ),
    scope.statsOf(
      'task',
      memberId,
      tasks.map((r) => r.task.id),
    ),
  ]);
  const entry = (
    kind: 'project' | 'task',
    row: { id: string; nameZh: string; nameEn: string },
    stats: ContainerStats,
    creditHours: number,
    since: Date,
  ): TrainingProgressItem => {
    const updated = stats.progressAt && stats.progressAt > since ? stats.progressAt : since;
    return {
      id: row.id,
      kind,
      name: inLang(ctx.lang, row.nameZh, row.nameEn),
      studyProgress: stats.progress,
      learningStatus: stats.learningStatus,
      requiredCount: stats.requiredCount,
      requiredCompleted: stats.requiredCompleted,
      electiveCount: stats.electiveCount,
      electiveCompleted: stats.electiveCompleted,
      creditHours,
      updatedAt: updated.toISOString(),
    };
  };
  const all = [
    ...joined.map(({ project, registration }) =>
      entry(
        'project',
        project,
        projectStats.get(project.id) ?? EMPTY_STATS,
        project.creditHours,
        registration.approvedAt ?? registration.appliedAt,
      ),
    ),
    ...tasks.map(({ task, assignedAt }) => {
      const stats = taskStats.get(task.id) ?? EMPTY_STATS;
      return entry('task', task, stats, stats.creditHours, assignedAt);
    }),
  ].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  const { limit, offset } = pageWindow(body);
  return pageResult(all.slice(offset, offset + limit), body, all.length);
}
