/**
 * A course's exam period through the real endpoints: passing the exam (by its pass score, best
 * attempt first) completes the period, raises the course's progress and counts in the study
 * tasks that hold the course or the exam; failing it completes nothing, and a paper waiting for
 * the marking of a short answer completes it once marked to the pass score. The demo learner's
 * pass from before counts as well.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseProgressInfo, ExamTaskOk, ExamTaskRef, StudyTaskDetail } from '@/api/learning-types';
import type { MarkResultOfAnswer, PaperReview } from '@/api/exam-types';
import { courseItems, courses, examMarkers, examQuestions, exams, studyDynamics, studyTaskMembers, studyTasks } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { as, finish, questionsById, rightAnswer, save, signIn, start, type Who } from '../exam/test-support';
import { idOf } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1003: Who;
let courseId: string;
let itemId: string;
let examId: string;
let newHireTask: string;
let safetyTask: string;

beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1003] = await Promise.all(['E1001', 'E1003'].map((n) => signIn(gw, n)));
  courseId = await idOf(gw, courses, 'New employee onboarding');
  const [period] = await gw.database.db
    .select({ id: courseItems.id, examId: courseItems.examId })
    .from(courseItems)
    .where(and(eq(courseItems.courseId, courseId), eq(courseItems.contentType, 3)));
  itemId = period!.id;
  examId = period!.examId!;
  newHireTask = await idOf(gw, studyTasks, '2026 new-hire learning task');
  safetyTask = await idOf(gw, studyTasks, 'Quarterly safety exam task');
});
afterAll(() => gw?.close());

async function progress(who: Who): Promise<{ course: number; period: number; status: number }> {
  const { body } = await as<CourseProgressInfo>(gw, who, 'progressGet', { query: { courseId } });
  expect(body.code).toBe(200);
  return {
    course: body.data.studyProgress,
    period: body.data.periods.find((p) => p.itemId === itemId)!.studyProgress,
    status: body.data.learningStatus,
  };
}

async function studyTask(who: Who, id: string): Promise<StudyTaskDetail> {
  const { body } = await as<StudyTaskDetail>(gw, who, 'studyTaskView', { query: { id } });
  expect(body.code).toBe(200);
  return body.data;
}

async function courseTask(who: Who): Promise<string> {
  const { body } = await as<ExamTaskRef>(gw, who, 'saveExamTaskByCourseId', { body: { courseId, itemId, examId, type: 1 } });
  expect(body.code).toBe(200);
  return body.data.taskId;
}

/** One attempt: every question right, or every question wrong (left blank). */
async function attempt(who: Who, taskId: string, right: boolean) {
  const session = await start(gw, who, taskId);
  const keys = await questionsById(gw, session.examId);
  if (right) {
    for (const q of session.questions) {
      expect((await save(gw, who, session.paperId, q.questionId, rightAnswer(keys.get(q.questionId)!), 1)).body.code).toBe(200);
    }
  }
  return finish(gw, who, session.paperId);
}

