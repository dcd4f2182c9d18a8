/**
 * Helpers for the exam tests: demo tasks found by their exam's English name, papers started
 * and answered through the gateway, answer keys read from the database, and clocks moved.
 */
import { eq, sql } from 'drizzle-orm';
import type { AnswerSaveResult, ExamTaskItem, PaperResult, PaperSession } from '@/api/exam-types';
import type { Envelope, PageResult } from '@/api/types';
import { enterpriseUsers, examPapers, examQuestions, exams } from '../../db/schema';
import { HOST_TWO, type TestGateway } from '../../testing';

/** A signed-in member: token, host and member id. */
export interface Who {
  token: string;
  host: string;
  memberId: string;
}

export async function signIn(gw: TestGateway, empNo: string, host = 'localhost'): Promise<Who> {
  const token = await gw.login(empNo, undefined, { host });
  const [row] = await gw.database.db
    .select({ id: enterpriseUsers.id })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.empNo, empNo));
  if (!row) throw new Error(`no member ${empNo}`);
  return { token, host, memberId: row.id };
}

/** Company two's host, for isolation tests. */
export const TWO = HOST_TWO;

/** Calls a row as `who`. */
export function as<T>(gw: TestGateway, who: Who, name: Parameters<TestGateway['call']>[0], options: { body?: unknown; query?: Record<string, string> } = {}) {
  return gw.call<T>(name, { token: who.token, host: who.host, lang: 'en', ...options });
}

/** The member's task of the exam with this English name. */
export async function taskOf(gw: TestGateway, who: Who, examNameEn: string): Promise<ExamTaskItem> {
  const { body } = await as<PageResult<ExamTaskItem>>(gw, who, 'examTaskRecordPage', { body: { pageSize: 100 } });
  if (body.code !== 200) throw new Error(`examTaskRecordPage: ${body.code} ${body.msg}`);
  const found = body.data.list.filter((t) => t.name === examNameEn);
  if (found.length !== 1) throw new Error(`expected one task of "${examNameEn}", found ${found.length}`);
  return found[0]!;
}

export async function examIdOf(gw: TestGateway, nameEn: string): Promise<string> {
  const rows = await gw.database.db.select({ id: exams.id }).from(exams).where(eq(exams.nameEn, nameEn));
  if (rows.length !== 1) throw new Error(`expected one exam "${nameEn}"`);
  return rows[0]!.id;
}

/** Starts (or resumes) the task's paper; fails the test on a refusal. */
export async function start(gw: TestGateway, who: Who, taskId: string): Promise<PaperSession> {
  const { body } = await as<PaperSession>(gw, who, 'examStart', { body: { taskId } });
  if (body.code !== 200) throw new Error(`examStart: ${body.code} ${body.msg}`);
  return body.data;
}

export function save(
  gw: TestGateway,
  who: Who,
  paperId: string,
  questionId: string,
  answer: string[],
  seq: number,
): Promise<{ res: Response; body: Envelope<AnswerSaveResult> }> {
  return as<AnswerSaveResult>(gw, who, 'examAnswerSave', { body: { paperId, questionId, answer, seq } });
}

export async function finish(gw: TestGateway, who: Who, paperId: string): Promise<PaperResult> {
  const { body } = await as<PaperResult>(gw, who, 'examFinish', { body: { paperId } });
  if (body.code !== 200) throw new Error(`examFinish: ${body.code} ${body.msg}`);
  return body.data;
}

/** The stored question rows of an exam by id (with their answer keys). */
export async function questionsById(gw: TestGateway, examId: string) {
  const rows = await gw.database.db.select().from(examQuestions).where(eq(examQuestions.examId, examId));
  return new Map(rows.map((q) => [q.id, q]));
}

/** The right answer of a stored question as the runner would send it (first accepted text per blank). */
export function rightAnswer(q: { questionType: number; answer: string[] | string[][] }): string[] {
  if (q.questionType === 4) return (q.answer as string[][]).map((accepted) => accepted[0]!);
  if (q.questionType === 5) return ['My considered answer.'];
  return q.answer as string[];
}

/** Moves a paper's deadline `seconds` into the past. */
export async function expire(gw: TestGateway, paperId: string, seconds = 60): Promise<void> {
  await gw.database.db
    .update(examPapers)
    .set({ deadlineAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(examPapers.id, paperId));
}

export async function storedPaper(gw: TestGateway, paperId: string) {
  const [row] = await gw.database.db.select().from(examPapers).where(eq(examPapers.id, paperId));
  return row!;
}
