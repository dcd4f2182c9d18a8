/**
 * The back office's study projects (administrators): list them with their courses, members and
 * registrations waiting; make or change one (names, cover, registration rule, dates, phases in
 * order with their required and elective courses, lecturers, the certificate it issues) in one
 * transaction; delete one; and work through its registrations, deciding the waiting ones with
 * the same rule as the project's own reviewers (`projectApprove`: the member's notice, the
 * joined dynamic, a certificate earned).
 */
import { Code } from '@/api/codes';
import type { CrmCertificateOption, CrmProject, CrmProjectCourse, CrmProjectFilters, CrmProjectItem, CrmProjectMember } from '@/api/crm-project-types';
import type { PageResult } from '@/api/types';
import type { ProjectRegistration, ProjectSaveBody } from '@/lib/schemas/project';
import { changesOf, recordAudit } from '../../audit';
import { scoped, type Scoped } from '../../db/access';
import type { CrmProjectRow } from '../../db/access/crm-projects';
import { containsPattern } from '../../db/access/rows';
import { ApiError } from '../../envelope';
import { inLang } from '../../localized';
import { offsetOf, pageResult, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { checkedPicture } from '../site/service';
import { projectApprove } from './projects';

const notFound = () => new ApiError(Code.NOT_FOUND, 'projectAdmin.notFound');
const PROJECT_FIELDS = [
  'nameZh',
  'nameEn',
  'introZh',
  'introEn',
  'cover',
  'registration',
  'isFree',
  'studyDays',
  'startAt',
  'studyEndAt',
  'creditHours',
  'phases',
  'courses',
  'lecturers',
  'certificate',
] as const;

function toItem(p: CrmProjectRow, counts: { courseCount: number; memberCount: number; waitingCount: number } | undefined): CrmProjectItem {
  return {
    id: p.id,
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    cover: p.cover,
    registration: p.registration as ProjectRegistration,
    isFree: p.isFree,
    startAt: p.startAt.toISOString(),
    studyEndAt: p.studyEndAt?.toISOString() ?? null,
    courseCount: counts?.courseCount ?? 0,
    memberCount: counts?.memberCount ?? 0,
    waitingCount: counts?.waitingCount ?? 0,
  };
}

/** A project as the form edits it, read through `s` (inside a transaction, or not). */
async function projectOf(s: Scoped, id: string): Promise<CrmProject> {
  const q = s.crmProjects;
  const project = await q.project(id);
  if (!project) throw notFound();
  const [counts, phases, links, lecturers, certificates] = await Promise.all([q.counts([id]), q.phases(id), q.courses(id), q.lecturers(id), q.certificatesOf(id)]);
  const course = (l: (typeof links)[number]): CrmProjectCourse => ({ courseId: l.courseId, nameZh: l.nameZh, nameEn: l.nameEn, required: l.required, published: l.status === 1 });
  const phaseIds = new Set(phases.map((p) => p.id));
  return {
    ...toItem(project, counts.get(id)),
    introZh: project.introZh,
    introEn: project.introEn,
    studyDays: project.studyDays,
    creditHours: project.creditHours,
    phases: phases.map((p) => ({
      id: p.id,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      introZh: p.introZh,
      introEn: p.introEn,
      courses: links.filter((l) => l.phaseId === p.id).map(course),
    })),
    courses: links.filter((l) => !l.phaseId || !phaseIds.has(l.phaseId)).map(course),
    lecturers,
    certificateId: certificates[0]?.id ?? null,
  };
}

/** What the audit log keeps of a project: its fields, and its contents by name. */
function audited(p: CrmProject | undefined) {
  if (!p) return null;
  const names = (courses: CrmProjectCourse[]) => courses.map((c) => `${c.nameZh}${c.required ? '' : '*'}`);
  return {
    ...p,
    phases: p.phases.map((ph) => ({ name: ph.nameZh, courses: names(ph.courses) })),
    courses: names(p.courses),
    lecturers: p.lecturers.map((l) => l.nameZh),
    certificate: p.certificateId,
  };
}

/** `crmProjectPage`: the company's projects in the learners' order, found by name, with their counts. */
export async function crmProjectPage(ctx: AuthContext, body: Paging & CrmProjectFilters): Promise<PageResult<CrmProjectItem>> {
  const q = ctx.scope.crmProjects;
  const keyword = body.keyword?.trim();
  const { rows, total } = await q.page(keyword ? containsPattern(keyword) : undefined, body.pageSize, offsetOf(body));
  const counts = await q.counts(rows.map((r) => r.id));
  return pageResult(
    rows.map((r) => toItem(r, counts.get(r.id))),
    body,
    total,
  );
}

/** `crmProjectView?id`: one project as the form edits it. */
export function crmProjectView(ctx: AuthContext, id: string): Promise<CrmProject> {
  return projectOf(ctx.scope, id);
}

/** Refuses a certificate of another company, or one that a course or another project issues. */
async function checkCertificate(ctx: AuthContext, s: Scoped, certificateId: string, projectId: string | undefined): Promise<void> {
  const certificate = await s.crmProjects.certificate(certificateId);
  if (!certificate) throw new ApiError(Code.INVALID, 'projectAdmin.certificateNotFound');
  const option = (await s.crmProjects.certificateOptions()).find((o) => o.certificate.id === certificateId);
  const owner = option?.course ?? (certificate.projectId !== projectId ? option?.project : null);
  if (owner) {
    throw new ApiError(Code.INVALID, 'projectAdmin.certificateTaken', null, {
      name: inLang(ctx.lang, certificate.nameZh, certificate.nameEn),
      kind: { key: option?.course ? 'projectAdmin.kind.course' : 'projectAdmin.kind.project' },
      owner: inLang(ctx.lang, owner.nameZh, owner.nameEn),
    });
  }
}

/**
 * `crmProjectSave`: makes a project or changes one, with its phases, courses, lecturers and
 * certificate, in one transaction. The courses, lecturers and certificate must be the company's.
 */
export async function crmProjectSave(ctx: AuthContext, body: ProjectSaveBody): Promise<CrmProject> {
  const eid = ctx.tenant.id;
  const id = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const q = s.crmProjects;
    const before = body.id ? await projectOf(s, body.id).catch(() => undefined) : undefined;
    if (body.id && !before) throw notFound();
    const courseIds = [...new Set([...body.phases.flatMap((p) => p.courses), ...body.courses].map((c) => c.courseId))];
    if ((await q.courseCount(courseIds)) !== courseIds.length) throw new ApiError(Code.INVALID, 'projectAdmin.coursesNotFound');
    const lecturerIds = [...new Set(body.lecturerIds)];
    if ((await q.lecturerCount(lecturerIds)) !== lecturerIds.length) throw new ApiError(Code.INVALID, 'projectAdmin.lecturersNotFound');
    if (body.certificateId) await checkCertificate(ctx, s, body.certificateId, body.id);

    const values = {
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      introZh: body.introZh,
      introEn: body.introEn,
      cover: await checkedPicture(s, 'cover', body.cover, before?.cover ?? ''),
      registration: body.registration,
      isFree: body.isFree,
      studyDays: body.studyDays,
      startAt: new Date(body.startAt),
      studyEndAt: body.studyEndAt ? new Date(body.studyEndAt) : null,
      creditHours: body.creditHours,
    };
    const row = before ? await q.updateProject(before.id, values) : await q.insertProject(values);
    if (!row) throw notFound();
    const phaseIds = await q.setPhases(
      row.id,
      body.phases.map(({ courses: _courses, ...phase }) => phase),
    );
    if (!phaseIds) throw new ApiError(Code.INVALID, 'projectAdmin.phaseNotFound');
    await q.setCourses(row.id, [
      ...body.phases.flatMap((phase, i) => phase.courses.map((c) => ({ ...c, phaseId: phaseIds[i]! }))),
      ...body.courses.map((c) => ({ ...c, phaseId: null })),
    ]);
    await q.setLecturers(row.id, lecturerIds);
    await q.bindCertificate(row.id, body.certificateId);
    const after = await projectOf(s, row.id);
    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'project',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: changesOf(audited(before), audited(after), PROJECT_FIELDS),
      },
    ]);
    return row.id;
  });
  return projectOf(ctx.scope, id);
}

