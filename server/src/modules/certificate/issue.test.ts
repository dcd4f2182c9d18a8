import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateCount, CertificateItem } from '@/api/certificate-types';
import type { PageResult } from '@/api/types';
import { certificates, courseProgress, courses, pointRecords, projects } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { idOf, viewer, type Viewer } from '../player/test-support';
import { issueOnCompletion } from './issue';
import { certificateNamed, heldRows, playCourse } from './test-support';

let gw: TestGateway;
let e1001: Viewer;
beforeAll(async () => {
  gw = await createTestApp();
  e1001 = await viewer(gw, 'E1001');
});
afterAll(() => gw?.close());

const db = () => gw.database.db;
const held = async (who: Viewer) =>
  (await gw.call<PageResult<CertificateItem>>('certificatePage', { token: who.token, body: { status: 1 } })).body.data.list;

/** A certificate of company one granted by the project named `nameEn`. */
async function projectCertificate(nameEn: string, nameZh: string, validMonths: number | null = null) {
  const projectId = await idOf(gw, projects, nameEn);
  const [project] = await db().select().from(projects).where(eq(projects.id, projectId));
  const [row] = await db()
    .insert(certificates)
    .values({ enterpriseId: project!.enterpriseId, nameZh, nameEn: `${nameEn} certificate`, projectId, validMonths })
    .returning();
  return row!;
}

describe('automatic issue on completing a course', () => {
  it('issues the course’s certificate once, the moment the course is completed', async () => {
    const fire = await certificateNamed(gw, '消防安全合格证');
    expect(await heldRows(gw, fire.id, e1001.memberId)).toEqual([]);
    const { courseId, completed } = await playCourse(gw, e1001, 'Fire safety basics');
    expect(completed).toBe(true);

    const rows = await heldRows(gw, fire.id, e1001.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issueWay: 1, enterpriseId: fire.enterpriseId });
    expect(Math.abs(Date.now() - rows[0]!.issuedAt.getTime())).toBeLessThan(60_000);
    const months = (rows[0]!.expiresAt!.getUTCFullYear() - rows[0]!.issuedAt.getUTCFullYear()) * 12 + rows[0]!.expiresAt!.getUTCMonth() - rows[0]!.issuedAt.getUTCMonth();
    expect(months).toBe(12);

    const list = await held(e1001);
    expect(list.map((c) => c.name)).toEqual(['消防安全合格证', '职场写作规范结业证书']);
    expect(list[0]).toMatchObject({ issueWay: 1, status: 1, source: { type: 'course', id: courseId, name: '消防安全知识' }, code: rows[0]!.code });
    const counts = (await gw.call<CertificateCount>('certificateCount', { token: e1001.token })).body.data;
    expect(counts).toEqual({ held: 2, expired: 1 });

    // Playing it again, or completing the same course again, changes nothing.
    await playCourse(gw, e1001, 'Fire safety basics');
    expect(await issueOnCompletion(db(), fire.enterpriseId, e1001.memberId, { courseId })).toEqual([]);
    expect(await heldRows(gw, fire.id, e1001.memberId)).toEqual(rows);
  });

  it('issues nothing for a course that grants no certificate', async () => {
    const who = await viewer(gw, 'E1002');
    const before = await held(who);
    expect((await playCourse(gw, who, 'Excel for the office')).completed).toBe(true);
    expect(await held(who)).toEqual(before);
  });
});

describe('the ledger on completing a course', () => {
  it('earns the course’s points and credit hours once, named after the course', async () => {
    const who = await viewer(gw, 'E1002');
    const courseId = await idOf(gw, courses, 'Workplace writing');
    await db().update(courses).set({ points: 8, creditHours: 3 }).where(eq(courses.id, courseId));
    const earned = () =>
      db()
        .select()
        .from(pointRecords)
        .where(and(eq(pointRecords.enterpriseUserId, who.memberId), eq(pointRecords.sourceId, courseId)));
    expect(await earned()).toEqual([]);
    expect((await playCourse(gw, who, 'Workplace writing')).completed).toBe(true);
    const rows = await earned();
    expect(rows.map((r) => [r.kind, r.amount, r.reasonZh, r.sourceType]).sort()).toEqual([
      [1, 8, '完成课程《职场写作规范》', 'course'],
      [2, 3, '完成课程《职场写作规范》', 'course'],
    ]);
    // Completing it again earns nothing more.
    await playCourse(gw, who, 'Workplace writing');
    expect(await earned()).toHaveLength(2);
  });
});

describe('automatic issue on completing a project', () => {
  it('issues an open project’s certificate when its last required course is completed', async () => {
    const leadership = await projectCertificate('Leadership programme', '领导力结业证书', 24);
    const who = await viewer(gw, 'E1003');
    // 团队管理基础 is the one required course; 目标与绩效 is elective.
    await playCourse(gw, who, 'Goals and performance');
    expect(await heldRows(gw, leadership.id, who.memberId)).toEqual([]);
    await playCourse(gw, who, 'Team management basics');
    const [row] = await heldRows(gw, leadership.id, who.memberId);
    expect(row).toMatchObject({ issueWay: 1 });
    expect((await held(who)).find((c) => c.certificateId === leadership.id)).toMatchObject({
      source: { type: 'project', name: '领导力提升计划' },
      status: 1,
    });
  });

  it('waits for a registration, then issues on joining a project already completed', async () => {
    const safety = await projectCertificate('Safety special project', '安全生产专项结业证书');
    const fire = await certificateNamed(gw, '消防安全合格证');
    const who = await viewer(gw, 'E1002');
    await playCourse(gw, who, 'Fire safety basics');
    await playCourse(gw, who, 'Electrical safety');
    // Both required courses done, but 安全生产专项 needs registering first.
    expect(await heldRows(gw, fire.id, who.memberId)).toHaveLength(1);
    expect(await heldRows(gw, safety.id, who.memberId)).toEqual([]);

    const { body } = await gw.call('projectApply', { token: who.token, body: { projectId: safety.projectId } });
    expect(body.code).toBe(200);
    expect(await heldRows(gw, safety.id, who.memberId)).toHaveLength(1);
  });

  it('issues on approval when the member completed the courses while waiting for review', async () => {
    const camp = await certificateNamed(gw, '新员工训练营结业证书');
    const who = await viewer(gw, 'E1006');
    expect((await gw.call('projectApply', { token: who.token, body: { projectId: camp.projectId } })).body.code).toBe(200);
    // The boot camp's required courses, completed in the test's database as the player would.
    const required = ['New employee onboarding', 'Effective communication'];
    for (const nameEn of required) {
      const done = { progress: 100, status: 2, completedAt: new Date() };
      await db()
        .insert(courseProgress)
        .values({ enterpriseId: camp.enterpriseId, enterpriseUserId: who.memberId, courseId: await idOf(gw, courses, nameEn), ...done })
        .onConflictDoUpdate({ target: [courseProgress.enterpriseUserId, courseProgress.courseId], set: done });
    }
    expect(await issueOnCompletion(db(), camp.enterpriseId, who.memberId, { projectId: camp.projectId! })).toEqual([]);

    const admin = await viewer(gw, 'E1004');
    const approved = await gw.call('projectApprove', { token: admin.token, body: { projectId: camp.projectId, userId: who.memberId, approve: true } });
    expect(approved.body.code).toBe(200);
    expect(await heldRows(gw, camp.id, who.memberId)).toMatchObject([{ issueWay: 1, expiresAt: null }]);
  });
});
