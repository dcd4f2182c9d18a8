import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeFillText, scoreAnswer } from '@/lib/exam-scoring';
import { examSectionSchema } from './config/tenant-config';
import * as schema from '../db/schema';
import type { TestGateway } from '../testing';
import { countRows, crossingRows, openSeeded, type TenantLink, type TenantTable } from './seed-testing';

let gw: TestGateway;
let one: string;
let two: string;
beforeAll(async () => {
  ({ gw, one, two } = await openSeeded());
});
afterAll(() => gw?.close());

const db = () => gw.database.db;
const countOf = (table: TenantTable, enterpriseId: string) => countRows(gw, table, enterpriseId);
const memberOf = async (empNo: string, enterpriseId: string) =>
  (
    await db()
      .select()
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.empNo, empNo), eq(schema.enterpriseUsers.enterpriseId, enterpriseId)))
  )[0]!;
const examNamed = async (nameZh: string) => (await db().select().from(schema.exams).where(eq(schema.exams.nameZh, nameZh)))[0]!;
const questionsOf = (examId: string) => db().select().from(schema.examQuestions).where(eq(schema.examQuestions.examId, examId));

/** The caller's tasks by exam name (zh) with their status. */
const tasksOf = async (memberId: string) =>
  db()
    .select({ name: schema.exams.nameZh, type: schema.examTasks.type, status: schema.examTasks.status, score: schema.examTasks.score, task: schema.examTasks })
    .from(schema.examTasks)
    .innerJoin(schema.exams, eq(schema.exams.id, schema.examTasks.examId))
    .where(eq(schema.examTasks.enterpriseUserId, memberId));

