import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type {
  AdmireResult,
  CourseItem,
  LecturerBrief,
  PhaseContent,
  ProjectApplyResult,
  ProjectCount,
  ProjectCourse,
  ProjectItem,
  ProjectMember,
  TrainingProgressItem,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { courseProgress, enterpriseUsers, projectMembers, studyDynamics } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { projectId, viewProject } from './test-support';

let gw: TestGateway;
let e1001: string;
let e1004: string;
let bootCamp: string;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1004] = await Promise.all([gw.login('E1001'), gw.login('E1004')]);
  bootCamp = await projectId(gw, e1001, '新员工训练营');
});
afterAll(() => gw?.close());

async function memberIdOf(empNo: string): Promise<string> {
  const [row] = await gw.database.db
    .select({ id: enterpriseUsers.id })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.empNo, empNo));
  return row!.id;
}

describe('registration with review (新员工训练营)', () => {
  it('asks to register first, then to wait for review, then lets the approved member study', async () => {
    const before = await viewProject(gw, e1001, bootCamp, { lang: 'en' });
    expect(before).toMatchObject({ registration: 2, memberStatus: null, canStudy: false });
    expect(before.accessMessage).toBe('Unable to study, please register first');

    const apply = await gw.call<ProjectApplyResult>('projectApply', { token: e1001, body: { projectId: bootCamp } });
    expect(apply.body.data).toEqual({ memberStatus: 0, message: '报名成功，请等待审核' });

    const zh = await viewProject(gw, e1001, bootCamp);
    expect(zh).toMatchObject({ memberStatus: 0, canStudy: false, accessMessage: '无法学习，请等待报名审核' });
    const en = await viewProject(gw, e1001, bootCamp, { lang: 'en' });
    expect(en.accessMessage).toBe('Unable to study, please wait for registration review');

    // Applying again answers the registration as it stands, without a second row.
    const again = await gw.call<ProjectApplyResult>('projectApply', { token: e1001, body: { projectId: bootCamp } });
    expect(again.body.data.memberStatus).toBe(0);

    // The learner may neither list nor decide registrations.
    const list = await gw.call('projectMemberPage', { token: e1001, body: { projectId: bootCamp } });
    expect(list.res.status).toBe(403);
    expect(list.body.code).toBe(Code.FORBIDDEN);
    const self = await gw.call('projectApprove', {
      token: e1001,
      body: { projectId: bootCamp, userId: await memberIdOf('E1001'), approve: true },
    });
    expect(self.body.code).toBe(Code.FORBIDDEN);
    expect((await viewProject(gw, e1001, bootCamp)).canStudy).toBe(false);

    // The admin sees the waiting registration and approves it.
    const waiting = await gw.call<PageResult<ProjectMember>>('projectMemberPage', {
      token: e1004,
      body: { projectId: bootCamp, status: 0 },
    });
    expect(waiting.body.code).toBe(Code.OK);
    expect(waiting.body.data.totalCount).toBe(1);
    const [registration] = waiting.body.data.list;
    expect(registration).toMatchObject({ empNo: 'E1001', userName: '张伟', status: 0, approvedAt: null });

    const approved = await gw.call<ProjectMember>('projectApprove', {
      token: e1004,
      body: { projectId: bootCamp, userId: registration!.userId, approve: true },
    });
    expect(approved.body.data).toMatchObject({ empNo: 'E1001', status: 1 });
    expect(approved.body.data.approvedAt).not.toBeNull();

    const after = await viewProject(gw, e1001, bootCamp, { lang: 'en' });
    expect(after).toMatchObject({ memberStatus: 1, canStudy: true, accessMessage: '' });
    expect(after.learnerCount).toBe(before.learnerCount + 1);

    const dynamics = await gw.database.db
      .select()
      .from(studyDynamics)
      .where(and(eq(studyDynamics.projectId, bootCamp), eq(studyDynamics.kind, 4)));
    expect(dynamics.map((d) => d.enterpriseUserId)).toContain(registration!.userId);
  });

  it('lets a lecturer of the project review, but not a lecturer of another project', async () => {
    const e1002 = await gw.login('E1002'); // 李娜, a lecturer of 新员工训练营
    const e1003 = await gw.login('E1003');
    await gw.call('projectApply', { token: e1003, body: { projectId: bootCamp } });
    const list = await gw.call<PageResult<ProjectMember>>('projectMemberPage', {
      token: e1002,
      body: { projectId: bootCamp, status: 0 },
    });
    expect(list.body.data.list.map((m) => m.empNo)).toEqual(['E1003']);
    const rejected = await gw.call<ProjectMember>('projectApprove', {
      token: e1002,
      body: { projectId: bootCamp, userId: list.body.data.list[0]!.userId, approve: false },
    });
    expect(rejected.body.data.status).toBe(2);
    const view = await viewProject(gw, e1003, bootCamp, { lang: 'en' });
    expect(view).toMatchObject({ memberStatus: 2, canStudy: false });

    const safety = await projectId(gw, e1002, '安全生产专项');
    const other = await gw.call('projectMemberPage', { token: e1002, body: { projectId: safety } });
    expect(other.body.code).toBe(Code.FORBIDDEN);
    expect(other.body.msg).toBe('没有权限');
  });

  it('answers not found for a registration that does not exist', async () => {
    const { body } = await gw.call('projectApprove', {
      token: e1004,
      body: { projectId: bootCamp, userId: await memberIdOf('E1006'), approve: true },
    });
    expect(body.code).toBe(Code.NOT_FOUND);
  });
});

