import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExamStatus, type MarkResultOfAnswer, type MarkingItem, type PaperResult, type PaperReview, type PaperSession } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { enterpriseUsers, examPapers, examTasks, exams } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { as, finish, questionsById, save, signIn, start, taskOf, type Who } from './test-support';

let gw: TestGateway;
let learner: Who;
let liNa: Who;
let liuYang: Who;
let e1006: Who;
let e1001: Who;
beforeAll(async () => {
  gw = await createTestApp();
  // E1006 becomes a lecturer who marks no exam.
  await gw.database.db.update(enterpriseUsers).set({ userType: 2 }).where(eq(enterpriseUsers.empNo, 'E1006'));
  [learner, liNa, liuYang, e1006, e1001] = await Promise.all(['E1003', 'E1002', 'E1004', 'E1006', 'E1001'].map((n) => signIn(gw, n)));
});
afterAll(() => gw?.close());

const mark = (who: Who, id: string, points: string) => as<MarkResultOfAnswer>(gw, who, 'examMarkAnswer', { query: { id, mark: points } });

describe('short answers and marking', () => {
  let session: PaperSession;
  let written: string;
  let blank: string;
  let objective: string;

  it('hands in every type: the objective part is scored at once, short answers wait for a marker', async () => {
    session = await start(gw, learner, (await taskOf(gw, learner, 'General assessment')).taskId);
    const keys = await questionsById(gw, session.examId);
    const ofType = (type: number) => session.questions.filter((q) => q.questionType === type);
    const keyOf = (id: string) => keys.get(id)!.answer as string[];
    const [single1, single2] = ofType(1);
    const [multi1, multi2] = ofType(2);
    const [judge1, judge2] = ofType(3);
    const swot = ofType(4).find((q) => q.blanks === 2)!;
    const deming = ofType(4).find((q) => q.blanks === 1)!;
    const [short1, short2] = ofType(5);
    const answers: [string, string[]][] = [
      [single1!.questionId, keyOf(single1!.questionId)], // 8
      [single2!.questionId, [single2!.options.map((o) => o.key).find((k) => k !== keyOf(single2!.questionId)[0])!]], // 0
      [multi1!.questionId, [...keyOf(multi1!.questionId)].reverse()], // 10
      [multi2!.questionId, keyOf(multi2!.questionId).slice(0, 2)], // 0: no partial credit
      [judge1!.questionId, keyOf(judge1!.questionId)], // 6
      [judge2!.questionId, [keyOf(judge2!.questionId)[0] === 'T' ? 'F' : 'T']], // 0
      [deming.questionId, ['ＤＥＭＩＮＧ ']], // 10: full-width upper case
      [swot.questionId, ['  弱势 ', 'OPPORTUNITIES']], // 10: alternatives, case
      [short1!.questionId, ['Lead with the conclusion; keep the facts right; ask for the support needed.']],
      [short2!.questionId, ['   ']], // blank: 0 at once
    ];
    for (const [id, answer] of answers) expect((await save(gw, learner, session.paperId, id, answer, 1)).body.code).toBe(200);
    const result = await finish(gw, learner, session.paperId);
    expect(result).toMatchObject({ status: 1, score: 44, passed: null, taskStatus: 3, answeredCount: 9, questionCount: 10 });
    expect(await taskOf(gw, learner, 'General assessment')).toMatchObject({ status: 3, score: null });

    const review = await as<PaperReview>(gw, learner, 'examPaperView', { query: { id: session.paperId } });
    const byId = new Map(review.body.data.questions.map((q) => [q.questionId, q]));
    expect(byId.get(short1!.questionId)).toMatchObject({ gained: null });
    expect(byId.get(short2!.questionId)).toMatchObject({ gained: 0 });
    expect(byId.get(swot.questionId)).toMatchObject({ gained: 10, answer: ['  弱势 ', 'OPPORTUNITIES'] });
    expect(byId.get(multi2!.questionId)).toMatchObject({ gained: 0 });
    written = byId.get(short1!.questionId)!.answerId!;
    blank = byId.get(short2!.questionId)!.answerId!;
    objective = byId.get(single1!.questionId)!.answerId!;
    expect(written).toBeTruthy();
  });

  it('lists the paper for the exam’s markers only', async () => {
    const page = await as<PageResult<MarkingItem>>(gw, liNa, 'examMarkingPage', { body: {} });
    const item = page.body.data.list.find((p) => p.paperId === session.paperId);
    expect(item).toMatchObject({ examName: 'General assessment', empNo: 'E1003', status: 1, score: 44, unmarked: 1 });
    expect(page.body.data.list[0]!.status).toBe(1);
    const waiting = await as<PageResult<MarkingItem>>(gw, liNa, 'examMarkingPage', { body: { status: 1 } });
    expect(waiting.body.data.list.every((p) => p.status === 1)).toBe(true);
    // Li Na also marks the professional conduct assessment, whose seeded paper waits.
    expect(waiting.body.data.list.map((p) => p.examName).sort()).toEqual(['General assessment', 'Professional conduct assessment']);
    const none = await as<PageResult<MarkingItem>>(gw, e1006, 'examMarkingPage', { body: {} });
    expect(none.body.data).toMatchObject({ list: [], totalCount: 0 });
    // A marker sees the paper with the answers; a lecturer who does not mark it does not see it.
    const asMarker = await as<PaperReview>(gw, liNa, 'examPaperView', { query: { id: session.paperId } });
    expect(asMarker.body.data).toMatchObject({ empNo: 'E1003', showAnswers: true });
    expect(asMarker.body.data.questions.every((q) => q.correctAnswer !== undefined)).toBe(true);
    // A short answer's reference comes in the caller's language only.
    for (const q of asMarker.body.data.questions.filter((x) => x.questionType === 5)) {
      expect(q.correctAnswer).toHaveLength(1);
      expect((q.correctAnswer as string[])[0]).toMatch(/^[A-Z]/);
    }
    expect((await as(gw, e1006, 'examPaperView', { query: { id: session.paperId } })).body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses marking by the learner, a lecturer who does not mark the exam and a marker of another exam', async () => {
    const notMarker = { code: Code.FORBIDDEN, msg: 'You are not a marker of this exam' };
    expect((await mark(learner, written, '16')).body).toMatchObject(notMarker);
    expect((await mark(e1006, written, '16')).body).toMatchObject(notMarker);
    // Liu Yang marks the general assessment only: not the conduct assessment's seeded paper.
    const conduct = await taskOf(gw, e1001, 'Professional conduct assessment');
    const [paper] = await gw.database.db.select().from(examPapers).where(eq(examPapers.taskId, conduct.taskId));
    const conductReview = await as<PaperReview>(gw, e1001, 'examPaperView', { query: { id: paper!.id } });
    const conductShort = conductReview.body.data.questions.find((q) => q.questionType === 5)!;
    expect((await mark(liuYang, conductShort.answerId!, '10')).body).toMatchObject(notMarker);
    expect((await as(gw, liuYang, 'examPaperView', { query: { id: paper!.id } })).body.code).toBe(Code.NOT_FOUND);
    // Nothing changed.
    const result = await as<PaperResult>(gw, learner, 'examFinishView', { query: { paperId: session.paperId } });
    expect(result.body.data).toMatchObject({ status: 1, score: 44 });
  });

  it('refuses a mark out of range, a malformed mark and an objective answer', async () => {
    for (const points of ['17', '-1', '2.5']) {
      const { body } = await mark(liNa, written, points);
      expect(body).toMatchObject({ code: Code.INVALID, msg: 'The mark must be a whole number from 0 to 16' });
    }
    expect((await mark(liNa, written, 'abc')).body.code).toBe(Code.INVALID);
    expect((await mark(liNa, 'not-a-uuid', '1')).body.code).toBe(Code.INVALID);
    expect((await as(gw, liNa, 'examMarkAnswer', { query: { id: written } })).body.code).toBe(Code.INVALID);
    expect((await mark(liNa, objective, '1')).body).toMatchObject({ code: Code.FORBIDDEN, msg: 'Only short answers are marked by a lecturer' });
    expect((await mark(liNa, '00000000-0000-4000-8000-000000000000', '1')).body.code).toBe(Code.NOT_FOUND);
  });

  it('marks the paper when its last short answer is marked: task pass, and the learner sees the score', async () => {
    const { body } = await mark(liNa, written, '16');
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ answerId: written, gained: 16, paper: { status: 2, score: 60, passed: true, taskStatus: 1 } });
    const result = await as<PaperResult>(gw, learner, 'examFinishView', { query: { paperId: session.paperId } });
    expect(result.body.data).toMatchObject({ status: 2, score: 60, passed: true, taskStatus: 1 });
    expect(await taskOf(gw, learner, 'General assessment')).toMatchObject({ status: 1, score: 60 });
    const review = await as<PaperReview>(gw, learner, 'examPaperView', { query: { id: session.paperId } });
    expect(review.body.data.questions.find((q) => q.answerId === written)).toMatchObject({ gained: 16 });
    const page = await as<PageResult<MarkingItem>>(gw, liNa, 'examMarkingPage', { body: { status: 2 } });
    expect(page.body.data.list.find((p) => p.paperId === session.paperId)).toMatchObject({ status: 2, score: 60, unmarked: 0 });

    // A second marker corrects the mark: below the pass score, the task fails. (Liu Yang also sits
    // this exam: he marks it once his own attempts are over, here as if he had passed.)
    const hisTask = and(eq(examTasks.enterpriseUserId, liuYang.memberId), eq(examTasks.examId, session.examId));
    await gw.database.db.update(examTasks).set({ status: ExamStatus.pass }).where(hisTask);
    const corrected = await mark(liuYang, written, '10');
    await gw.database.db.update(examTasks).set({ status: ExamStatus.waiting }).where(hisTask);
    expect(corrected.body.data.paper).toMatchObject({ status: 2, score: 54, passed: false, taskStatus: 2 });
    expect(await taskOf(gw, learner, 'General assessment')).toMatchObject({ status: 2, score: 54 });
    // The blank short answer can be marked too (it stays 0 unless a marker says otherwise).
    expect((await mark(liNa, blank, '0')).body.data.paper).toMatchObject({ score: 54 });
  });

  it('marks the seeded paper waiting to be marked', async () => {
    const conduct = await taskOf(gw, e1001, 'Professional conduct assessment');
    expect(conduct.status).toBe(3);
    const [paper] = await gw.database.db.select().from(examPapers).where(eq(examPapers.taskId, conduct.taskId));
    const review = await as<PaperReview>(gw, liNa, 'examPaperView', { query: { id: paper!.id } });
    const short = review.body.data.questions.find((q) => q.questionType === 5)!;
    expect(short.gained).toBeNull();
    const { body } = await mark(liNa, short.answerId!, '30');
    expect(body.data.paper).toMatchObject({ status: 2, score: (paper!.score ?? 0) + 30, taskStatus: (paper!.score ?? 0) + 30 >= 60 ? 1 : 2 });
    expect((await taskOf(gw, e1001, 'Professional conduct assessment')).status).toBe(body.data.paper.taskStatus);
  });

  it('needs no marking when every short answer is blank', async () => {
    const e1007 = await signIn(gw, 'E1007');
    const s = await start(gw, e1007, (await taskOf(gw, e1007, 'General assessment')).taskId);
    const short = s.questions.find((q) => q.questionType === 5)!;
    await save(gw, e1007, s.paperId, short.questionId, [''], 1);
    expect(await finish(gw, e1007, s.paperId)).toMatchObject({ status: 2, score: 0, passed: false, taskStatus: 2, answeredCount: 0 });
  });
});

