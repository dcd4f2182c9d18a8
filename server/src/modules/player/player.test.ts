import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  CourseConfig,
  ExamTaskOk,
  ExamTaskRef,
  ImageTextContent,
  ResourceCheck,
  ResourceWatchResult,
} from '@/api/learning-types';
import type { ExamTaskItem, PaperSession } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { courseItems, courseProgress, courses, examTasks, exams, projects, resources, studyTasks, watchSessions } from '../../db/schema';
import { createTestApp, HOST_TWO, signedPathOf, type TestGateway } from '../../testing';
import { dynamicsOf, idOf, open, periodOf, viewer, type Viewer } from './test-support';

let gw: TestGateway;
let onboarding: string;
let communication: string;
let video: string;

beforeAll(async () => {
  gw = await createTestApp();
  onboarding = await idOf(gw, courses, 'New employee onboarding');
  communication = await idOf(gw, courses, 'Effective communication');
  video = await periodOf(gw, onboarding, 'Welcome video');
});
afterAll(() => gw?.close());

const watch = (who: Viewer, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  gw.call<ResourceWatchResult>('resourceWatch', { token: who.token, lang, body });

describe('opening a period', () => {
  it('answers the playback response and records the first opening of the course once', async () => {
    const who = await viewer(gw, 'E1003');
    const first = await open(gw, who, onboarding, video);
    expect(first).toMatchObject({
      itemId: video,
      courseId: onboarding,
      contentType: 2,
      resourceType: 2,
      totalDuration: 12,
      lastPosition: 0,
      studyProgress: 0,
      furthest: 0,
      completed: false,
      examId: null,
    });
    // Each source signed for the company (the raw files are refused; see files/media-access.test.ts).
    expect(first.playUrls.map((p) => ({ ...p, url: signedPathOf(p.url) }))).toEqual([
      { url: '/media/demo/welcome/index.m3u8', type: 'hls' },
      { url: '/media/demo/welcome.mp4', type: 'mp4' },
    ]);
    expect(JSON.parse(first.videoConfig)).toEqual({ poster: '/media/demo/covers/welcome.jpg' });
    expect(Math.abs(Date.parse(first.serverTime) - Date.now())).toBeLessThan(60_000);
    const [session] = await gw.database.db.select().from(watchSessions).where(eq(watchSessions.id, first.watchId));
    expect(session?.enterpriseUserId).toBe(who.memberId);

    const second = await open(gw, who, onboarding, video);
    expect(second.watchId).not.toBe(first.watchId);
    expect(await dynamicsOf(gw, who.memberId, onboarding)).toEqual([1]);
    const [row] = await gw.database.db
      .select()
      .from(courseProgress)
      .where(and(eq(courseProgress.enterpriseUserId, who.memberId), eq(courseProgress.courseId, onboarding)));
    expect(row).toMatchObject({ status: 1, progress: 0, lastItemId: video });
  });

  it('answers no sources for a video that has not been uploaded', async () => {
    const writing = await idOf(gw, courses, 'Workplace writing');
    const clip = await periodOf(gw, writing, 'Workplace writing in brief');
    const [item] = await gw.database.db.select().from(courseItems).where(eq(courseItems.id, clip));
    await gw.database.db.update(resources).set({ playUrls: [], url: '' }).where(eq(resources.id, item!.resourceId!));
    const result = await open(gw, await viewer(gw, 'E1004'), writing, clip);
    expect(result.playUrls).toEqual([]);
    expect(result.completed).toBe(false);
  });

  it('completes images on opening; not documents, archives or exams', async () => {
    const who = await viewer(gw, 'E1004');
    const handbook = await open(gw, who, onboarding, await periodOf(gw, onboarding, 'Culture handbook'));
    expect(handbook).toMatchObject({ resourceType: 4, fileName: '企业文化手册.pdf' });
    expect(signedPathOf(handbook.url)).toBe('/media/demo/handbook.pdf');
    // A document counts its pages shown, an archive its download.
    expect(handbook).toMatchObject({ studyProgress: 0, completed: false, playUrls: [], progressBy: 'pages', pageCount: 3 });
    const zip = await open(gw, who, onboarding, await periodOf(gw, onboarding, 'Onboarding pack'));
    expect(zip).toMatchObject({ resourceType: 6, studyProgress: 0, progressBy: 'download' });
    const plan = await open(gw, who, onboarding, await periodOf(gw, onboarding, 'Office floor plan'));
    expect(plan).toMatchObject({ resourceType: 5, studyProgress: 100, completed: true, progressBy: 'opening' });
    const exam = await open(gw, who, onboarding, await periodOf(gw, onboarding, 'Onboarding exam'));
    expect(exam).toMatchObject({ contentType: 3, resourceType: 0, studyProgress: 0, completed: false });
    expect(exam.examId).toBe(await idOf(gw, exams, 'Onboarding exam'));
    expect((await dynamicsOf(gw, who.memberId, onboarding)).filter((k) => k === 2)).toHaveLength(1);
  });

  it('shows an image-and-text period and completes it', async () => {
    const who = await viewer(gw, 'E1007');
    const guide = await periodOf(gw, onboarding, 'Check-in guide');
    const { body } = await gw.call<ImageTextContent>('imageTextWatch', {
      token: who.token,
      lang: 'en',
      query: { courseId: onboarding, itemId: guide },
    });
    expect(body.data).toMatchObject({ itemId: guide, name: 'Check-in guide', studyProgress: 100 });
    expect(body.data.blocks.map((b) => b.type)).toEqual(['text', 'image', 'text', 'image', 'text']);
    expect(await dynamicsOf(gw, who.memberId, onboarding)).toEqual([1, 2]);

    const { body: notText } = await gw.call('imageTextWatch', {
      token: who.token,
      query: { courseId: onboarding, itemId: video },
    });
    expect(notText.code).toBe(404);
  });

  it('refuses removed and unpaid courses with the spec messages', async () => {
    const who = await viewer(gw, 'E1001');
    const removed = await idOf(gw, courses, 'Old safety rules');
    const gone = await watch(who, { courseId: removed, itemId: await periodOf(gw, removed, 'Old safety rules explained') });
    expect(gone.body).toMatchObject({ code: 460, msg: 'The course has been removed' });
    const paid = await idOf(gw, courses, 'Advanced data analysis');
    const unpaid = await watch(who, { courseId: paid, itemId: await periodOf(gw, paid, 'Data modelling in practice') });
    expect(unpaid.body).toMatchObject({ code: 460, msg: 'You can only watch it after purchase' });
    const zh = await watch(who, { courseId: paid, itemId: await periodOf(gw, paid, 'Data modelling in practice') }, 'zh');
    expect(zh.body.msg).toBe('购买后才能观看');
  });

  it('answers another company’s course, another course’s period and malformed ids like missing ones', async () => {
    const who = await viewer(gw, 'E1001');
    const lean = await idOf(gw, courses, 'Lean production basics');
    const [leanItem] = await gw.database.db.select().from(courseItems).where(eq(courseItems.courseId, lean));
    expect((await watch(who, { courseId: lean, itemId: leanItem!.id })).body.code).toBe(404);
    expect((await watch(who, { courseId: onboarding, itemId: leanItem!.id })).body.code).toBe(404);
    const otherCourse = await periodOf(gw, communication, 'Communication in practice');
    expect((await watch(who, { courseId: onboarding, itemId: otherCourse })).body.code).toBe(404);
    const chapter = await periodOf(gw, onboarding, 'Chapter 1 About the company');
    expect((await watch(who, { courseId: onboarding, itemId: chapter })).body.code).toBe(404);
    expect((await watch(who, { courseId: 'x', itemId: video })).body.code).toBe(422);
    const { body: progress } = await gw.call('progressResource', { token: who.token, query: { itemId: leanItem!.id } });
    expect(progress.code).toBe(404);

    // A member of company two cannot open company one's course through company two's host.
    const elsewhere = await viewer(gw, 'B2001', HOST_TWO);
    const { body } = await gw.call('resourceWatch', {
      host: HOST_TWO,
      token: elsewhere.token,
      body: { courseId: onboarding, itemId: video },
    });
    expect(body.code).toBe(404);
  });

  it('checks the study task or project it is opened from', async () => {
    const task = await idOf(gw, studyTasks, '2026 new-hire learning task');
    const assigned = await viewer(gw, 'E1001');
    expect((await watch(assigned, { courseId: onboarding, itemId: video, studyTaskId: task })).body.code).toBe(200);
    const other = await viewer(gw, 'E1002');
    expect((await watch(other, { courseId: onboarding, itemId: video, studyTaskId: task })).body.code).toBe(404);

    const project = await idOf(gw, projects, 'Safety special project');
    const refused = await watch(assigned, { courseId: onboarding, itemId: video, projectId: project });
    expect(refused.body).toMatchObject({ code: 460, msg: 'Unable to study, please register first' });
  });
});

describe('checking, configuration and progress', () => {
  const check = async (who: Viewer, query: Record<string, string>) =>
    (await gw.call<ResourceCheck>('progressCheckResource', { token: who.token, lang: 'en', query })).body;

  it('answers whether a period may be opened, with the spec message', async () => {
    const who = await viewer(gw, 'E1001');
    expect((await check(who, { courseId: onboarding, itemId: video })).data).toEqual({ allowed: true, message: '' });
    const removed = await idOf(gw, courses, 'Old safety rules');
    const removedItem = await periodOf(gw, removed, 'Old safety rules explained');
    expect((await check(who, { courseId: removed, itemId: removedItem })).data).toEqual({
      allowed: false,
      message: 'The course has been removed',
    });
    const compliance = await idOf(gw, projects, '2025 compliance training');
    expect((await check(who, { courseId: onboarding, itemId: video, projectId: compliance })).data).toEqual({
      allowed: false,
      message: 'The available learning time has expired',
    });
    const camp = await idOf(gw, projects, 'New-hire boot camp');
    expect((await check(who, { courseId: onboarding, itemId: video, projectId: camp })).data.message).toBe(
      'Unable to study, please register first',
    );
    const lean = await idOf(gw, courses, 'Lean production basics');
    expect((await check(who, { courseId: lean, itemId: video })).code).toBe(404);
  });

  it('gives the player configuration with the watermark text', async () => {
    const who = await viewer(gw, 'E1001');
    const { body } = await gw.call<CourseConfig>('courseConfig', { token: who.token, query: { courseId: communication } });
    const { body: me } = await gw.call<{ userName: string }>('currentUser', { token: who.token });
    expect(body.data).toEqual({
      courseId: communication,
      watermark: true,
      antiSkip: true,
      completeRatio: 95,
      playbackRates: [0.5, 0.75, 1, 1.25, 1.5, 2],
      heartbeatSeconds: 10,
      pageSeconds: 3,
      watermarkText: `${me.data.userName} E1001`,
    });
    const paid = await idOf(gw, courses, 'Advanced data analysis');
    const { body: refused } = await gw.call('courseConfig', { token: who.token, lang: 'en', query: { courseId: paid } });
    expect(refused).toMatchObject({ code: 460, msg: 'You can only watch it after purchase' });
  });

  it('reads the caller’s own progress by course and by period', async () => {
    const who = await viewer(gw, 'E1001');
    const writing = await idOf(gw, courses, 'Workplace writing');
    const { body } = await gw.call<{ studyProgress: number; learningStatus: number; periods: unknown[] }>(
      'progressGet',
      { token: who.token, query: { courseId: writing } },
    );
    // Seeded: E1001 completed Workplace writing.
    expect(body.data).toMatchObject({ studyProgress: 100, learningStatus: 2 });
    expect(body.data.periods).toHaveLength(1);
    const mine = await gw.call<{ studyProgress: number }>('progressGet', {
      token: (await viewer(gw, 'E1003')).token,
      query: { courseId: writing },
    });
    expect(mine.body.data.studyProgress).toBe(0);
  });
});

describe('exams linked from a course', () => {
  it('creates the caller’s exam task once and keeps it private', async () => {
    // E1003 has no exam task for the onboarding exam yet; E1001 passed it in the demo data.
    const who = await viewer(gw, 'E1003');
    const examPeriod = await periodOf(gw, onboarding, 'Onboarding exam');
    const examId = await idOf(gw, exams, 'Onboarding exam');
    const save = (w: Viewer, body: Record<string, unknown>) =>
      gw.call<ExamTaskRef>('saveExamTaskByCourseId', { token: w.token, body });

    const first = await save(who, { courseId: onboarding, itemId: examPeriod, examId });
    expect(first.body.data).toMatchObject({ examId, status: 0 });
    const again = await Promise.all([
      save(who, { courseId: onboarding, itemId: examPeriod, examId, type: 1 }),
      save(who, { courseId: onboarding, itemId: examPeriod, examId }),
    ]);
    for (const r of again) expect(r.body.data.taskId).toBe(first.body.data.taskId);

    const ok = await gw.call<ExamTaskOk>('getTaskIsOk', { token: who.token, query: { taskId: first.body.data.taskId } });
    expect(ok.body.data).toEqual({ ok: true, taskId: first.body.data.taskId, status: 0, message: '', paper: null });

    const other = await viewer(gw, 'E1001');
    const theirs = await gw.call('getTaskIsOk', { token: other.token, query: { taskId: first.body.data.taskId } });
    expect(theirs.body.code).toBe(404);
    const own = await save(other, { courseId: onboarding, itemId: examPeriod, examId });
    expect(own.body.data).toMatchObject({ status: 1 });
    expect(own.body.data.taskId).not.toBe(first.body.data.taskId);
    // A passed exam cannot be taken again: the exam centre's rule, with its message.
    const passed = await gw.call<ExamTaskOk>('getTaskIsOk', { token: other.token, lang: 'en', query: { taskId: own.body.data.taskId } });
    expect(passed.body.data).toMatchObject({ ok: false, status: 1 });
    expect(passed.body.data.message).toMatch(/passed/i);

    // The period must be the course's exam period linking that exam.
    expect((await save(who, { courseId: onboarding, itemId: video, examId })).body.code).toBe(404);
    expect((await save(who, { courseId: onboarding, itemId: examPeriod, examId: video })).body.code).toBe(404);
    const paid = await idOf(gw, courses, 'Advanced data analysis');
    expect((await save(who, { courseId: paid, itemId: examPeriod, examId })).body.code).toBe(460);
  });

  it('gives one task per learner, course and exam whatever type the client sends, with one set of attempts', async () => {
    // E1004 has no task for the onboarding exam; one attempt makes a multiplied task show.
    const who = await viewer(gw, 'E1004');
    const examPeriod = await periodOf(gw, onboarding, 'Onboarding exam');
    const examId = await idOf(gw, exams, 'Onboarding exam');
    await gw.database.db.update(exams).set({ attempts: 1 }).where(eq(exams.id, examId));
    const save = (type: number) =>
      gw.call<ExamTaskRef>('saveExamTaskByCourseId', { token: who.token, body: { courseId: onboarding, itemId: examPeriod, examId, type } });
    const types = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const answers = await Promise.all(types.map(save));
    for (const r of answers) expect(r.body.code).toBe(200);
    const ids = new Set(answers.map((r) => r.body.data.taskId));
    expect(ids.size).toBe(1);
    const [taskId] = [...ids];
    const rows = await gw.database.db
      .select({ id: examTasks.id, type: examTasks.type })
      .from(examTasks)
      .where(and(eq(examTasks.enterpriseUserId, who.memberId), eq(examTasks.examId, examId)));
    expect(rows).toEqual([{ id: taskId, type: 1 }]);
    const centre = await gw.call<PageResult<ExamTaskItem>>('examTaskRecordPage', { token: who.token, body: { pageSize: 100 } });
    expect(centre.body.data.list.filter((t) => t.examId === examId).map((t) => t.taskId)).toEqual([taskId]);

    // The one attempt used, no type gives another.
    const started = await gw.call<PaperSession>('examStart', { token: who.token, body: { taskId } });
    expect(started.body.code).toBe(200);
    expect((await gw.call('examFinish', { token: who.token, body: { paperId: started.body.data.paperId } })).body.code).toBe(200);
    for (const type of types) {
      const again = await save(type);
      expect(again.body.data.taskId).toBe(taskId);
      const ok = await gw.call<ExamTaskOk>('getTaskIsOk', { token: who.token, lang: 'en', query: { taskId: again.body.data.taskId } });
      expect(ok.body.data).toMatchObject({ ok: false, message: 'No attempts left for this exam' });
    }
    expect((await gw.call('examStart', { token: who.token, body: { taskId } })).body.code).toBe(Code.FORBIDDEN);
  });
});