describe('other registrations and learning time', () => {
  it('lets a register-first project be studied as soon as the member registers', async () => {
    const token = await gw.login('E1006');
    const safety = await projectId(gw, token, '安全生产专项');
    const before = await viewProject(gw, token, safety, { lang: 'en' });
    expect(before).toMatchObject({ canStudy: false, accessMessage: 'Unable to study, please register first' });
    const zh = await viewProject(gw, token, safety);
    expect(zh.accessMessage).toBe('无法学习，请先报名');

    const apply = await gw.call<ProjectApplyResult>('projectApply', { token, lang: 'en', body: { projectId: safety } });
    expect(apply.body.data).toEqual({ memberStatus: 1, message: 'Registration successful' });
    const again = await gw.call<ProjectApplyResult>('projectApply', { token, lang: 'en', body: { projectId: safety } });
    expect(again.body.data).toEqual({ memberStatus: 1, message: 'Already registered' });
    const after = await viewProject(gw, token, safety);
    expect(after).toMatchObject({ memberStatus: 1, canStudy: true, accessMessage: '' });
    expect(after.studyUntil).not.toBeNull();

    const rows = await gw.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, safety));
    expect(rows).toHaveLength(1);
  });

  it('says the learning time has expired for the 2025 compliance training', async () => {
    const compliance = await projectId(gw, e1001, '2025 年度合规培训');
    const en = await viewProject(gw, e1001, compliance, { lang: 'en' });
    expect(en).toMatchObject({ memberStatus: 1, canStudy: false, accessMessage: 'The available learning time has expired' });
    expect(new Date(en.studyUntil!).getTime()).toBeLessThan(Date.now());
    expect((await viewProject(gw, e1001, compliance)).accessMessage).toBe('可学习时间已过期');
  });

  it('lets anyone study an open project without registering, and lists it as free', async () => {
    const token = await gw.login('E1007');
    const leadership = await projectId(gw, token, '领导力提升计划');
    expect(await viewProject(gw, token, leadership)).toMatchObject({ registration: 0, canStudy: true, accessMessage: '' });
    const free = await gw.call<PageResult<ProjectItem>>('projectPage', { token, body: { isFree: true } });
    expect(free.body.data.list.map((p) => p.name)).toEqual(['领导力提升计划']);
  });
});

