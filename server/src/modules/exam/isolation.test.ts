import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamBatch, PaperReview, PaperSession } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { examBatches } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { as, examIdOf, finish, save, signIn, start, taskOf, TWO, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1003: Who;
let liNa: Who;
let b2001: Who;
let b2007: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1003, liNa] = await Promise.all(['E1001', 'E1003', 'E1002'].map((n) => signIn(gw, n)));
  [b2001, b2007] = await Promise.all(['B2001', 'B2007'].map((n) => signIn(gw, n, TWO)));
});
afterAll(() => gw?.close());

/** Every call on someone else's task or paper, each expected to answer 404. */
async function everyCallOn(who: Who, taskId: string, paper: PaperSession, answerId: string) {
  const q = paper.questions[0]!;
  const calls = {
    examStart: await as(gw, who, 'examStart', { body: { taskId } }),
    examTaskView: await as(gw, who, 'examTaskView', { query: { id: taskId } }),
    examTaskGetRecord: await as(gw, who, 'examTaskGetRecord', { query: { taskId } }),
    examGetPaperRecord: await as(gw, who, 'examGetPaperRecord', { query: { taskId } }),
    examPaperPage: await as(gw, who, 'examPaperPage', { body: { taskId } }),
    examAnswerSave: await save(gw, who, paper.paperId, q.questionId, [], 99),
    examScreenSwitch: await as(gw, who, 'examScreenSwitch', { body: { paperId: paper.paperId, eventId: 'e', kind: 'blur' } }),
    examFinish: await as(gw, who, 'examFinish', { body: { paperId: paper.paperId } }),
    examFinishView: await as(gw, who, 'examFinishView', { query: { paperId: paper.paperId } }),
    examPaperView: await as(gw, who, 'examPaperView', { query: { id: paper.paperId } }),
    examMarkAnswer: await as(gw, who, 'examMarkAnswer', { query: { id: answerId, mark: '1' } }),
  };
  return Object.fromEntries(Object.entries(calls).map(([name, r]) => [name, r.body.code]));
}

describe('isolation', () => {
  let task: string;
  let paper: PaperSession;
  let answerId: string;

  beforeAll(async () => {
    task = (await taskOf(gw, e1001, 'General assessment')).taskId;
    paper = await start(gw, e1001, task);
    const short = paper.questions.find((q) => q.questionType === 5)!;
    await save(gw, e1001, paper.paperId, short.questionId, ['An answer to mark.'], 1);
  });

  it('keeps another member’s task and paper in progress out of reach (404)', async () => {
    const codes = await everyCallOn(e1003, task, paper, '00000000-0000-4000-8000-000000000000');
    expect(Object.values(codes).every((c) => c === Code.NOT_FOUND)).toBe(true);
    // The paper is untouched: still in progress, no screen switch, no answer from anyone else.
    const resumed = await start(gw, e1001, task);
    expect(resumed).toMatchObject({ paperId: paper.paperId, screenSwitches: 0 });
    expect(resumed.answers).toHaveLength(1);
  });

  it('keeps a handed-in paper from other members and other companies, and marking to its markers', async () => {
    expect(await finish(gw, e1001, paper.paperId)).toMatchObject({ status: 1 });
    const review = await as<PaperReview>(gw, e1001, 'examPaperView', { query: { id: paper.paperId } });
    answerId = review.body.data.questions.find((q) => q.questionType === 5 && q.gained === null)!.answerId!;

    const member = await everyCallOn(e1003, task, paper, answerId);
    expect(member).toEqual({ ...Object.fromEntries(Object.keys(member).map((k) => [k, Code.NOT_FOUND])), examMarkAnswer: Code.FORBIDDEN });
    // Another company's members, even its marker, find nothing.
    for (const who of [b2001, b2007]) {
      const codes = await everyCallOn(who, task, paper, answerId);
      expect(Object.values(codes).every((c) => c === Code.NOT_FOUND)).toBe(true);
    }
    // The owner cannot mark their own answer; the exam's marker can read and mark.
    expect((await as(gw, e1001, 'examMarkAnswer', { query: { id: answerId, mark: '1' } })).body.code).toBe(Code.FORBIDDEN);
    expect((await as(gw, liNa, 'examPaperView', { query: { id: paper.paperId } })).body.code).toBe(200);
    expect((await as(gw, liNa, 'examMarkAnswer', { query: { id: answerId, mark: '5' } })).body.code).toBe(200);
  });

  it('lists nothing of another company', async () => {
    const tasks = await as<PageResult<{ name: string }>>(gw, b2001, 'examTaskRecordPage', { body: { pageSize: 100 } });
    expect(tasks.body.data.list.map((t) => t.name)).not.toContain('General assessment');
    const marking = await as<PageResult<{ examName: string }>>(gw, b2007, 'examMarkingPage', { body: {} });
    expect(marking.body.data.list.every((p) => p.examName === 'Quality knowledge exam' || p.examName === 'Quality improvement case study')).toBe(true);
    const papers = await as<PageResult<{ paperId: string }>>(gw, b2001, 'examPaperPage', { body: { pageSize: 100 } });
    expect(papers.body.data.list.map((p) => p.paperId)).not.toContain(paper.paperId);
  });

  it('keeps another company’s exams and batches out of reach', async () => {
    const securityQuiz = await examIdOf(gw, 'Information security quiz');
    const list = await as<ExamBatch[]>(gw, b2001, 'examBatchList', { body: { examId: securityQuiz } });
    expect(list.body.data).toEqual([]);
    const all = await as<ExamBatch[]>(gw, b2001, 'examBatchList', { body: {} });
    expect(all.body.data.every((b) => b.examId !== securityQuiz)).toBe(true);
    const [batch] = await gw.database.db.select().from(examBatches).where(eq(examBatches.examId, securityQuiz));
    expect((await as(gw, b2001, 'examBatchSave', { body: { batchId: batch!.id } })).body.code).toBe(Code.NOT_FOUND);
    const mine = await as<ExamBatch>(gw, e1001, 'examBatchSave', { body: { batchId: batch!.id } });
    const reservation = mine.body.data.reservationId!;
    expect((await as(gw, b2001, 'examBatchDelete', { query: { id: reservation } })).body.code).toBe(Code.NOT_FOUND);
    expect((await as(gw, e1003, 'examBatchDelete', { query: { id: reservation } })).body.code).toBe(Code.NOT_FOUND);
  });

  it('answers malformed ids with 422', async () => {
    const bad = 'not-a-uuid';
    expect((await as(gw, e1001, 'examStart', { body: { taskId: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examTaskView', { query: { id: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examFinish', { body: { paperId: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examFinishView', { query: { paperId: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examPaperView', { query: { id: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examGetPaperRecord', { query: { taskId: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examBatchDelete', { query: { id: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examBatchSave', { body: { batchId: bad } })).body.code).toBe(Code.INVALID);
    expect((await as(gw, e1001, 'examScreenSwitch', { body: { paperId: bad, eventId: 'e', kind: 'blur' } })).body.code).toBe(Code.INVALID);
  });

  it('needs a sign-in', async () => {
    const { body } = await gw.call('examTaskRecordPage', { body: {} });
    expect(body.code).toBe(Code.UNAUTHORIZED);
  });
});
