import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperResult, PaperReview, PaperSession, ScreenSwitchResult } from '@/api/exam-types';
import { Code } from '@/api/codes';
import { examAnswers, examPapers, exams } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { sweepExpiredPapers } from './sweeper';
import {
  as,
  examIdOf,
  expire,
  finish,
  questionsById,
  rightAnswer,
  save,
  signIn,
  start,
  storedPaper,
  taskOf,
  type Who,
} from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1003: Who;
let e1004: Who;
let e1007: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1003, e1004, e1007] = await Promise.all(['E1001', 'E1003', 'E1004', 'E1007'].map((n) => signIn(gw, n)));
});
afterAll(() => gw?.close());

const TIME_UP = 'The examination time has come to an end';
const HANDED_IN = 'The paper has already been handed in';

describe('starting and resuming', () => {
  let session: PaperSession;

  it('starts a paper in the paper’s order with no correct answer anywhere', async () => {
    const task = await taskOf(gw, e1001, 'General assessment');
    const before = Date.now();
    session = await start(gw, e1001, task.taskId);
    expect(session).toMatchObject({ taskId: task.taskId, examName: 'General assessment', attemptNo: 1, totalScore: 100, screenSwitches: 0 });
    expect(session.answers).toEqual([]);
    const minutes = (Date.parse(session.deadlineAt) - Date.parse(session.serverTime)) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    expect(Date.parse(session.serverTime)).toBeGreaterThanOrEqual(before - 1000);

    const stored = await storedPaper(gw, session.paperId);
    expect(session.questions.map((q) => q.questionId)).toEqual(stored.questionOrder);
    expect(session.questions.map((q) => q.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const keys = await questionsById(gw, session.examId);
    expect(new Set(stored.questionOrder)).toEqual(new Set(keys.keys()));
    for (const q of session.questions) {
      expect(Object.keys(q).sort()).toEqual(['blanks', 'difficulty', 'no', 'options', 'questionId', 'questionType', 'score', 'stem']);
      const order = stored.optionOrders[q.questionId];
      if (q.questionType === 1 || q.questionType === 2) expect(q.options.map((o) => o.key)).toEqual(order);
      if (q.questionType === 3) expect(q.options.map((o) => o.key)).toEqual(['T', 'F']);
      if (q.questionType === 3) expect(order).toBeUndefined();
    }
    expect(session.questions.map((q) => q.blanks).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);

    // No key, accepted text, reference text or analysis reaches the browser.
    const json = JSON.stringify(session);
    for (const q of keys.values()) {
      const visible = [q.stemEn, ...q.options.map((o) => o.textEn)].join(' ');
      const texts = q.questionType >= 4 ? (q.answer as (string | string[])[]).flat() : [];
      for (const text of texts) if (!visible.includes(text)) expect(json).not.toContain(text);
      if (q.analysisEn) expect(json).not.toContain(q.analysisEn);
    }
    expect(json).not.toMatch(/"(answer|correctAnswer|analysis)"\s*:\s*\[?"/);
  });

  it('shuffles questions per attempt', async () => {
    const orders = [(await storedPaper(gw, session.paperId)).questionOrder];
    for (const who of [e1003, e1004, e1007]) {
      const s = await start(gw, who, (await taskOf(gw, who, 'General assessment')).taskId);
      orders.push((await storedPaper(gw, s.paperId)).questionOrder);
    }
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
  });

  it('resumes the same paper with every saved answer', async () => {
    const q1 = session.questions.find((q) => q.questionType === 1)!;
    const q2 = session.questions.find((q) => q.questionType === 4 && q.blanks === 2)!;
    expect((await save(gw, e1001, session.paperId, q1.questionId, [q1.options[0]!.key], 1)).body.code).toBe(200);
    const text = ['first', 'second'];
    expect((await save(gw, e1001, session.paperId, q2.questionId, text, 3)).body.code).toBe(200);
    const again = await start(gw, e1001, session.taskId);
    expect(again.paperId).toBe(session.paperId);
    expect(again.deadlineAt).toBe(session.deadlineAt);
    expect(again.questions).toEqual(session.questions);
    expect(again.answers.map((a) => [a.questionId, a.answer, a.seq]).sort()).toEqual(
      [
        [q1.questionId, [q1.options[0]!.key], 1],
        [q2.questionId, text, 3],
      ].sort(),
    );
    const task = await taskOf(gw, e1001, 'General assessment');
    expect(task).toMatchObject({ paperInProgress: session.paperId, attemptsUsed: 1, status: 0 });
  });

  it('creates one paper when two starts arrive at once', async () => {
    const task = await taskOf(gw, e1007, 'Information security quiz');
    const [a, b] = await Promise.all([start(gw, e1007, task.taskId), start(gw, e1007, task.taskId)]);
    expect(a.paperId).toBe(b.paperId);
    const papers = await gw.database.db.select().from(examPapers).where(eq(examPapers.taskId, task.taskId));
    expect(papers).toHaveLength(1);
  });
});

describe('saving answers', () => {
  let session: PaperSession;
  beforeAll(async () => {
    session = await start(gw, e1003, (await taskOf(gw, e1003, 'Information security quiz')).taskId);
  });
  const stored = async (questionId: string) => {
    const [row] = await gw.database.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.paperId, session.paperId), eq(examAnswers.questionId, questionId)));
    return row;
  };

  it('is idempotent by seq: a replayed or older seq changes nothing', async () => {
    const q = session.questions.find((x) => x.questionType === 2)!;
    const first = await save(gw, e1003, session.paperId, q.questionId, ['A', 'B'], 2);
    expect(first.body.data).toMatchObject({ questionId: q.questionId, seq: 2 });
    const older = await save(gw, e1003, session.paperId, q.questionId, ['C'], 1);
    expect(older.body.code).toBe(200);
    expect(older.body.data).toEqual(first.body.data);
    const replay = await save(gw, e1003, session.paperId, q.questionId, ['D'], 2);
    expect(replay.body.data).toEqual(first.body.data);
    expect((await stored(q.questionId))?.answer).toEqual(['A', 'B']);
  });

  it('keeps the highest seq when saves of one question race', async () => {
    const q = session.questions.find((x) => x.questionType === 4)!;
    const seqs = [5, 9, 3, 12, 7, 11, 4, 10];
    const results = await Promise.all(seqs.map((seq) => save(gw, e1003, session.paperId, q.questionId, [`v${seq}`], seq)));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(await stored(q.questionId)).toMatchObject({ seq: 12, answer: ['v12'] });
    const again = await start(gw, e1003, session.taskId);
    expect(again.answers.find((a) => a.questionId === q.questionId)).toMatchObject({ seq: 12, answer: ['v12'] });
  });

  it('refuses answers that do not fit the question, and questions of other papers', async () => {
    const single = session.questions.find((x) => x.questionType === 1)!;
    const judge = session.questions.find((x) => x.questionType === 3)!;
    const fill = session.questions.find((x) => x.questionType === 4)!;
    expect((await save(gw, e1003, session.paperId, single.questionId, ['Z'], 1)).body.code).toBe(Code.INVALID);
    expect((await save(gw, e1003, session.paperId, single.questionId, ['A', 'B'], 1)).body.code).toBe(Code.INVALID);
    expect((await save(gw, e1003, session.paperId, judge.questionId, ['X'], 1)).body.code).toBe(Code.INVALID);
    expect((await save(gw, e1003, session.paperId, fill.questionId, ['a', 'b'], 99)).body.code).toBe(Code.INVALID);
    const other = await questionsById(gw, await examIdOf(gw, 'General assessment'));
    const foreign = [...other.keys()][0]!;
    expect((await save(gw, e1003, session.paperId, foreign, ['A'], 1)).body.code).toBe(Code.NOT_FOUND);
    const malformed = await as(gw, e1003, 'examAnswerSave', { body: { paperId: 'x', questionId: single.questionId, answer: [], seq: 1 } });
    expect(malformed.body.code).toBe(Code.INVALID);
    const noSeq = await as(gw, e1003, 'examAnswerSave', { body: { paperId: session.paperId, questionId: single.questionId, answer: [] } });
    expect(noSeq.body.code).toBe(Code.INVALID);
  });
});

describe('scoring', () => {
  it('scores every objective type: partial credit, fill normalisation, pass on a later attempt', async () => {
    const examId = await examIdOf(gw, 'Information security quiz');
    await gw.database.db.update(exams).set({ partialCredit: true }).where(eq(exams.id, examId));
    try {
      const task = await taskOf(gw, e1004, 'Information security quiz');
      const session = await start(gw, e1004, task.taskId);
      const keys = await questionsById(gw, examId);
      const answers = new Map<string, string[]>();
      const expected = new Map<string, number>();
      for (const q of session.questions) {
        const key = keys.get(q.questionId)!;
        const right = key.answer as string[];
        if (q.questionType === 2) {
          answers.set(q.questionId, right.slice(0, 2)); // a right subset: half with partial credit
          expected.set(q.questionId, Math.floor(key.score / 2));
        } else if (q.questionType === 3) {
          answers.set(q.questionId, [right[0] === 'T' ? 'F' : 'T']);
          expected.set(q.questionId, 0);
        } else if (q.questionType === 4) {
          answers.set(q.questionId, ['  ｌ ']); // full-width, lower case, spaces around
          expected.set(q.questionId, key.score);
        } else if (key.stemEn.includes('laptop')) {
          answers.set(q.questionId, [q.options.map((o) => o.key).find((k) => k !== right[0])!]);
          expected.set(q.questionId, 0);
        } else {
          answers.set(q.questionId, right);
          expected.set(q.questionId, key.score);
        }
      }
      for (const [id, answer] of answers) expect((await save(gw, e1004, session.paperId, id, answer, 1)).body.code).toBe(200);

      const result = await finish(gw, e1004, session.paperId);
      // single 20 + multiple half of 20 + true/false 0 + fill 20 + single 0
      expect(result).toMatchObject({ status: 2, score: 50, totalScore: 100, passScore: 60, passed: false, taskStatus: 2, submitReason: 'user', answeredCount: 5, questionCount: 5 });
      // Attempts are left: the quiz shows its answers (and the points per question) after the last one.
      const review = await as<PaperReview>(gw, e1004, 'examPaperView', { query: { id: session.paperId } });
      expect(review.body.data).toMatchObject({ score: 50, showAnswers: false, answersWithheld: 'attemptsLeft' });
      expect(review.body.data.questions.every((q) => q.correctAnswer === undefined && q.gained === null && q.answerId !== null)).toBe(true);

      // Unlimited attempts: another try, all right.
      const second = await start(gw, e1004, task.taskId);
      expect(second).toMatchObject({ attemptNo: 2 });
      expect(second.paperId).not.toBe(session.paperId);
      expect(second.answers).toEqual([]);
      for (const q of second.questions) await save(gw, e1004, second.paperId, q.questionId, rightAnswer(keys.get(q.questionId)!), 1);
      expect(await finish(gw, e1004, second.paperId)).toMatchObject({ status: 2, score: 100, passed: true, taskStatus: 1 });
      expect(await taskOf(gw, e1004, 'Information security quiz')).toMatchObject({ status: 1, score: 100, attemptsUsed: 2, paperInProgress: null });
      // Passed, no attempt is left: the first paper's review has every answer key and the points per question.
      const after = await as<PaperReview>(gw, e1004, 'examPaperView', { query: { id: session.paperId } });
      expect(new Map(after.body.data.questions.map((q) => [q.questionId, q.gained]))).toEqual(expected);
      expect(after.body.data.showAnswers).toBe(true);
      expect(after.body.data.questions.every((q) => q.correctAnswer !== undefined && q.answerId !== null)).toBe(true);
      const third = await as(gw, e1004, 'examStart', { body: { taskId: task.taskId } });
      expect(third.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You have already passed this exam' });
    } finally {
      await gw.database.db.update(exams).set({ partialCredit: false }).where(eq(exams.id, examId));
    }
  });

  it('is all or nothing for multiple choice without partial credit', async () => {
    const task = await taskOf(gw, e1004, 'One-minute quiz');
    const session = await start(gw, e1004, task.taskId);
    const keys = await questionsById(gw, session.examId);
    // Three true/false questions worth 40, 30 and 30: answer only the first right.
    const [first] = session.questions;
    await save(gw, e1004, session.paperId, first!.questionId, rightAnswer(keys.get(first!.questionId)!), 1);
    const result = await finish(gw, e1004, session.paperId);
    expect(result).toMatchObject({ status: 2, score: keys.get(first!.questionId)!.score, answeredCount: 1, questionCount: 3 });
  });
});

describe('the deadline', () => {
  it('refuses answers after the deadline and hands the paper in with reason timeout', async () => {
    const session = await start(gw, e1007, (await taskOf(gw, e1007, 'One-minute quiz')).taskId);
    const [q] = session.questions;
    expect((await save(gw, e1007, session.paperId, q!.questionId, ['T'], 1)).body.code).toBe(200);
    await expire(gw, session.paperId);
    const late = await save(gw, e1007, session.paperId, q!.questionId, ['F'], 2);
    expect(late.body).toMatchObject({ code: Code.FORBIDDEN, msg: TIME_UP });
    const paper = await storedPaper(gw, session.paperId);
    expect(paper).toMatchObject({ status: 2, submitReason: 'timeout' });
    // Handed in at the deadline (never before the paper started).
    expect(paper.submittedAt!.getTime()).toBe(Math.max(paper.deadlineAt.getTime(), paper.startedAt.getTime()));
    const [answer] = await gw.database.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.paperId, session.paperId), eq(examAnswers.questionId, q!.questionId)));
    expect(answer).toMatchObject({ answer: ['T'], seq: 1 });
    const result = await as<PaperResult>(gw, e1007, 'examFinishView', { query: { paperId: session.paperId } });
    expect(result.body.data).toMatchObject({ status: 2, submitReason: 'timeout' });
    // Still refused, with the same message, on a retry.
    expect((await save(gw, e1007, session.paperId, q!.questionId, ['F'], 3)).body.msg).toBe(TIME_UP);
  });

  it('hands in an abandoned paper from the sweeper, and on any read', async () => {
    const session = await start(gw, e1003, (await taskOf(gw, e1003, 'One-minute quiz')).taskId);
    await save(gw, e1003, session.paperId, session.questions[0]!.questionId, ['T'], 1);
    expect(await sweepExpiredPapers(gw.database.db)).toBe(0);
    await expire(gw, session.paperId);
    expect(await sweepExpiredPapers(gw.database.db)).toBe(1);
    expect(await storedPaper(gw, session.paperId)).toMatchObject({ status: 2, submitReason: 'timeout' });
    expect(await sweepExpiredPapers(gw.database.db)).toBe(0);
    const task = await taskOf(gw, e1003, 'One-minute quiz');
    expect(task.paperInProgress).toBeNull();
    expect([1, 2]).toContain(task.status);

    // Another abandoned paper: the next list hands it in.
    const resumed = await start(gw, e1001, (await taskOf(gw, e1001, 'One-minute quiz')).taskId);
    await expire(gw, resumed.paperId);
    const listed = await taskOf(gw, e1001, 'One-minute quiz');
    expect(listed).toMatchObject({ paperInProgress: null, status: 2, score: 0 });
    expect(await storedPaper(gw, resumed.paperId)).toMatchObject({ status: 2, submitReason: 'timeout', score: 0 });
  });

  it('starts a new attempt, not the expired paper, after the deadline', async () => {
    const task = await taskOf(gw, e1001, 'One-minute quiz');
    const session = await start(gw, e1001, task.taskId);
    expect(session.attemptNo).toBe(2);
    await expire(gw, session.paperId);
    const next = await start(gw, e1001, task.taskId);
    expect(next.attemptNo).toBe(3);
    expect(await storedPaper(gw, session.paperId)).toMatchObject({ status: 2, submitReason: 'timeout' });
  });
});