describe('project lists and details', () => {
  it('pages the projects with the row default and bounded sizes', async () => {
    const first = await gw.call<PageResult<ProjectItem>>('projectPage', { token: e1001, body: { pageSize: 3 } });
    expect(first.body.data).toMatchObject({ pageCurrent: 1, pageSize: 3, totalCount: 4, totalPage: 2 });
    expect(first.body.data.list).toHaveLength(3);
    const second = await gw.call<PageResult<ProjectItem>>('projectPage', {
      token: e1001,
      body: { pageSize: 3, pageCurrent: 2 },
    });
    expect(second.body.data.list).toHaveLength(1);
    const all = [...first.body.data.list, ...second.body.data.list].map((p) => p.id);
    expect(new Set(all).size).toBe(4);
    const past = await gw.call<PageResult<ProjectItem>>('projectPage', { token: e1001, body: { pageCurrent: 9 } });
    expect(past.body.data).toMatchObject({ list: [], totalCount: 4, pageSize: 10 });
    const big = await gw.call('projectPage', { token: e1001, body: { pageSize: 1000 } });
    expect(big.res.status).toBe(422);
    const keyword = await gw.call<PageResult<ProjectItem>>('projectPage', {
      token: e1001,
      lang: 'en',
      body: { keyword: 'boot' },
    });
    expect(keyword.body.data.list.map((p) => p.name)).toEqual(['New-hire boot camp']);
  });

  it('shows phases, lecturers and required and elective courses', async () => {
    const view = await viewProject(gw, e1001, bootCamp, { lang: 'en' });
    expect(view.phases.map((p) => [p.name, p.courseCount])).toEqual([
      ['Phase 1 Basics', 1],
      ['Phase 2 Growth', 2],
    ]);
    expect(view.lecturers.map((l) => l.name)).toEqual(['Li Na', 'Chen Ming']);
    expect(view.courseCount).toBe(3);

    const required = await gw.call<ProjectCourse[]>('projectStudyCourse', { token: e1001, lang: 'en', query: { id: bootCamp } });
    expect(required.body.data.map((c) => [c.name, c.required])).toEqual([
      ['New employee onboarding', true],
      ['Effective communication', true],
    ]);
    const phase2 = view.phases[1]!.id;
    const inPhase = await gw.call<ProjectCourse[]>('projectStudyCourse', {
      token: e1001,
      lang: 'en',
      query: { id: bootCamp, phaseId: phase2 },
    });
    expect(inPhase.body.data.map((c) => c.name)).toEqual(['Effective communication']);
    const elective = await gw.call<ProjectCourse[]>('projectStudyElectiveCourse', { token: e1001, lang: 'en', query: { id: bootCamp } });
    expect(elective.body.data.map((c) => [c.name, c.required, c.phaseId])).toEqual([['Time management', false, phase2]]);

    const content = await gw.call<PhaseContent>('projectPhaseContent', { token: e1001, lang: 'en', query: { id: phase2 } });
    expect(content.body.data.phase.name).toBe('Phase 2 Growth');
    expect(content.body.data.courses.map((c) => c.name)).toEqual(['Effective communication', 'Time management']);

    const lecturers = await gw.call<PageResult<LecturerBrief>>('projectLecturerPage', {
      token: e1001,
      body: { projectId: bootCamp, pageSize: 1 },
    });
    expect(lecturers.body.data).toMatchObject({ totalCount: 2, totalPage: 2 });
    expect(lecturers.body.data.list.map((l) => l.name)).toEqual(['李娜']);
  });

  it('toggles the like and counts projects', async () => {
    const liked = await gw.call<AdmireResult>('projectAdmire', { token: e1001, body: { projectId: bootCamp } });
    expect(liked.body.data).toEqual({ admired: true, admireCount: 1 });
    expect((await viewProject(gw, e1001, bootCamp)).admired).toBe(true);
    const unliked = await gw.call<AdmireResult>('projectAdmire', { token: e1001, body: { projectId: bootCamp } });
    expect(unliked.body.data).toEqual({ admired: false, admireCount: 0 });

    const count = await gw.call<ProjectCount>('projectCount', { token: e1001 });
    expect(count.body.data.total).toBe(4);
    expect(count.body.data.joined).toBeGreaterThanOrEqual(1);
    const joined = await gw.call<PageResult<ProjectItem>>('projectPage', { token: e1001, body: { joined: true } });
    expect(joined.body.data.totalCount).toBe(count.body.data.joined);
    expect(joined.body.data.list.every((p) => p.memberStatus === 1)).toBe(true);
  });

  it('relates courses and projects', async () => {
    const [onboarding] = (
      await gw.call<ProjectCourse[]>('projectStudyCourse', { token: e1001, query: { id: bootCamp } })
    ).body.data;
    const projects = await gw.call<PageResult<ProjectItem>>('relationProjectPage', {
      token: e1001,
      body: { courseId: onboarding!.id },
    });
    expect(projects.body.data.list.map((p) => p.name)).toEqual(['新员工训练营']);

    const ofProject = await gw.call<PageResult<CourseItem>>('relationPage', { token: e1001, body: { projectId: bootCamp } });
    expect(ofProject.body.data.totalCount).toBe(3);

    // 职场写作 shares the category 沟通表达 with 高效沟通技巧.
    const communication = (
      await gw.call<ProjectCourse[]>('projectStudyCourse', { token: e1001, query: { id: bootCamp } })
    ).body.data[1]!;
    const related = await gw.call<PageResult<CourseItem>>('relationPage', { token: e1001, body: { courseId: communication.id } });
    expect(related.body.code).toBe(Code.OK);
    expect(related.body.data.list.every((c) => c.id !== communication.id && c.categoryId === communication.categoryId)).toBe(true);
    expect(related.body.data.totalCount).toBeGreaterThanOrEqual(1);

    const neither = await gw.call('relationPage', { token: e1001, body: {} });
    expect(neither.res.status).toBe(422);
  });

  it('computes progress as the mean over required courses, per project and phase', async () => {
    const token = await gw.login('E1007');
    const [onboarding, communication] = (
      await gw.call<ProjectCourse[]>('projectStudyCourse', { token, query: { id: bootCamp } })
    ).body.data;
    const before = await viewProject(gw, token, bootCamp);
    expect(before).toMatchObject({ studyProgress: 0, learningStatus: 0 });
    const [member] = await gw.database.db.select().from(enterpriseUsers).where(eq(enterpriseUsers.empNo, 'E1007'));
    const row = { enterpriseId: member!.enterpriseId, enterpriseUserId: member!.id };
    await gw.database.db.insert(courseProgress).values([
      { ...row, courseId: onboarding!.id, progress: 100, status: 2 },
      { ...row, courseId: communication!.id, progress: 40, status: 1 },
    ]);
    const after = await viewProject(gw, token, bootCamp);
    expect(after).toMatchObject({ studyProgress: 70, learningStatus: 1 });
    expect(after.phases.map((p) => p.studyProgress)).toEqual([100, 40]);
    const page = await gw.call<PageResult<ProjectItem>>('projectPage', { token, body: { keyword: '训练营' } });
    expect(page.body.data.list[0]).toMatchObject({ studyProgress: 70, learningStatus: 1 });

    await gw.database.db
      .update(courseProgress)
      .set({ progress: 100, status: 2 })
      .where(and(eq(courseProgress.enterpriseUserId, member!.id), eq(courseProgress.courseId, communication!.id)));
    expect(await viewProject(gw, token, bootCamp)).toMatchObject({ studyProgress: 100, learningStatus: 2 });
    const count = await gw.call<ProjectCount>('projectCount', { token });
    expect(count.body.data.completed).toBe(1);
  });

  it('lists the member training progress over joined projects and tasks', async () => {
    const { body } = await gw.call<PageResult<TrainingProgressItem>>('trainingProgressPage', { token: e1001, lang: 'en' });
    expect(body.code).toBe(Code.OK);
    const names = body.data.list.map((i) => `${i.kind}:${i.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'project:2025 compliance training',
        'project:New-hire boot camp',
        'task:2026 new-hire learning task',
        'task:Quarterly safety exam task',
      ]),
    );
    const compliance = body.data.list.find((i) => i.name === '2025 compliance training')!;
    expect(compliance).toMatchObject({ requiredCount: 1, electiveCount: 1, creditHours: 2 });
  });
});

describe('input', () => {
  it('answers 422 for malformed ids, never 500', async () => {
    const calls = [
      gw.call('projectView', { token: e1001, query: { id: 'abc' } }),
      gw.call('projectView', { token: e1001 }),
      gw.call('projectPhaseContent', { token: e1001, query: { id: '1' } }),
      gw.call('projectStudyCourse', { token: e1001, query: { id: bootCamp, phaseId: 'x' } }),
      gw.call('projectApply', { token: e1001, body: { projectId: 'not-a-uuid' } }),
      gw.call('projectApply', { token: e1001, body: { projectId: 42 } }),
      gw.call('projectMemberPage', { token: e1004, body: { projectId: "' or 1=1 --" } }),
      gw.call('projectApprove', { token: e1004, body: { projectId: bootCamp, userId: 'x', approve: true } }),
      gw.call('relationProjectPage', { token: e1001, body: { courseId: '../x' } }),
      gw.call('courseUserRecordEdit', { token: e1001, body: { id: 'x', content: 'a' } }),
    ];
    for (const { res, body } of await Promise.all(calls)) {
      expect(res.status).toBe(422);
      expect(body.code).toBe(Code.INVALID);
    }
  });

  it('answers not found for a well-formed id that does not exist', async () => {
    const { body } = await gw.call('projectView', { token: e1001, query: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(body.code).toBe(Code.NOT_FOUND);
    expect(body.msg).toBe('内容不存在或已删除');
  });
});