/** `crmProjectDelete`: deletes a project with its phases, courses, lecturers and registrations; its certificate issues nothing then. */
export async function crmProjectDelete(ctx: AuthContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = await projectOf(s, id);
    await s.crmProjects.deleteProject(id);
    await recordAudit(s, ctx.member, [{ action: 'delete', objectType: 'project', objectId: id, objectLabel: before.nameZh, changes: changesOf(audited(before), null, PROJECT_FIELDS) }]);
  });
}

/** `crmProjectCertificateOptions`: the company's certificates, each with the course or project issuing it. */
export async function crmProjectCertificateOptions(ctx: AuthContext): Promise<CrmCertificateOption[]> {
  const rows = await ctx.scope.crmProjects.certificateOptions();
  return rows.map(({ certificate, course, project }) => ({
    id: certificate.id,
    nameZh: certificate.nameZh,
    nameEn: certificate.nameEn,
    boundTo: course ? { kind: 'course', ...course } : project ? { kind: 'project', ...project } : null,
  }));
}

/** `crmProjectMembers`: a project's registrations, latest first, by status, found by name or employee number. */
export async function crmProjectMembers(
  ctx: AuthContext,
  body: Paging & { id: string; status?: number; keyword?: string },
): Promise<PageResult<CrmProjectMember>> {
  const q = ctx.scope.crmProjects;
  if (!(await q.project(body.id))) throw notFound();
  const keyword = body.keyword?.trim();
  const { rows, total } = await q.memberPage(body.id, body.status, keyword ? containsPattern(keyword) : undefined, body.pageSize, offsetOf(body));
  return pageResult(
    rows.map(({ registration, member }) => ({
      userId: member.id,
      userName: member.userName,
      empNo: member.empNo,
      departmentName: member.departmentName,
      status: registration.status,
      appliedAt: registration.appliedAt.toISOString(),
      approvedAt: registration.approvedAt?.toISOString() ?? null,
    })),
    body,
    total,
  );
}

/**
 * `crmProjectDecide`: approves or rejects a registration waiting for approval, as the project's
 * reviewers do (`projectApprove`), and records the decision in the audit log.
 */
export async function crmProjectDecide(ctx: AuthContext, body: { id: string; userId: string; approve: boolean }): Promise<CrmProjectMember> {
  const q = ctx.scope.crmProjects;
  const project = await q.project(body.id);
  if (!project) throw notFound();
  const registration = await q.registration(body.id, body.userId);
  if (!registration) throw new ApiError(Code.NOT_FOUND, 'projectAdmin.registrationNotFound');
  if (registration.status !== 0) throw new ApiError(Code.INVALID, 'projectAdmin.decidedAlready');
  const decided = await projectApprove(ctx, { projectId: body.id, userId: body.userId, approve: body.approve });
  await recordAudit(ctx.scope, ctx.member, [
    {
      action: body.approve ? 'approve' : 'reject',
      objectType: 'project',
      objectId: body.id,
      objectLabel: project.nameZh,
      changes: [{ field: `registration:${decided.empNo}`, before: registration.status, after: decided.status }],
    },
  ]);
  return decided;
}