describe('a marker who is also a candidate', () => {
  // Liu Yang (E1004), an administrator, marks the general assessment (unlimited attempts) and is
  // one of its candidates: while he may still take it, his colleagues' papers (and their key) are
  // not his to see; once he has passed, they are, and his own paper never is.
  let own: PaperSession;
  let ownShort: string;
  let ownObjective: string;

  const candidacy = (status: number) =>
    gw.database.db
      .update(examTasks)
      .set({ status })
      .where(and(eq(examTasks.enterpriseUserId, liuYang.memberId), eq(examTasks.examId, own.examId)));

  beforeAll(async () => {
    own = await start(gw, liuYang, (await taskOf(gw, liuYang, 'General assessment')).taskId);
    const short = own.questions.find((q) => q.questionType === 5)!;
    await save(gw, liuYang, own.paperId, short.questionId, ['My own short answer.'], 1);
    const result = await finish(gw, liuYang, own.paperId);
    expect(result).toMatchObject({ status: 1, score: 0, taskStatus: 3 });
    const review = await as<PaperReview>(gw, liuYang, 'examPaperView', { query: { id: own.paperId } });
    ownShort = review.body.data.questions.find((q) => q.questionId === short.questionId)!.answerId!;
    ownObjective = review.body.data.questions.find((q) => q.questionType === 1)!.answerId!;
  });

  it('while he may still take the exam, finds none of its papers in his queue and may open none of them', async () => {
    const page = await as<PageResult<MarkingItem>>(gw, liuYang, 'examMarkingPage', { body: { pageSize: 100 } });
    expect(page.body.code).toBe(200);
    expect(page.body.data.list.filter((p) => p.examName === 'General assessment')).toEqual([]);
    const [colleague] = await gw.database.db
      .select({ id: examPapers.id })
      .from(examPapers)
      .where(and(eq(examPapers.enterpriseUserId, learner.memberId), eq(examPapers.examId, own.examId)));
    const other = await as<PaperReview>(gw, liuYang, 'examPaperView', { query: { id: colleague!.id } });
    expect(other.body.code).toBe(Code.NOT_FOUND);
    const answer = (await as<PaperReview>(gw, liNa, 'examPaperView', { query: { id: colleague!.id } })).body.data.questions.find(
      (q) => q.questionType === 5,
    )!.answerId!;
    expect((await mark(liuYang, answer, '1')).body).toMatchObject({
      code: Code.FORBIDDEN,
      msg: 'You also sit this exam: you can mark it once your own attempts are over',
    });
  });

  it('does not find his own papers in his marking queue once he may mark; the other markers do', async () => {
    await candidacy(ExamStatus.pass);
    try {
      for (const status of [undefined, 1, 2]) {
        const page = await as<PageResult<MarkingItem>>(gw, liuYang, 'examMarkingPage', { body: { pageSize: 100, status } });
        expect(page.body.code).toBe(200);
        if (status !== 1) expect(page.body.data.list.length).toBeGreaterThan(0);
        expect(page.body.data.list.filter((p) => p.empNo === 'E1004')).toEqual([]);
        expect(page.body.data.totalCount).toBe(page.body.data.list.length);
      }
    } finally {
      await candidacy(ExamStatus.waitingMark);
    }
    const liNaPage = await as<PageResult<MarkingItem>>(gw, liNa, 'examMarkingPage', { body: { pageSize: 100 } });
    expect(liNaPage.body.data.list.find((p) => p.paperId === own.paperId)).toMatchObject({ empNo: 'E1004', status: 1 });
  });

  it('never marks his own paper, in either language, and nothing changes', async () => {
    const en = await mark(liuYang, ownShort, '16');
    expect(en.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You cannot mark your own paper' });
    const zh = await gw.call('examMarkAnswer', { token: liuYang.token, lang: 'zh', query: { id: ownShort, mark: '16' } });
    expect(zh.body).toMatchObject({ code: Code.FORBIDDEN, msg: '不能批阅自己的试卷' });
    expect((await mark(liuYang, ownObjective, '0')).body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You cannot mark your own paper' });
    const result = await as<PaperResult>(gw, liuYang, 'examFinishView', { query: { paperId: own.paperId } });
    expect(result.body.data).toMatchObject({ status: 1, score: 0, taskStatus: 3 });
    const [stored] = await gw.database.db.select().from(examPapers).where(eq(examPapers.id, own.paperId));
    expect(stored).toMatchObject({ status: 1, score: 0 });
    // Another marker of the exam marks it.
    expect((await mark(liNa, ownShort, '16')).body.data.paper).toMatchObject({ status: 2, score: 16 });
  });

  it('gets the answer key only on papers he may mark, not on his own', async () => {
    const examId = own.examId;
    await gw.database.db.update(exams).set({ answersShown: 'never' }).where(eq(exams.id, examId));
    await candidacy(ExamStatus.pass);
    try {
      const mine = (await as<PaperReview>(gw, liuYang, 'examPaperView', { query: { id: own.paperId } })).body.data;
      expect(mine).toMatchObject({ empNo: 'E1004', showAnswers: false, canMark: false });
      for (const q of mine.questions) {
        expect(q).not.toHaveProperty('correctAnswer');
        expect(q).not.toHaveProperty('analysis');
      }
      const keys = await questionsById(gw, examId);
      const json = JSON.stringify(mine);
      for (const q of keys.values()) {
        if (q.analysisEn) expect(json).not.toContain(q.analysisEn);
        if (q.questionType === 5) for (const text of q.answer as string[]) expect(json).not.toContain(text);
      }
      // Li Na may mark it: the key is there for her.
      const asLiNa = (await as<PaperReview>(gw, liNa, 'examPaperView', { query: { id: own.paperId } })).body.data;
      expect(asLiNa).toMatchObject({ showAnswers: true, canMark: true });
      expect(asLiNa.questions.every((q) => q.correctAnswer !== undefined)).toBe(true);
      // And, his own exam behind him, he has it on a colleague's paper that he may mark.
      const [colleague] = await gw.database.db
        .select({ id: examPapers.id })
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseUserId, learner.memberId), eq(examPapers.examId, examId)));
      const other = (await as<PaperReview>(gw, liuYang, 'examPaperView', { query: { id: colleague!.id } })).body.data;
      expect(other).toMatchObject({ empNo: 'E1003', showAnswers: true, canMark: true });
      expect(other.questions.every((q) => q.correctAnswer !== undefined)).toBe(true);
    } finally {
      await candidacy(ExamStatus.waitingMark);
      await gw.database.db.update(exams).set({ answersShown: 'afterEachAttempt' }).where(eq(exams.id, examId));
    }
  });
});
