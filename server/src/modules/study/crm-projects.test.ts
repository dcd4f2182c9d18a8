/**
 * Study projects in the back office (administrators): refused to other members; checked
 * (names, dates, study days, the company's own courses, lecturers and certificate, a certificate
 * issued elsewhere); saved with phases in order, required and elective courses, lecturers and
 * the certificate, and read back as saved; seen by learners like a seeded project; registrations
 * decided in the back office's queue let the member in; deleted. Every change is audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmCertificateOption, CrmProject, CrmProjectItem, CrmProjectMember } from '@/api/crm-project-types';
import type { SitePick } from '@/api/crm-site-types';
import type { ProjectCourse, ProjectItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, type TestGateway } from '../../testing';
import { auditOf, rowsOf } from '../site/test-support';
import { viewProject } from './test-support';

let gw: TestGateway;
let admin: string;
let learner: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
});
afterAll(async () => {
  await gw?.close();
});

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const { body } = await gw.call<T>(name, { token, ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const project = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '质量月专项培训',
  nameEn: 'Quality month programme',
  introZh: '质量意识与工具',
  registration: 2,
  isFree: false,
  studyDays: 30,
  startAt: days(-1),
  studyEndAt: days(60),
  creditHours: 12,
  phases: [],
  lecturerIds: [],
  certificateId: null,
  ...overrides,
});

/** Ids of company two's rows of a table. */
async function theirs(table: 'courses' | 'lecturers' | 'certificates' | 'projects'): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    gw,
    sql`select t.id from ${sql.raw(table)} t where t.enterprise_id <> (select enterprise_id from enterprise_users where emp_no = 'E1004' limit 1) limit 1`,
  );
  return row!.id;
}