describe('screen switches', () => {
  it('counts each event once and hands the paper in past the limit', async () => {
    const session = await start(gw, e1001, (await taskOf(gw, e1001, 'Information security quiz')).taskId);
    expect(session.screenSwitchLimit).toBe(2);
    const sw = (eventId: string, kind = 'hidden') =>
      as<ScreenSwitchResult>(gw, e1001, 'examScreenSwitch', { body: { paperId: session.paperId, eventId, kind, clientAt: new Date().toISOString() } });
    expect((await sw('ev-1')).body.data).toEqual({ screenSwitches: 1, screenSwitchLimit: 2, handedIn: false });
    expect((await sw('ev-1')).body.data).toEqual({ screenSwitches: 1, screenSwitchLimit: 2, handedIn: false });
    expect((await sw('ev-2', 'blur')).body.data).toEqual({ screenSwitches: 2, screenSwitchLimit: 2, handedIn: false });
    const resumed = await start(gw, e1001, session.taskId);
    expect(resumed.screenSwitches).toBe(2);
    expect((await sw('ev-3')).body.data).toEqual({ screenSwitches: 3, screenSwitchLimit: 2, handedIn: true });
    expect(await storedPaper(gw, session.paperId)).toMatchObject({ status: 2, submitReason: 'screen', screenSwitches: 3 });
    expect((await sw('ev-4')).body.data).toEqual({ screenSwitches: 3, screenSwitchLimit: 2, handedIn: true });
    const late = await save(gw, e1001, session.paperId, session.questions[0]!.questionId, [], 1);
    expect(late.body).toMatchObject({ code: Code.FORBIDDEN, msg: HANDED_IN });
    const review = await as<PaperReview>(gw, e1001, 'examPaperView', { query: { id: session.paperId } });
    expect(review.body.data.screenEvents.map((e) => e.kind)).toEqual(['hidden', 'blur', 'hidden']);
    expect(review.body.data.submitReason).toBe('screen');
    const bad = await as(gw, e1001, 'examScreenSwitch', { body: { paperId: session.paperId, eventId: 'x', kind: 'walk' } });
    expect(bad.body.code).toBe(Code.INVALID);
  });
});