describe('exam period', () => {
  it('counts the demo learner’s earlier pass: period 100, the exam task completed', async () => {
    const now = await progress(e1001);
    expect(now.period).toBe(100);
    expect(now.course).toBeGreaterThan(0);
    const safety = await studyTask(e1001, safetyTask);
    expect(safety).toMatchObject({ studyProgress: 100, learningStatus: 2 });
    expect(safety.exams).toEqual([expect.objectContaining({ examId, status: 1 })]);
    // The task's button leads to the result: no attempt is left after a pass.
    const ok = await as<ExamTaskOk>(gw, e1001, 'getTaskIsOk', { query: { taskId: await courseTask(e1001) } });
    expect(ok.body.data).toMatchObject({ ok: false, status: 1, paper: { status: 2 } });
  });

  it('completes nothing on a fail, and completes the period, the course’s share and the tasks on a pass', async () => {
    // E1003 also sits the quarterly exam task, which lists the exam itself.
    const [member] = await gw.database.db.select().from(studyTaskMembers).where(eq(studyTaskMembers.taskId, safetyTask));
    await gw.database.db.insert(studyTaskMembers).values({ enterpriseId: member!.enterpriseId, taskId: safetyTask, enterpriseUserId: e1003.memberId });

    const before = await progress(e1003);
    expect(before.period).toBe(0);
    const newHireBefore = (await studyTask(e1003, newHireTask)).studyProgress;
    expect(await studyTask(e1003, safetyTask)).toMatchObject({ studyProgress: 0 });

    const taskId = await courseTask(e1003);
    const ready = await as<ExamTaskOk>(gw, e1003, 'getTaskIsOk', { query: { taskId } });
    expect(ready.body.data).toMatchObject({ ok: true, paper: null });

    const failed = await attempt(e1003, taskId, false);
    expect(failed).toMatchObject({ passed: false, taskStatus: 2 });
    expect(await progress(e1003)).toMatchObject({ period: 0, course: before.course });
    expect(await studyTask(e1003, safetyTask)).toMatchObject({ studyProgress: 0, learningStatus: 1 });
    // An attempt is left: the button opens the runner again.
    const again = await as<ExamTaskOk>(gw, e1003, 'getTaskIsOk', { query: { taskId } });
    expect(again.body.data).toMatchObject({ ok: true, status: 2, paper: { status: 2 } });

    const passed = await attempt(e1003, taskId, true);
    expect(passed).toMatchObject({ passed: true, taskStatus: 1, score: 100 });
    const after = await progress(e1003);
    expect(after.period).toBe(100);
    expect(after.course).toBeGreaterThan(before.course);
    expect(after.status).toBe(1);
    expect((await studyTask(e1003, newHireTask)).studyProgress).toBeGreaterThan(newHireBefore);
    expect(await studyTask(e1003, safetyTask)).toMatchObject({ studyProgress: 100, learningStatus: 2 });

    const dynamics = await gw.database.db
      .select()
      .from(studyDynamics)
      .where(and(eq(studyDynamics.enterpriseUserId, e1003.memberId), eq(studyDynamics.itemId, itemId)));
    expect(dynamics.map((d) => d.kind)).toEqual([2]);

    // Handing the result in again changes nothing (the period is completed once).
    const review = await as<PaperReview>(gw, e1003, 'examPaperView', { query: { id: passed.paperId } });
    expect(review.body.code).toBe(200);
    expect(await progress(e1003)).toEqual(after);
  });

  it('waits for the marking of a short answer: the period completes when the marked paper reaches the pass score', async () => {
    // The exam gains a short answer worth 20 and needs 110 of 120: the objective part alone does not pass.
    const [exam] = await gw.database.db.select().from(exams).where(eq(exams.id, examId));
    await gw.database.db.update(exams).set({ passScore: 110, totalScore: 120 }).where(eq(exams.id, examId));
    await gw.database.db.insert(examQuestions).values({
      enterpriseId: exam!.enterpriseId,
      examId,
      sort: 99,
      questionType: 5,
      stemZh: '简述入职第一周的安排。',
      stemEn: 'Describe your first week.',
      answer: ['参考答案', 'Reference'],
      score: 20,
    });
    const e1002 = await signIn(gw, 'E1002');
    await gw.database.db.insert(examMarkers).values({ enterpriseId: exam!.enterpriseId, examId, enterpriseUserId: e1002.memberId }).onConflictDoNothing();

    const e1004 = await signIn(gw, 'E1004');
    const taskId = await courseTask(e1004);
    const session = await start(gw, e1004, taskId);
    const keys = await questionsById(gw, session.examId);
    for (const q of session.questions) {
      expect((await save(gw, e1004, session.paperId, q.questionId, rightAnswer(keys.get(q.questionId)!), 1)).body.code).toBe(200);
    }
    expect(await finish(gw, e1004, session.paperId)).toMatchObject({ status: 1, passed: null, taskStatus: 3 });
    expect((await progress(e1004)).period).toBe(0);

    const review = await as<PaperReview>(gw, e1002, 'examPaperView', { query: { id: session.paperId } });
    const short = review.body.data.questions.find((q) => q.questionType === 5)!;
    const marked = await as<MarkResultOfAnswer>(gw, e1002, 'examMarkAnswer', { query: { id: short.answerId!, mark: '20' } });
    expect(marked.body.data.paper).toMatchObject({ status: 2, score: 120, passed: true, taskStatus: 1 });
    expect((await progress(e1004)).period).toBe(100);
  });
});
