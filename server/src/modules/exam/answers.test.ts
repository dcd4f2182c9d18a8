import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamTaskDetail, ExamTaskItem, PaperRecord, PaperResult, PaperReview } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { exams } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { as, examIdOf, finish, questionsById, rightAnswer, save, signIn, start, taskOf, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1003: Who;
let e1004: Who;
let e1006: Who;
let e1007: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1003, e1004, e1006, e1007] = await Promise.all(['E1001', 'E1003', 'E1004', 'E1006', 'E1007'].map((n) => signIn(gw, n)));
});
afterAll(() => gw?.close());

const SECURITY = 'Information security quiz';
const ONE_MINUTE = 'One-minute quiz';
const DAY = 86_400_000;

/** Changes an exam's rules for one test, and puts the seeded ones back after it. */
async function withRules(name: string, rules: Partial<typeof exams.$inferInsert>, run: (examId: string) => Promise<void>) {
  const examId = await examIdOf(gw, name);
  const [before] = await gw.database.db.select().from(exams).where(eq(exams.id, examId));
  await gw.database.db.update(exams).set(rules).where(eq(exams.id, examId));
  try {
    await run(examId);
  } finally {
    const { answersShown, attempts, endAt } = before!;
    await gw.database.db.update(exams).set({ answersShown, attempts, endAt }).where(eq(exams.id, examId));
  }
}

/**
 * One attempt handed in: the first objective question answered right (every question with
 * `allRight`; with `short`, a short answer too), the others left blank. Answers the paper id,
 * the result and the answers given.
 */
async function attempt(who: Who, name: string, { allRight = false, short = false } = {}) {
  const task = await taskOf(gw, who, name);
  const session = await start(gw, who, task.taskId);
  const keys = await questionsById(gw, session.examId);
  const given = new Map<string, string[]>();
  const objective = session.questions.filter((q) => q.questionType !== 5);
  const chosen = allRight
    ? session.questions
    : [objective[0]!, ...(short ? session.questions.filter((q) => q.questionType === 5).slice(0, 1) : [])];
  for (const q of chosen) {
    const answer = rightAnswer(keys.get(q.questionId)!);
    expect((await save(gw, who, session.paperId, q.questionId, answer, 1)).body.code).toBe(200);
    given.set(q.questionId, answer);
  }
  const result = await finish(gw, who, session.paperId);
  return { taskId: task.taskId, paperId: session.paperId, examId: session.examId, result, given };
}

async function review(who: Who, paperId: string): Promise<PaperReview> {
  const { body } = await as<PaperReview>(gw, who, 'examPaperView', { query: { id: paperId } });
  expect(body.code).toBe(200);
  return body.data;
}

/** Fails when a text of the exam's key (analysis, reference and accepted texts) is in `json`. */
async function expectNoKey(examId: string, json: string, typed: Iterable<string[]> = []) {
  const own = new Set([...typed].flat());
  expect(json).not.toMatch(/"(correctAnswer|analysis)"/);
  for (const q of (await questionsById(gw, examId)).values()) {
    for (const text of [q.analysisZh, q.analysisEn]) if (text) expect(json).not.toContain(text);
    if (q.questionType >= 4) {
      for (const text of (q.answer as (string | string[])[]).flat()) if (text.length >= 3 && !own.has(text)) expect(json).not.toContain(text);
    }
  }
}

function expectWithheld(r: PaperReview, given: Map<string, string[]>) {
  expect(r.showAnswers).toBe(false);
  for (const q of r.questions) {
    expect(q).not.toHaveProperty('correctAnswer');
    expect(q).not.toHaveProperty('analysis');
    // The candidate's own answers stay; which objective answers were right would give the key away.
    expect(q.answer).toEqual(given.get(q.questionId) ?? []);
    if (q.questionType !== 5) expect(q.gained).toBeNull();
  }
}

function expectShown(r: PaperReview) {
  expect(r).toMatchObject({ showAnswers: true, answersWithheld: null });
  for (const q of r.questions) {
    expect(q.correctAnswer).toBeDefined();
    expect(typeof q.gained).toBe('number');
  }
}

