/**
 * Option letters after hand-in: a paper with shuffled options labels them A, B, … in its own
 * order, and the review gives the candidate the letters they saw (their answers' and the key's);
 * a marker sees the same letters with the original ones beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperReview } from '@/api/exam-types';
import { QuestionType } from '@/api/exam-types';
import { createTestApp, type TestGateway } from '../../testing';
import { as, finish, questionsById, save, signIn, start, taskOf, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1002: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1002] = await Promise.all(['E1001', 'E1002'].map((n) => signIn(gw, n)));
});
afterAll(() => gw?.close());

const SHUFFLED = 'General assessment';
const letter = (i: number) => String.fromCharCode(65 + i);

describe('option letters', () => {
  it('keeps the letters the candidate saw in the review, and shows markers both', async () => {
    const task = await taskOf(gw, e1001, SHUFFLED);
    const session = await start(gw, e1001, task.taskId);
    const keys = await questionsById(gw, session.examId);
    // Every option is labelled by its place on the paper.
    for (const q of session.questions) {
      expect(q.options.map((o) => o.label)).toEqual(q.options.map((_, i) => letter(i)));
    }
    // A single-choice option the shuffle moved: its letter on the paper is not its original one.
    const moved = session.questions
      .filter((q) => q.questionType === QuestionType.single)
      .flatMap((q) => {
        const original = keys.get(q.questionId)!.options.map((o) => o.key);
        return q.options.flatMap((o, shown) => {
          const at = original.indexOf(o.key);
          return at !== shown ? [{ question: q, option: o, originalLabel: letter(at) }] : [];
        });
      });
    expect(moved.length).toBeGreaterThan(0);
    const { question, option, originalLabel } = moved[0]!;
    expect((await save(gw, e1001, session.paperId, question.questionId, [option.key], 1)).body.code).toBe(200);
    await finish(gw, e1001, session.paperId);

    const own = await as<PaperReview>(gw, e1001, 'examPaperView', { query: { id: session.paperId } });
    expect(own.body.code).toBe(200);
    const reviewed = own.body.data.questions.find((q) => q.questionId === question.questionId)!;
    expect(reviewed.answer).toEqual([option.key]);
    expect(reviewed.answerLabels).toEqual([option.label]);
    expect(reviewed.options).toEqual(question.options);
    // The exam shows answers after each attempt: the key comes in the candidate's letters too.
    const right = keys.get(question.questionId)!.answer as string[];
    expect(reviewed.correctLabels).toEqual(question.options.filter((o) => right.includes(o.key)).map((o) => o.label));
    expect(reviewed.options.every((o) => o.originalLabel === undefined)).toBe(true);

    const marker = await as<PaperReview>(gw, e1002, 'examPaperView', { query: { id: session.paperId } });
    expect(marker.body.code).toBe(200);
    expect(marker.body.data.canMark).toBe(true);
    const marked = marker.body.data.questions.find((q) => q.questionId === question.questionId)!;
    expect(marked.answerLabels).toEqual([option.label]);
    expect(marked.options.find((o) => o.key === option.key)).toMatchObject({ label: option.label, originalLabel });
  });
});