describe('handing in', () => {
  it('is idempotent, and a save racing the hand-in lands before it or is refused', async () => {
    const session = await start(gw, e1007, (await taskOf(gw, e1007, 'Information security quiz')).taskId);
    const keys = await questionsById(gw, session.examId);
    const [q] = session.questions;
    const [saved, first] = await Promise.all([
      save(gw, e1007, session.paperId, q!.questionId, rightAnswer(keys.get(q!.questionId)!), 1),
      as<PaperResult>(gw, e1007, 'examFinish', { body: { paperId: session.paperId } }),
    ]);
    expect(first.body.code).toBe(200);
    const [row] = await gw.database.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.paperId, session.paperId), eq(examAnswers.questionId, q!.questionId)));
    if (saved.body.code === 200) {
      expect(row).toMatchObject({ seq: 1, score: keys.get(q!.questionId)!.score });
      expect(first.body.data.score).toBe(keys.get(q!.questionId)!.score);
    } else {
      expect(saved.body).toMatchObject({ code: Code.FORBIDDEN, msg: HANDED_IN });
      expect(row).toMatchObject({ answer: [], score: 0 });
    }
    const second = await finish(gw, e1007, session.paperId);
    expect(second).toEqual(first.body.data);
    const view = await as<PaperResult>(gw, e1007, 'examFinishView', { query: { paperId: session.paperId } });
    expect(view.body.data).toEqual(first.body.data);
  });

  it('refuses the result view of a paper still in progress', async () => {
    const session = await start(gw, e1003, (await taskOf(gw, e1003, 'General assessment')).taskId);
    const view = await as(gw, e1003, 'examFinishView', { query: { paperId: session.paperId } });
    expect(view.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The paper has not been handed in yet' });
    const review = await as(gw, e1003, 'examPaperView', { query: { id: session.paperId } });
    expect(review.body.code).toBe(Code.FORBIDDEN);
  });
});

describe('answer saves on a paper the gateway already knows', () => {
  it("refuse another member's saves, and questions outside the paper, as before it knew it", async () => {
    const session = await start(gw, e1007, (await taskOf(gw, e1007, 'Information security quiz')).taskId);
    const [q] = session.questions;
    expect((await save(gw, e1007, session.paperId, q!.questionId, [], 1)).body.code).toBe(200);
    expect((await save(gw, e1007, session.paperId, q!.questionId, [], 2)).body.code).toBe(200);
    // The paper's shape is known now: a save by someone else still finds no paper of theirs.
    const stranger = await save(gw, e1003, session.paperId, q!.questionId, [], 3);
    expect(stranger.body.code).toBe(Code.NOT_FOUND);
    const other = await questionsById(gw, await examIdOf(gw, 'General assessment'));
    const foreign = [...other.keys()][0]!;
    expect((await save(gw, e1007, session.paperId, foreign, [], 4)).body.code).toBe(Code.NOT_FOUND);
    const [stored] = await gw.database.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.paperId, session.paperId), eq(examAnswers.questionId, q!.questionId)));
    expect(stored).toMatchObject({ seq: 2 });
  });
});