describe('when the answers are shown', () => {
  it('after the last attempt (the default): a learner with attempts left gets their answers and score, never the key', async () => {
    const first = await attempt(e1003, SECURITY);
    expect(first.result).toMatchObject({ status: 2, score: 20, passed: false, taskStatus: 2 });
    const r = await review(e1003, first.paperId);
    expect(r).toMatchObject({ score: 20, totalScore: 100, answersShown: 'afterLastAttempt', answersWithheld: 'attemptsLeft', answersAt: null });
    expectWithheld(r, first.given);
    await expectNoKey(first.examId, JSON.stringify(r), first.given.values());
    const zh = await gw.call<PaperReview>('examPaperView', { token: e1003.token, query: { id: first.paperId } });
    await expectNoKey(first.examId, JSON.stringify(zh.body.data), first.given.values());

    // Nothing else the learner can call carries it either.
    const calls = [
      as<PaperResult>(gw, e1003, 'examFinishView', { query: { paperId: first.paperId } }),
      as<PaperResult>(gw, e1003, 'examFinish', { body: { paperId: first.paperId } }),
      as<PaperRecord[]>(gw, e1003, 'examTaskGetRecord', { query: { taskId: first.taskId } }),
      as<PageResult<PaperRecord>>(gw, e1003, 'examGetPaperRecord', { query: { taskId: first.taskId } }),
      as<PageResult<PaperRecord>>(gw, e1003, 'examPaperPage', { body: {} }),
      as<ExamTaskDetail>(gw, e1003, 'examTaskView', { query: { id: first.taskId } }),
      as<PageResult<ExamTaskItem>>(gw, e1003, 'examTaskRecordPage', { body: { pageSize: 100 } }),
      as<PageResult<ExamTaskItem>>(gw, e1003, 'examTaskPage', { body: { pageSize: 100 } }),
      as(gw, e1003, 'examMarkingPage', { body: {} }),
      as(gw, e1003, 'searchPage', { body: { type: 5, keyword: 'security', pageCurrent: 1, pageSize: 20 } }),
    ];
    for (const { body } of await Promise.all(calls)) {
      expect(body.code).toBe(200);
      await expectNoKey(first.examId, JSON.stringify(body), first.given.values());
    }

    // Passing is the last attempt: no more can be taken, and every paper of the task shows the key.
    const second = await attempt(e1003, SECURITY, { allRight: true });
    expect(second.result).toMatchObject({ score: 100, passed: true, taskStatus: 1 });
    for (const paperId of [first.paperId, second.paperId]) expectShown(await review(e1003, paperId));
    const again = await review(e1003, first.paperId);
    expect(again.questions.find((q) => first.given.has(q.questionId))).toMatchObject({ gained: 20 });
    expect(again.questions.filter((q) => q.analysis).length).toBe(5);
  });

  it('after the last attempt: once the attempts are used up, or once the exam has closed', async () => {
    await withRules(SECURITY, { attempts: 2 }, async () => {
      const first = await attempt(e1006, SECURITY);
      expect((await review(e1006, first.paperId)).answersWithheld).toBe('attemptsLeft');
      const second = await attempt(e1006, SECURITY);
      expect(second.result).toMatchObject({ passed: false, taskStatus: 2 });
      for (const paperId of [first.paperId, second.paperId]) expectShown(await review(e1006, paperId));
    });
    await withRules(SECURITY, { attempts: 0 }, async (examId) => {
      const first = await attempt(e1007, SECURITY);
      expect((await review(e1007, first.paperId)).answersWithheld).toBe('attemptsLeft');
      await gw.database.db.update(exams).set({ endAt: new Date(Date.now() - 1000) }).where(eq(exams.id, examId));
      expectShown(await review(e1007, first.paperId));
    });
  });

  it('after the last attempt: not while the paper waits for a marker and attempts are left', async () => {
    // The general assessment has short answers; its markers mark them.
    await withRules('General assessment', { answersShown: 'afterLastAttempt', attempts: 0 }, async () => {
      const first = await attempt(e1006, 'General assessment', { short: true });
      expect(first.result).toMatchObject({ status: 1, taskStatus: 3 });
      const r = await review(e1006, first.paperId);
      expect(r).toMatchObject({ answersWithheld: 'attemptsLeft' });
      expectWithheld(r, first.given);
      await expectNoKey(first.examId, JSON.stringify(r), first.given.values());
    });
  });

  it('after each attempt: after every hand-in, but not while the next attempt is in progress', async () => {
    await withRules(ONE_MINUTE, { answersShown: 'afterEachAttempt', attempts: 0 }, async (examId) => {
      const first = await attempt(e1001, ONE_MINUTE);
      expect(first.result).toMatchObject({ passed: false });
      const shown = await review(e1001, first.paperId);
      expectShown(shown);
      expect(shown.answersShown).toBe('afterEachAttempt');

      const next = await start(gw, e1001, first.taskId);
      const during = await review(e1001, first.paperId);
      expect(during).toMatchObject({ answersWithheld: 'paperInProgress' });
      expectWithheld(during, first.given);
      await expectNoKey(examId, JSON.stringify(during), first.given.values());

      await finish(gw, e1001, next.paperId);
      expectShown(await review(e1001, first.paperId));
      expectShown(await review(e1001, next.paperId));
    });
  });

  it('after the window closes: not before, even with every attempt used; then to everyone', async () => {
    const endAt = new Date(Date.now() + DAY);
    await withRules(ONE_MINUTE, { answersShown: 'afterWindow', attempts: 1, endAt }, async (examId) => {
      const only = await attempt(e1003, ONE_MINUTE);
      const r = await review(e1003, only.paperId);
      expect(r).toMatchObject({ answersShown: 'afterWindow', answersWithheld: 'windowOpen', answersAt: endAt.toISOString() });
      expectWithheld(r, only.given);
      await expectNoKey(examId, JSON.stringify(r), only.given.values());
      await gw.database.db.update(exams).set({ endAt: new Date(Date.now() - 1000) }).where(eq(exams.id, examId));
      expectShown(await review(e1003, only.paperId));
    });
  });

  it('never: not after the last attempt, nor after the window closes, nor once passed', async () => {
    await withRules(ONE_MINUTE, { answersShown: 'never', attempts: 1 }, async (examId) => {
      const only = await attempt(e1007, ONE_MINUTE, { allRight: true });
      expect(only.result).toMatchObject({ passed: true });
      await gw.database.db.update(exams).set({ endAt: new Date(Date.now() - 1000) }).where(eq(exams.id, examId));
      const r = await review(e1007, only.paperId);
      expect(r).toMatchObject({ answersShown: 'never', answersWithheld: 'never', score: 100 });
      expectWithheld(r, only.given);
      await expectNoKey(examId, JSON.stringify(r), only.given.values());
    });
  });
});

