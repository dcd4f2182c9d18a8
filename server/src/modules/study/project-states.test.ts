/**
 * A project's state follows from what happened: before a member is in a project (registered and,
 * where the project reviews, approved) it shows no progress of theirs and they hold none of its
 * certificates, whatever they studied of its courses elsewhere; once approved, their progress
 * counts and a completed project issues its certificate.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateItem } from '@/api/certificate-types';
import type { ProjectCourse, ProjectItem, PhaseContent } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { certificates, courseProgress, enterpriseUsers, projectMembers, projects, userCertificates } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { projectId, viewProject } from './test-support';

let gw: TestGateway;
let wangLei: string;
let liuYang: string;
let bootCamp: string;
beforeAll(async () => {
  gw = await createTestApp();
  [wangLei, liuYang] = await Promise.all([gw.login('E1003'), gw.login('E1004')]);
  bootCamp = await projectId(gw, wangLei, '新员工训练营');
});
afterAll(() => gw?.close());

async function member(empNo: string) {
  const [row] = await gw.database.db.select().from(enterpriseUsers).where(eq(enterpriseUsers.empNo, empNo));
  return row!;
}

const held = async (token: string) =>
  (await gw.call<PageResult<CertificateItem>>('certificatePage', { token, body: { pageSize: 50 } })).body.data.list.map((c) => c.name);

describe('a project the member is not in', () => {
  it('shows no progress of theirs, though they studied its courses, and no certificate; approval makes both follow', async () => {
    // 王磊 completes both required courses of 新员工训练营 outside the project.
    const courses = (await gw.call<ProjectCourse[]>('projectStudyCourse', { token: wangLei, query: { id: bootCamp } })).body
      .data;
    expect(courses.length).toBeGreaterThan(0);
    const wang = await member('E1003');
    await gw.database.db.insert(courseProgress).values(
      courses.map((c) => ({
        enterpriseId: wang.enterpriseId,
        enterpriseUserId: wang.id,
        courseId: c.id,
        progress: 100,
        status: 2,
        completedAt: new Date(),
      })),
    );

    const before = await viewProject(gw, wangLei, bootCamp);
    expect(before).toMatchObject({ memberStatus: null, canStudy: false, studyProgress: 0, learningStatus: 0 });
    expect(before.courseCount).toBe(3);
    expect(before.phases.every((p) => p.studyProgress === 0)).toBe(true);
    const phase = await gw.call<PhaseContent>('projectPhaseContent', { token: wangLei, query: { id: before.phases[0]!.id } });
    expect(phase.body.data.phase.studyProgress).toBe(0);
    const card = (await gw.call<PageResult<ProjectItem>>('projectPage', { token: wangLei, body: { keyword: '训练营' } })).body.data.list[0];
    expect(card).toMatchObject({ id: bootCamp, studyProgress: 0, learningStatus: 0, memberStatus: null });
    expect(await held(wangLei)).not.toContain('新员工训练营结业证书');

    // Registered, waiting for review: still not in it.
    await gw.call('projectApply', { token: wangLei, body: { projectId: bootCamp } });
    expect(await viewProject(gw, wangLei, bootCamp)).toMatchObject({ memberStatus: 0, studyProgress: 0, learningStatus: 0 });
    expect(await held(wangLei)).not.toContain('新员工训练营结业证书');

    // Approved: the courses count, the project is completed and issues its certificate.
    const approved = await gw.call('projectApprove', { token: liuYang, body: { projectId: bootCamp, userId: wang.id, approve: true } });
    expect(approved.body.code).toBe(200);
    expect(await viewProject(gw, wangLei, bootCamp)).toMatchObject({ memberStatus: 1, studyProgress: 100, learningStatus: 2 });
    expect(await held(wangLei)).toContain('新员工训练营结业证书');
  });

  it('the demo learner 张伟 holds no certificate of a project he has not joined', async () => {
    const zhang = await gw.login('E1001');
    const view = await viewProject(gw, zhang, bootCamp);
    expect(view).toMatchObject({ memberStatus: null, studyProgress: 0, learningStatus: 0 });
    expect(await held(zhang)).not.toContain('新员工训练营结业证书');
  });

  it('the seed issues a project certificate automatically only to members of the project (approved, or in an open one)', async () => {
    const issued = await gw.database.db
      .select({ memberId: userCertificates.enterpriseUserId, registration: projects.registration, status: projectMembers.status })
      .from(userCertificates)
      .innerJoin(certificates, eq(certificates.id, userCertificates.certificateId))
      .innerJoin(projects, eq(projects.id, certificates.projectId))
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, certificates.projectId), eq(projectMembers.enterpriseUserId, userCertificates.enterpriseUserId)),
      )
      .where(and(eq(userCertificates.issueWay, 1), isNotNull(certificates.projectId)));
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.filter((r) => r.registration !== 0 && r.status !== 1)).toEqual([]);
  });
});