describe('study projects in the back office', () => {
  it('are refused to members who are not administrators', async () => {
    for (const name of ['crmProjectPage', 'crmProjectSave', 'crmProjectMembers', 'crmProjectDecide'] as const) {
      expect((await gw.call(name, { token: learner, body: {} })).body.code, name).toBe(Code.FORBIDDEN);
    }
    expect((await gw.call('crmProjectCertificateOptions', { token: learner })).body.code).toBe(Code.FORBIDDEN);
  });

  it('check their fields, and refuse another company’s project, courses, lecturers and certificates', async () => {
    const refused = async (body: Record<string, unknown>) => (await gw.call('crmProjectSave', { token: admin, body, lang: 'en' })).body;
    expect(await refused(project({ nameZh: ' ' }))).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining('nameZh') });
    expect(await refused(project({ studyEndAt: days(-2) }))).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining('studyEndAt') });
    expect(await refused(project({ studyDays: 0 }))).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining('studyDays') });
    expect(await refused(project({ registration: 3 }))).toMatchObject({ code: Code.INVALID });
    const [course] = await ok<SitePick[]>('siteCourseOptions', admin);
    const twice = project({ phases: [{ nameZh: '一', courses: [{ courseId: course!.id, required: true }] }], courses: [{ courseId: course!.id, required: false }] });
    expect(await refused(twice)).toMatchObject({ code: Code.INVALID });

    const other = await theirs('projects');
    expect((await gw.call('crmProjectView', { token: admin, query: { id: other }, lang: 'en' })).body).toMatchObject({ code: Code.NOT_FOUND, msg: 'The study project does not exist' });
    expect((await refused(project({ id: other }))).code).toBe(Code.NOT_FOUND);
    expect((await gw.call('crmProjectDelete', { token: admin, body: { id: other } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('crmProjectMembers', { token: admin, body: { id: other } })).body.code).toBe(Code.NOT_FOUND);
    expect(await refused(project({ phases: [{ nameZh: '一', courses: [{ courseId: await theirs('courses'), required: true }] }] }))).toMatchObject({
      code: Code.INVALID,
      msg: 'Some of the chosen courses are not courses of your company',
    });
    expect(await refused(project({ lecturerIds: [await theirs('lecturers')] }))).toMatchObject({ code: Code.INVALID, msg: 'Some of the chosen lecturers are not lecturers of your company' });
    expect(await refused(project({ certificateId: await theirs('certificates') }))).toMatchObject({ code: Code.INVALID, msg: 'The chosen certificate is not one of your company' });
    // Nothing was made by the refusals.
    expect((await ok<PageResult<CrmProjectItem>>('crmProjectPage', admin, { body: { keyword: '质量月' } })).totalCount).toBe(0);
  });

  it('save phases, courses, lecturers and the certificate; learners see the project; the queue lets a member in; delete', async () => {
    const courses = (await ok<SitePick[]>('siteCourseOptions', admin)).filter((c) => c.published);
    const [c1, c2, c3] = courses;
    const [lecturer] = await ok<SitePick[]>('siteLecturerOptions', admin);
    const certificates = await ok<CrmCertificateOption[]>('crmProjectCertificateOptions', admin);
    const free = certificates.find((c) => c.boundTo === null)!;
    const ofCourse = certificates.find((c) => c.boundTo?.kind === 'course')!;
    const ofProject = certificates.find((c) => c.boundTo?.kind === 'project')!;

    // Made with one phase of two courses (one elective), a lecturer and a free certificate.
    const made = await ok<CrmProject>('crmProjectSave', admin, {
      body: project({
        phases: [{ nameZh: '基础', nameEn: 'Basics', introZh: '先学', courses: [{ courseId: c1!.id, required: true }, { courseId: c2!.id, required: false }] }],
        lecturerIds: [lecturer!.id],
        certificateId: free.id,
      }),
    });
    expect(made).toMatchObject({ nameZh: '质量月专项培训', registration: 2, studyDays: 30, creditHours: 12, courseCount: 2, memberCount: 0, waitingCount: 0, certificateId: free.id });
    expect(made.phases).toEqual([
      expect.objectContaining({
        nameZh: '基础',
        nameEn: 'Basics',
        courses: [expect.objectContaining({ courseId: c1!.id, required: true, published: true }), expect.objectContaining({ courseId: c2!.id, required: false })],
      }),
    ]);
    expect(made.lecturers.map((l) => l.id)).toEqual([lecturer!.id]);
    const basics = made.phases[0]!.id;

    // A certificate that a course or another project issues is refused, by name.
    const taken = await gw.call('crmProjectSave', { token: admin, body: project({ id: made.id, certificateId: ofCourse.id }), lang: 'en' });
    expect(taken.body).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining(`"${ofCourse.nameEn}" is already issued by the course`) });
    const takenZh = await gw.call('crmProjectSave', { token: admin, body: project({ id: made.id, certificateId: ofProject.id }) });
    expect(takenZh.body).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining(`已由学习项目“${ofProject.boundTo!.nameZh}”颁发`) });

    // Changed: a second phase first, the first phase keeps its id; a course outside phases; no certificate.
    const changed = await ok<CrmProject>('crmProjectSave', admin, {
      body: project({
        id: made.id,
        phases: [
          { nameZh: '导入', courses: [{ courseId: c3!.id, required: true }] },
          { id: basics, nameZh: '基础', nameEn: 'Basics', courses: [{ courseId: c2!.id, required: true }, { courseId: c1!.id, required: true }] },
        ],
        lecturerIds: [],
        certificateId: null,
      }),
    });
    expect(changed.phases.map((p) => p.nameZh)).toEqual(['导入', '基础']);
    expect(changed.phases[1]!.id).toBe(basics);
    expect(changed.phases[1]!.courses.map((c) => [c.courseId, c.required])).toEqual([
      [c2!.id, true],
      [c1!.id, true],
    ]);
    expect(changed).toMatchObject({ courseCount: 3, lecturers: [], certificateId: null });
    expect((await ok<CrmCertificateOption[]>('crmProjectCertificateOptions', admin)).find((c) => c.id === free.id)!.boundTo).toBeNull();
    // Back to the certificate, for the member who completes it.
    await ok<CrmProject>('crmProjectSave', admin, {
      body: project({
        id: made.id,
        phases: changed.phases.map((p) => ({ id: p.id, nameZh: p.nameZh, nameEn: p.nameEn, courses: p.courses })),
        lecturerIds: [lecturer!.id],
        certificateId: free.id,
      }),
    });
    expect((await ok<CrmProject>('crmProjectView', admin, { query: { id: made.id } })).certificateId).toBe(free.id);
    expect((await ok<CrmCertificateOption[]>('crmProjectCertificateOptions', admin)).find((c) => c.id === free.id)!.boundTo).toMatchObject({ kind: 'project', id: made.id });

    // The learner finds it like a seeded project, must register and wait.
    const listed = await ok<PageResult<ProjectItem>>('projectPage', learner, { body: { keyword: '质量月' } });
    expect(listed.list).toEqual([expect.objectContaining({ id: made.id, name: '质量月专项培训', registration: 2, courseCount: 3, memberStatus: null })]);
    const detail = await viewProject(gw, learner, made.id);
    expect(detail.phases.map((p) => p.name)).toEqual(['导入', '基础']);
    expect(detail.lecturers.map((l) => l.id)).toEqual([lecturer!.id]);
    expect(detail.canStudy).toBe(false);
    const required = await ok<ProjectCourse[]>('projectStudyCourse', learner, { query: { id: made.id } });
    expect(required.map((c) => c.id)).toEqual([c3!.id, c2!.id, c1!.id]);
    expect((await viewProject(gw, learner, made.id, { lang: 'en' })).name).toBe('Quality month programme');

    // Registered: waiting in the back office's queue, found by employee number.
    expect((await ok<{ memberStatus: number }>('projectApply', learner, { body: { projectId: made.id } })).memberStatus).toBe(0);
    const waiting = await ok<PageResult<CrmProjectMember>>('crmProjectMembers', admin, { body: { id: made.id, status: 0 } });
    expect(waiting.list).toEqual([expect.objectContaining({ empNo: 'E1001', status: 0 })]);
    expect((await ok<PageResult<CrmProjectMember>>('crmProjectMembers', admin, { body: { id: made.id, keyword: 'E1001' } })).totalCount).toBe(1);
    expect((await ok<PageResult<CrmProjectMember>>('crmProjectMembers', admin, { body: { id: made.id, keyword: 'E1002' } })).totalCount).toBe(0);
    expect((await ok<PageResult<CrmProjectItem>>('crmProjectPage', admin, { body: { keyword: '质量月' } })).list[0]).toMatchObject({ waitingCount: 1, memberCount: 0 });

    // Approved: the member is in, told so, and cannot be decided twice.
    const userId = waiting.list[0]!.userId;
    const approved = await ok<CrmProjectMember>('crmProjectDecide', admin, { body: { id: made.id, userId, approve: true } });
    expect(approved).toMatchObject({ status: 1, empNo: 'E1001' });
    expect((await viewProject(gw, learner, made.id)).canStudy).toBe(true);
    const twice = await gw.call('crmProjectDecide', { token: admin, body: { id: made.id, userId, approve: false }, lang: 'en' });
    expect(twice.body).toMatchObject({ code: Code.INVALID, msg: 'The registration has already been decided; reload to see it' });
    const [notice] = await rowsOf<{ n: number }>(
      gw,
      sql`select count(*)::int as n from study_dynamics where project_id = ${made.id} and enterprise_user_id = ${userId} and kind = 4`,
    );
    expect(notice!.n).toBe(1);
    expect((await ok<PageResult<CrmProjectItem>>('crmProjectPage', admin, { body: { keyword: '质量月' } })).list[0]).toMatchObject({ waitingCount: 0, memberCount: 1 });

    // Deleted: gone for everyone; the certificate issues nothing; every change is audited.
    await ok('crmProjectDelete', admin, { body: { id: made.id } });
    expect((await gw.call('crmProjectView', { token: admin, query: { id: made.id } })).body.code).toBe(Code.NOT_FOUND);
    expect((await ok<PageResult<ProjectItem>>('projectPage', learner, { body: { keyword: '质量月' } })).list).toEqual([]);
    expect((await ok<CrmCertificateOption[]>('crmProjectCertificateOptions', admin)).find((c) => c.id === free.id)!.boundTo).toBeNull();
    const actions = (await auditOf(gw, admin, 'project')).filter((a) => a.objectId === made.id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'approve', 'delete']));
  });

  it('decides a seeded project’s registration as its reviewers would', async () => {
    const page = await ok<PageResult<CrmProjectItem>>('crmProjectPage', admin, { body: { pageSize: 50 } });
    const seeded = page.list.find((p) => p.nameZh === '新员工训练营')!;
    expect(seeded).toMatchObject({ registration: 2, memberCount: 1 });
    const member = await gw.login('E1003');
    expect((await ok<{ memberStatus: number }>('projectApply', member, { body: { projectId: seeded.id } })).memberStatus).toBe(0);
    const [first] = (await ok<PageResult<CrmProjectMember>>('crmProjectMembers', admin, { body: { id: seeded.id, status: 0 } })).list;
    expect(first).toMatchObject({ empNo: 'E1003' });
    const rejected = await ok<CrmProjectMember>('crmProjectDecide', admin, { body: { id: seeded.id, userId: first!.userId, approve: false } });
    expect(rejected.status).toBe(2);
    expect((await ok<PageResult<CrmProjectMember>>('crmProjectMembers', admin, { body: { id: seeded.id, status: 2 } })).list.map((m) => m.empNo)).toEqual(['E1003']);
    expect((await viewProject(gw, member, seeded.id)).canStudy).toBe(false);
  });
});