describe('the rule of an exam', () => {
  it('is after the last attempt unless the exam says otherwise, and one of the four', async () => {
    const [company] = await gw.database.db.select({ id: exams.enterpriseId }).from(exams).limit(1);
    const [created] = await gw.database.db
      .insert(exams)
      .values({ enterpriseId: company!.id, nameZh: '新考试', nameEn: 'A new exam' })
      .returning();
    expect(created!.answersShown).toBe('afterLastAttempt');
    await expect(gw.database.db.execute(sql`update exams set answers_shown = 'sometimes' where id = ${created!.id}`)).rejects.toThrow();
    await gw.database.db.delete(exams).where(eq(exams.id, created!.id));
  });

  it('is set for every demo exam and told before the exam', async () => {
    const rows = await gw.database.db.select({ name: exams.nameEn, rule: exams.answersShown }).from(exams);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.rule]))).toEqual({
      'Onboarding exam': 'afterLastAttempt',
      'General assessment': 'afterEachAttempt',
      'Information security quiz': 'afterLastAttempt',
      'One-minute quiz': 'never',
      '2025 safety exam': 'afterWindow',
      'Fire safety exam': 'afterLastAttempt',
      'Professional conduct assessment': 'afterLastAttempt',
      'Quality knowledge exam': 'afterEachAttempt',
      'Safe operation quiz': 'afterLastAttempt',
      '5S workplace quiz': 'never',
      'Quality improvement case study': 'afterLastAttempt',
      '2025 quality exam': 'afterWindow',
    });
    const view = async (name: string) =>
      (await as<ExamTaskDetail>(gw, e1004, 'examTaskView', { query: { id: (await taskOf(gw, e1004, name)).taskId } })).body.data;
    expect(await view(SECURITY)).toMatchObject({ answersShown: 'afterLastAttempt', showAnswers: true });
    expect(await view(ONE_MINUTE)).toMatchObject({ answersShown: 'never', showAnswers: false });
    expect(await view('General assessment')).toMatchObject({ answersShown: 'afterEachAttempt', showAnswers: true });
  });
});