describe('exam seed', () => {
  it('writes the exams, questions, markers, sittings and tasks of each company', async () => {
    const expected: [TenantTable, number, number][] = [
      [schema.exams, 7, 5],
      [schema.examQuestions, 8 + 10 + 5 + 3 + 3 + 5 + 4, 5 + 4 + 3 + 2 + 2],
      [schema.examMarkers, 3, 2],
      [schema.examBatches, 2, 0],
      [schema.examTasks, 6 * 3 + 1 + 3, 5],
      [schema.examPapers, 4, 3],
      [schema.examReservations, 0, 0],
    ];
    for (const [table, first, second] of expected) {
      expect(await countOf(table, one)).toBe(first);
      expect(await countOf(table, two)).toBe(second);
    }
  });

  it('gives the onboarding exam of the learning seed its questions and rules', async () => {
    const exam = await examNamed('入职考试');
    expect(exam).toMatchObject({ enterpriseId: one, duration: 60, passScore: 60, totalScore: 100, attempts: 0, answersShown: 'afterLastAttempt' });
    const questions = await questionsOf(exam.id);
    const types = questions.map((q) => q.questionType).sort();
    expect(types).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    const [period] = await db().select().from(schema.courseItems).where(eq(schema.courseItems.examId, exam.id));
    expect(period?.contentType).toBe(3);
  });

  it('has every question type and difficulty in both companies, with sound answer keys', async () => {
    for (const enterpriseId of [one, two]) {
      const questions = await db().select().from(schema.examQuestions).where(eq(schema.examQuestions.enterpriseId, enterpriseId));
      expect(new Set(questions.map((q) => q.questionType))).toEqual(new Set([1, 2, 3, 4, 5]));
      expect(new Set(questions.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3, 4]));
      for (const q of questions) {
        expect(q.stemZh && q.stemEn && q.analysisZh && q.analysisEn, q.stemEn).toBeTruthy();
        if (q.questionType <= 3) {
          const keys = q.options.map((o) => o.key);
          for (const k of q.answer as string[]) expect(keys).toContain(k);
          expect((q.answer as string[]).length > 1, q.stemEn).toBe(q.questionType === 2);
          for (const o of q.options) expect(o.textZh && o.textEn).toBeTruthy();
        } else {
          expect(q.options).toEqual([]);
        }
        if (q.questionType === 4) {
          const blanks = (q.answer as string[][]).length;
          expect(q.stemZh.split('____').length - 1).toBe(blanks);
          expect(q.stemEn.split('____').length - 1).toBe(blanks);
          // Alternatives are really different after normalising.
          for (const accepted of q.answer as string[][]) expect(new Set(accepted.map(normalizeFillText)).size).toBe(accepted.length);
        }
        if (q.questionType === 5) expect((q.answer as string[]).length).toBe(2);
      }
    }
    // Every exam's full marks are its questions' scores.
    for (const exam of await db().select().from(schema.exams)) {
      const sum = (await questionsOf(exam.id)).reduce((s, q) => s + q.score, 0);
      expect(sum, exam.nameEn).toBe(exam.totalScore);
    }
  });

  it('sets the rules of the demo exams', async () => {
    expect(await examNamed('综合能力测评')).toMatchObject({ duration: 30, passScore: 60, totalScore: 100, attempts: 0, shuffleQuestions: true, shuffleOptions: true, answersShown: 'afterEachAttempt' });
    expect(await examNamed('信息安全知识测验')).toMatchObject({ duration: 20, attempts: 0, screenSwitchLimit: 2 });
    expect(await examNamed('一分钟速测')).toMatchObject({ duration: 1, attempts: 0 });
    expect((await questionsOf((await examNamed('一分钟速测')).id)).map((q) => q.questionType)).toEqual([3, 3, 3]);
    expect(await examNamed('安全操作测验')).toMatchObject({ enterpriseId: two, screenSwitchLimit: 1, duration: 10 });
    const ended = await examNamed('2025 年度安全考试');
    expect(ended.endAt!.getTime()).toBeLessThan(Date.now() - 29 * 86_400_000);
    const general = (await questionsOf((await examNamed('综合能力测评')).id)).map((q) => q.questionType).sort();
    expect(general).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('names the markers by member and puts the two sittings next week', async () => {
    const markersOf = async (nameZh: string) =>
      (
        await db()
          .select({ empNo: schema.enterpriseUsers.empNo })
          .from(schema.examMarkers)
          .innerJoin(schema.enterpriseUsers, eq(schema.enterpriseUsers.id, schema.examMarkers.enterpriseUserId))
          .where(eq(schema.examMarkers.examId, (await examNamed(nameZh)).id))
      )
        .map((m) => m.empNo)
        .sort();
    expect(await markersOf('综合能力测评')).toEqual(['E1002', 'E1004']);
    expect(await markersOf('职业素养测评')).toEqual(['E1002']);
    expect(await markersOf('质量知识考试')).toEqual(['B2007']);

    const batches = await db().select().from(schema.examBatches).where(eq(schema.examBatches.examId, (await examNamed('信息安全知识测验')).id));
    expect(batches.map((b) => b.capacity).sort((a, b) => a - b)).toEqual([1, 30]);
    const now = Date.now();
    for (const b of batches) {
      // Next week's Monday and Wednesday on the company's clock: from tomorrow (seeded on a Sunday) to 10 days on.
      expect(b.startAt.getTime()).toBeGreaterThan(now);
      expect(b.startAt.getTime()).toBeLessThan(now + 10 * 86_400_000);
      expect(b.endAt.getTime()).toBeGreaterThan(b.startAt.getTime());
    }
  });

  it('gives E1001 tasks in every exam status and B2001 too', async () => {
    const e1001 = await tasksOf((await memberOf('E1001', one)).id);
    const byName = Object.fromEntries(e1001.map((t) => [t.name, t.status]));
    expect(byName).toEqual({
      入职考试: 1,
      消防知识考试: 2,
      职业素养测评: 3,
      '2025 年度安全考试': 4,
      综合能力测评: 0,
      信息安全知识测验: 0,
      一分钟速测: 0,
    });
    expect(e1001.find((t) => t.name === '入职考试')).toMatchObject({ type: 1, score: 85 });
    expect(e1001.find((t) => t.name === '入职考试')!.task.courseId).toBeTruthy();
    expect(e1001.find((t) => t.name === '消防知识考试')?.score).toBe(40);

    const assigned = await db()
      .select({ empNo: schema.enterpriseUsers.empNo })
      .from(schema.examTasks)
      .innerJoin(schema.enterpriseUsers, eq(schema.enterpriseUsers.id, schema.examTasks.enterpriseUserId))
      .where(eq(schema.examTasks.examId, (await examNamed('综合能力测评')).id));
    expect(assigned.map((a) => a.empNo).sort()).toEqual(['E1001', 'E1003', 'E1004', 'E1005', 'E1006', 'E1007']);

    const b2001 = await tasksOf((await memberOf('B2001', two)).id);
    expect(new Set(b2001.map((t) => t.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(b2001.find((t) => t.name === '安全操作测验')?.status).toBe(0);
  });

  it('stores finished papers whose scores follow the scoring rules', async () => {
    const papers = await db().select().from(schema.examPapers);
    const questions = new Map((await db().select().from(schema.examQuestions)).map((q) => [q.id, q]));
    const exams = new Map((await db().select().from(schema.exams)).map((e) => [e.id, e]));
    const tasks = new Map((await db().select().from(schema.examTasks)).map((t) => [t.id, t]));
    const now = Date.now();
    for (const p of papers) {
      const exam = exams.get(p.examId)!;
      const answers = await db().select().from(schema.examAnswers).where(eq(schema.examAnswers.paperId, p.id));
      expect(p.submittedAt!.getTime()).toBeLessThan(now);
      expect(p.submittedAt!.getTime()).toBeLessThanOrEqual(p.deadlineAt.getTime());
      expect(['user', 'timeout', 'screen']).toContain(p.submitReason);
      expect(p.questionOrder.sort()).toEqual([...questions.values()].filter((q) => q.examId === p.examId).map((q) => q.id).sort());
      let unmarked = 0;
      for (const a of answers) {
        const q = questions.get(a.questionId)!;
        expect(q.examId).toBe(p.examId);
        expect(a.enterpriseId).toBe(p.enterpriseId);
        const auto = scoreAnswer(q, a.answer, { partialCredit: exam.partialCredit });
        if (auto !== null) expect(a.score, q.stemEn).toBe(auto);
        else if (a.score === null) unmarked++;
        else {
          expect(a.score).toBeLessThanOrEqual(q.score);
          expect(a.markedBy && a.markedAt).toBeTruthy();
        }
      }
      expect(p.score).toBe(answers.reduce((s, a) => s + (a.score ?? 0), 0));
      expect(p.status).toBe(unmarked ? 1 : 2);
      expect(tasks.get(p.taskId)!.enterpriseUserId).toBe(p.enterpriseUserId);
      if (p.submitReason === 'screen') {
        expect(p.screenSwitches).toBeGreaterThan(exam.screenSwitchLimit);
        const events = await db().select().from(schema.examScreenEvents).where(eq(schema.examScreenEvents.paperId, p.id));
        expect(events).toHaveLength(p.screenSwitches);
      }
    }
    const e1001 = (await memberOf('E1001', one)).id;
    const onboarding = await examNamed('入职考试');
    const mine = papers
      .filter((p) => p.enterpriseUserId === e1001 && p.examId === onboarding.id)
      .sort((a, b) => a.attemptNo - b.attemptNo)
      .map((p) => [p.attemptNo, p.score, p.status]);
    expect(mine).toEqual([
      [1, 40, 2],
      [2, 85, 2],
    ]);
    const conductId = (await examNamed('职业素养测评')).id;
    const conduct = papers.find((p) => p.examId === conductId)!;
    expect(conduct).toMatchObject({ status: 1, score: 60, enterpriseUserId: e1001 });
  });

  it('keeps every exam row among its own company', async () => {
    const links: TenantLink[] = [
      [schema.examQuestions, schema.examQuestions.examId, schema.exams],
      [schema.examMarkers, schema.examMarkers.examId, schema.exams],
      [schema.examMarkers, schema.examMarkers.enterpriseUserId, schema.enterpriseUsers],
      [schema.examBatches, schema.examBatches.examId, schema.exams],
      [schema.examTasks, schema.examTasks.examId, schema.exams],
      [schema.examTasks, schema.examTasks.enterpriseUserId, schema.enterpriseUsers],
      [schema.examTasks, schema.examTasks.courseId, schema.courses],
      [schema.examTasks, schema.examTasks.itemId, schema.courseItems],
      [schema.examPapers, schema.examPapers.examId, schema.exams],
      [schema.examPapers, schema.examPapers.taskId, schema.examTasks],
      [schema.examPapers, schema.examPapers.enterpriseUserId, schema.enterpriseUsers],
      [schema.examAnswers, schema.examAnswers.paperId, schema.examPapers],
      [schema.examAnswers, schema.examAnswers.questionId, schema.examQuestions],
      [schema.examAnswers, schema.examAnswers.markedBy, schema.enterpriseUsers],
      [schema.examScreenEvents, schema.examScreenEvents.paperId, schema.examPapers],
    ];
    for (const link of links) expect(await crossingRows(gw, link)).toBe(0);
    const names = async (enterpriseId: string) =>
      new Set((await db().select({ name: schema.exams.nameZh }).from(schema.exams).where(eq(schema.exams.enterpriseId, enterpriseId))).map((e) => e.name));
    const second = await names(two);
    expect(second).toEqual(new Set(['质量知识考试', '安全操作测验', '5S 现场管理测验', '质量改进案例分析', '2025 年度质量考试']));
    for (const name of await names(one)) expect(second.has(name)).toBe(false);
  });
});

describe('exam section of a tenant file', () => {
  it('refuses records that name a missing exam or question, or mark an objective answer', () => {
    const result = examSectionSchema.safeParse({
      exams: [
        {
          key: 'x',
          name: 'X',
          questions: [
            { key: 'q', type: 1, stem: 'Q', options: [{ key: 'A', text: 'a' }, { key: 'B', text: 'b' }], answer: ['A'], score: 10 },
          ],
        },
      ],
      tasks: [{ exam: 'nope', members: ['E1001'] }],
      records: [{ empNo: 'E1001', exam: 'x', papers: [{ startedInDays: -1, answers: [{ question: 'q', answer: ['A'], mark: 5 }, { question: 'z', answer: ['A'] }] }] }],
    });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'a mark is 0 to the score of a short answer',
      "unknown exam 'nope'",
      "unknown question 'z'",
    ]);
  });
});
