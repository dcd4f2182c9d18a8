/**
 * Papers (attempts): starting or resuming one, saving answers, counting screen switches,
 * handing in and scoring, and the results and reviews after. The deadline is the gateway's:
 * a paper past it is handed in ('timeout') by whichever call touches it first, or by the
 * sweeper. Hand-in and answer saves lock the paper row, so a save racing a hand-in either
 * lands before it or is refused.
 */
import type {
  AnswerSaveBody,
  AnswerSaveResult,
  PaperQuestion,
  PaperRecord,
  PaperResult,
  PaperReview,
  PaperSession,
  SavedAnswer,
  ScreenSwitchBody,
  ScreenSwitchResult,
} from '@/api/exam-types';
import { Code } from '@/api/codes';
import { ExamStatus, PaperStatus, QuestionType } from '@/api/exam-types';
import type { Locale } from '@/i18n/routes';
import {
  bestMarkedScore,
  examTaskStatus,
  labelsOf,
  optionLabel,
  orderedOptions,
  paperOrders,
  scoreAnswer,
} from '@/lib/exam-scoring';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import type { AuthContext } from '../../routing';
import { accessError, courseAccess } from '../course/service';
import { catalogue } from '../../db/access/catalogue-cache';
import { creditExamPass } from '../progress/service';
import { answersWithheld } from './answer-rule';
import { type AnswerRow, type ExamRow, type ExamScope, type ExamTaskRow, type PaperRow, type QuestionRow } from '../../db/access/exams';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

/** Why a paper was handed in. */
export type SubmitReason = 'user' | 'timeout' | 'screen';

export const notFound = () => new ApiError(Code.NOT_FOUND, 'exam.notFound');

/** The refusal for a paper that is no longer in progress. */
function closedError(reason: string | null): ApiError {
  return new ApiError(Code.FORBIDDEN, reason === 'timeout' ? 'exam.timeUp' : 'exam.handedIn');
}

const judgeOptions = [
  { key: 'T', textZh: '正确', textEn: 'True' },
  { key: 'F', textZh: '错误', textEn: 'False' },
];

/** A question's options; true/false questions without their own get True and False (keys T and F). */
function optionsOf(q: QuestionRow): { key: string; textZh: string; textEn: string }[] {
  return q.questionType === QuestionType.judge && q.options.length === 0 ? judgeOptions : q.options;
}

function blanksOf(q: QuestionRow): number {
  return q.questionType === QuestionType.fill ? q.answer.length : 0;
}

export function examName(exam: ExamRow, lang: Locale): string {
  return inLang(lang, exam.nameZh, exam.nameEn);
}

/**
 * The paper's questions in its order with options in its order, each labelled with the letter
 * the paper shows (and, for markers, `withOriginal`, the letter in the question's own order);
 * never an answer.
 */
function paperQuestions(
  paper: PaperRow,
  questions: QuestionRow[],
  lang: Locale,
  withOriginal = false,
): { question: QuestionRow; view: PaperQuestion }[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return paper.questionOrder
    .flatMap((id) => {
      const q = byId.get(id);
      return q ? [q] : [];
    })
    .map((q, i) => ({
      question: q,
      view: {
        questionId: q.id,
        no: i + 1,
        questionType: q.questionType,
        difficulty: q.difficulty,
        stem: inLang(lang, q.stemZh, q.stemEn),
        options: orderedOptions(optionsOf(q), paper.optionOrders[q.id]).map((o, shown) => ({
          key: o.key,
          text: inLang(lang, o.textZh, o.textEn),
          label: optionLabel(shown),
          ...(withOriginal ? { originalLabel: optionLabel(optionsOf(q).findIndex((x) => x.key === o.key)) } : {}),
        })),
        blanks: blanksOf(q),
        score: q.score,
      },
    }));
}

function toSavedAnswer(a: AnswerRow): SavedAnswer {
  return { questionId: a.questionId, answer: a.answer, seq: a.seq, savedAt: a.savedAt.toISOString() };
}

function toSession(
  paper: PaperRow,
  exam: ExamRow,
  questions: QuestionRow[],
  answers: AnswerRow[],
  lang: Locale,
  now: Date,
): PaperSession {
  return {
    paperId: paper.id,
    taskId: paper.taskId,
    examId: paper.examId,
    examName: examName(exam, lang),
    attemptNo: paper.attemptNo,
    deadlineAt: paper.deadlineAt.toISOString(),
    serverTime: now.toISOString(),
    screenSwitchLimit: exam.screenSwitchLimit,
    screenSwitches: paper.screenSwitches,
    totalScore: exam.totalScore,
    questions: paperQuestions(paper, questions, lang).map((q) => q.view),
    answers: answers.map(toSavedAnswer),
  };
}

/** Whether a paper counts as passed: marked and at or above the pass score. */
function passedOf(paper: PaperRow, exam: ExamRow): boolean | null {
  return paper.status === PaperStatus.marked && paper.score !== null ? paper.score >= exam.passScore : null;
}

export function toPaperRecord(paper: PaperRow, exam: ExamRow, lang: Locale): PaperRecord {
  return {
    paperId: paper.id,
    taskId: paper.taskId,
    examId: paper.examId,
    examName: examName(exam, lang),
    attemptNo: paper.attemptNo,
    startedAt: paper.startedAt.toISOString(),
    submittedAt: paper.submittedAt?.toISOString() ?? null,
    submitReason: paper.submitReason,
    status: paper.status,
    score: paper.score,
    totalScore: exam.totalScore,
    passed: passedOf(paper, exam),
    screenSwitches: paper.screenSwitches,
  };
}

function isAnswered(a: AnswerRow | undefined): boolean {
  return a !== undefined && a.answer.some((g) => g.trim() !== '');
}

function toResult(paper: PaperRow, exam: ExamRow, task: ExamTaskRow, answers: AnswerRow[], lang: Locale): PaperResult {
  return {
    paperId: paper.id,
    taskId: paper.taskId,
    examName: examName(exam, lang),
    status: paper.status,
    submitReason: paper.submitReason,
    score: paper.score,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    passed: passedOf(paper, exam),
    taskStatus: task.status,
    answeredCount: answers.filter(isAnswered).length,
    questionCount: paper.questionOrder.length,
    submittedAt: (paper.submittedAt ?? paper.startedAt).toISOString(),
  };
}

/** The result of a handed-in paper as it is stored now. */
export async function resultOf(s: ExamScope, paperId: string, lang: Locale): Promise<PaperResult> {
  const paper = await s.paper(paperId);
  if (!paper) throw notFound();
  const [exam, task, answers] = await Promise.all([s.exam(paper.examId), s.task(paper.taskId), s.answers(paper.id)]);
  if (!exam || !task) throw notFound();
  return toResult(paper, exam, task, answers, lang);
}

// ---- hand-in and scoring

/**
 * Recomputes a task's exam status and best score from its papers; a pass completes the course
 * periods holding the exam (`creditExamPass`), in the same transaction.
 */
export async function refreshTask(s: ExamScope, taskId: string, passScore: number): Promise<void> {
  const papers = await s.papersOfTask(taskId);
  const status = examTaskStatus(papers, passScore);
  await s.setTaskResult(taskId, status, bestMarkedScore(papers));
  if (status !== ExamStatus.pass) return;
  const task = await s.task(taskId);
  if (task) await creditExamPass(s.db, s.eid, task);
}

/**
 * Hands in a paper whose task and paper rows the caller has locked: scores every objective
 * answer, writes empty answers for unanswered questions, and sets the paper and task status.
 */
async function handInLocked(s: ExamScope, paper: PaperRow, exam: ExamRow, reason: SubmitReason, now: Date): Promise<PaperRow> {
  const [questions, answers] = await Promise.all([s.questions(paper.examId), s.answers(paper.id)]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map(answers.map((a) => [a.questionId, a.answer]));
  const scores = paper.questionOrder.flatMap((id) => {
    const q = byId.get(id);
    return q ? [{ questionId: id, score: scoreAnswer(q, given.get(id) ?? [], exam) }] : [];
  });
  await s.writeScores(paper.id, scores);
  const waiting = scores.some((x) => x.score === null);
  // A paper handed in by the gateway at its deadline was handed in at the deadline.
  const late = reason === 'timeout' && paper.deadlineAt.getTime() < now.getTime();
  const submittedAt = late ? new Date(Math.max(paper.deadlineAt.getTime(), paper.startedAt.getTime())) : now;
  const updated = await s.updatePaper(paper.id, {
    status: waiting ? PaperStatus.waitingMark : PaperStatus.marked,
    score: scores.reduce((sum, x) => sum + (x.score ?? 0), 0),
    submittedAt,
    submitReason: reason,
  });
  await refreshTask(s, paper.taskId, exam.passScore);
  return updated;
}

/**
 * Hands a paper in (idempotent): nothing changes when it is no longer in progress.
 * Answers the paper as stored afterwards, or undefined when the enterprise has no such paper.
 */
export async function handIn(db: Db, eid: string, paperId: string, reason: SubmitReason, now = new Date()): Promise<PaperRow | undefined> {
  return (await handInOnce(db, eid, paperId, reason, now))?.paper;
}

/**
 * {@link handIn}, also answering whether this call handed the paper in (false when another
 * request or gateway process had already done it), for counting hand-ins exactly.
 */
export function handInOnce(
  db: Db,
  eid: string,
  paperId: string,
  reason: SubmitReason,
  now = new Date(),
): Promise<{ paper: PaperRow | undefined; handedIn: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const s = scoped(tx, eid).exams;
    const head = await s.paper(paperId);
    if (!head) return undefined;
    await s.lockTask(head.taskId);
    const paper = await s.lockPaper(paperId);
    if (!paper || paper.status !== PaperStatus.inProgress) return { paper, handedIn: false };
    const exam = await s.exam(paper.examId);
    if (!exam) return { paper, handedIn: false };
    return { paper: await handInLocked(s, paper, exam, reason, now), handedIn: true };
  });
}

/** Hands in the papers past their deadline: one member's, or the whole enterprise's. */
export async function closeOverdue(db: Db, eid: string, now: Date, memberId?: string): Promise<number> {
  const ids = await scoped(db, eid).exams.overduePapers(now, memberId);
  for (const id of ids) await handIn(db, eid, id, 'timeout', now);
  return ids.length;
}

// ---- starting

/** Why a task cannot start a new paper now; null when it can. */
export function startBlock(input: {
  task: ExamTaskRow;
  exam: ExamRow;
  attemptsUsed: number;
  questionCount: number;
  now: Date;
}): MessageKey | null {
  const { task, exam, now } = input;
  if (task.status === 1) return 'exam.passed';
  if (task.status === 3) return 'exam.waitingMark';
  if (exam.attempts > 0 && input.attemptsUsed >= exam.attempts) return 'exam.noAttempts';
  if (exam.startAt && exam.startAt.getTime() > now.getTime()) return 'exam.notOpen';
  if (exam.endAt && exam.endAt.getTime() <= now.getTime()) return 'exam.closed';
  if (input.questionCount === 0) return 'exam.noQuestions';
  return null;
}

/** A new paper's deadline: now plus the exam's duration, never past the exam's end. */
export function deadlineOf(exam: ExamRow, now: Date): Date {
  const byDuration = now.getTime() + exam.duration * 60_000;
  return new Date(exam.endAt ? Math.min(byDuration, exam.endAt.getTime()) : byDuration);
}

/** `examStart`: the caller's paper in progress for the task (with its answers), or a new attempt. */
export async function examStart(ctx: AuthContext, taskId: string): Promise<PaperSession> {
  const eid = ctx.tenant.id;
  const memberId = ctx.member.id;
  const now = new Date();
  await closeOverdue(ctx.db, eid, now, memberId);
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid).exams;
    // The task row lock makes two starts at once create one paper.
    const found = await s.ownTask(memberId, taskId, true);
    if (!found) throw notFound();
    const { exam } = found;
    let task = found.task;
    const questions = await s.questions(exam.id);
    const open = await s.openPaperOfTask(task.id);
    if (open) {
      if (open.deadlineAt.getTime() > now.getTime()) {
        return toSession(open, exam, questions, await s.answers(open.id), ctx.lang, now);
      }
      const locked = await s.lockPaper(open.id);
      if (locked?.status === PaperStatus.inProgress) await handInLocked(s, locked, exam, 'timeout', now);
      task = (await s.lockTask(task.id)) ?? task;
    }
    const papers = await s.papersOfTask(task.id);
    const block = startBlock({ task, exam, attemptsUsed: papers.length, questionCount: questions.length, now });
    if (block) throw new ApiError(Code.FORBIDDEN, block);
    if (task.courseId) {
      const access = await courseAccess(tx, eid, memberId, task.courseId);
      if (!access.allowed) throw accessError(access);
    }
    const orders = paperOrders(questions, exam);
    const paper = await s.createPaper({
      examId: exam.id,
      taskId: task.id,
      memberId,
      attemptNo: papers.reduce((max, p) => Math.max(max, p.attemptNo), 0) + 1,
      questionOrder: orders.questionOrder,
      optionOrders: orders.optionOrders,
      startedAt: now,
      deadlineAt: deadlineOf(exam, now),
    });
    return toSession(paper, exam, questions, [], ctx.lang, now);
  });
}

// ---- answering

/** Longest text of a fill-in blank and of a short answer. */
const MAX_BLANK_LENGTH = 1_000;
export const MAX_TEXT_LENGTH = 20_000;

/** The answer as stored, or a 422 when it does not fit the question. */
function checkedAnswer(q: QuestionRow, given: string[]): string[] {
  const invalid = () => new ApiError(Code.INVALID, 'exam.answerInvalid');
  switch (q.questionType) {
    case QuestionType.single:
    case QuestionType.judge:
    case QuestionType.multiple: {
      const keys = new Set(optionsOf(q).map((o) => o.key));
      const chosen = [...new Set(given.map((g) => g.trim()).filter((g) => g !== ''))];
      if (chosen.some((k) => !keys.has(k))) throw invalid();
      if (q.questionType !== QuestionType.multiple && chosen.length > 1) throw invalid();
      return chosen;
    }
    case QuestionType.fill:
      if (given.length > blanksOf(q) || given.some((g) => g.length > MAX_BLANK_LENGTH)) throw invalid();
      return given;
    case QuestionType.short:
      if (given.length > 1) throw invalid();
      return given;
    default:
      throw invalid();
  }
}

/**
 * The caller's own paper (404 otherwise) with the tenant's exam scope; `overdue` when it is still
 * in progress past its deadline (the caller hands it in, reason 'timeout').
 */
async function ownPaper(ctx: AuthContext, paperId: string, now: Date) {
  const s = scoped(ctx.db, ctx.tenant.id).exams;
  const paper = await s.paper(paperId, ctx.member.id);
  if (!paper) throw notFound();
  return { s, paper, overdue: paper.status === PaperStatus.inProgress && paper.deadlineAt.getTime() <= now.getTime() };
}

/** What never changes once a paper is drawn: whose it is, its exam and its questions. */
interface PaperShape {
  memberId: string;
  examId: string;
  questionOrder: string[];
}

/** Papers this process has answered to lately, by `enterpriseId:paperId`; the oldest go first past the bound. */
const paperShapes = new Map<string, PaperShape>();
const MAX_PAPER_SHAPES = 20_000;

function rememberPaperShape(eid: string, paper: { id: string; enterpriseUserId: string; examId: string; questionOrder: string[] }) {
  const key = `${eid}:${paper.id}`;
  if (paperShapes.has(key)) return;
  if (paperShapes.size >= MAX_PAPER_SHAPES) paperShapes.delete(paperShapes.keys().next().value!);
  paperShapes.set(key, { memberId: paper.enterpriseUserId, examId: paper.examId, questionOrder: paper.questionOrder });
}

/**
 * The answer save of a paper this process already knows, in one statement: the statement itself
 * checks that the paper is the caller's, still in progress and before its deadline. Anything
 * else (an unknown paper, a closed or overdue one) answers `undefined`, and the full path below
 * finds out why and answers that.
 */
async function saveOnKnownPaper(ctx: AuthContext, body: AnswerSaveBody): Promise<AnswerSaveResult | undefined> {
  const eid = ctx.tenant.id;
  const shape = paperShapes.get(`${eid}:${body.paperId}`);
  if (!shape || shape.memberId !== ctx.member.id || !shape.questionOrder.includes(body.questionId)) return undefined;
  const s = scoped(ctx.db, eid).exams;
  const questions = await catalogue.remember(eid, `exam-questions:${shape.examId}`, () => s.questions(shape.examId));
  const question = questions.find((q) => q.id === body.questionId);
  if (!question) return undefined;
  const answer = checkedAnswer(question, body.answer);
  const stored = await s.saveAnswerIfOpen({ paperId: body.paperId, memberId: ctx.member.id, questionId: question.id, answer, seq: body.seq, at: new Date() });
  if (stored === 'closed') return undefined;
  return { questionId: stored.questionId, seq: stored.seq, savedAt: stored.savedAt.toISOString() };
}

/** `examAnswerSave`: stores an answer of the caller's paper in progress, idempotent by seq. */
export async function examAnswerSave(ctx: AuthContext, body: AnswerSaveBody): Promise<AnswerSaveResult> {
  const quick = await saveOnKnownPaper(ctx, body);
  if (quick) return quick;
  const eid = ctx.tenant.id;
  const now = new Date();
  const { s, paper, overdue } = await ownPaper(ctx, body.paperId, now);
  rememberPaperShape(eid, paper);
  if (overdue) {
    await handIn(ctx.db, eid, paper.id, 'timeout', now);
    throw closedError('timeout');
  }
  if (paper.status !== PaperStatus.inProgress) throw closedError(paper.submitReason);
  const question = paper.questionOrder.includes(body.questionId)
    ? (await s.questions(paper.examId)).find((q) => q.id === body.questionId)
    : undefined;
  if (!question) throw notFound();
  const answer = checkedAnswer(question, body.answer);
  const at = new Date();
  const stored = await s.saveAnswerIfOpen({ paperId: paper.id, memberId: ctx.member.id, questionId: question.id, answer, seq: body.seq, at });
  if (stored === 'closed') {
    // Handed in meanwhile, or the deadline passed since the paper was read.
    const now = await s.paper(paper.id, ctx.member.id);
    throw closedError(now && now.status !== PaperStatus.inProgress ? now.submitReason : 'timeout');
  }
  return { questionId: stored.questionId, seq: stored.seq, savedAt: stored.savedAt.toISOString() };
}

/** `examScreenSwitch`: counts a leave of the page once per event id; past the limit the paper is handed in. */
export async function examScreenSwitch(ctx: AuthContext, body: ScreenSwitchBody): Promise<ScreenSwitchResult> {
  const eid = ctx.tenant.id;
  const now = new Date();
  const { paper, overdue } = await ownPaper(ctx, body.paperId, now);
  if (overdue) await handIn(ctx.db, eid, paper.id, 'timeout', now);
  return ctx.db.transaction(async (tx) => {
    const t = scoped(tx, eid).exams;
    await t.lockTask(paper.taskId);
    const locked = await t.lockPaper(paper.id);
    const exam = await t.exam(paper.examId);
    if (!locked || !exam) throw notFound();
    const limit = exam.screenSwitchLimit;
    if (locked.status !== PaperStatus.inProgress) {
      return { screenSwitches: locked.screenSwitches, screenSwitchLimit: limit, handedIn: true };
    }
    const clientAt = body.clientAt ? new Date(body.clientAt) : null;
    const added = await t.addScreenEvent({
      paperId: locked.id,
      eventId: body.eventId,
      kind: body.kind,
      clientAt: clientAt && !Number.isNaN(clientAt.getTime()) ? clientAt : null,
      at: now,
    });
    if (!added) return { screenSwitches: locked.screenSwitches, screenSwitchLimit: limit, handedIn: false };
    const counted = await t.updatePaper(locked.id, { screenSwitches: locked.screenSwitches + 1 });
    if (limit > 0 && counted.screenSwitches > limit) {
      await handInLocked(t, counted, exam, 'screen', now);
      return { screenSwitches: counted.screenSwitches, screenSwitchLimit: limit, handedIn: true };
    }
    return { screenSwitches: counted.screenSwitches, screenSwitchLimit: limit, handedIn: false };
  });
}

// ---- after hand-in

/** `examFinish`: hands the caller's paper in (idempotent) and answers its result. */
export async function examFinish(ctx: AuthContext, paperId: string): Promise<PaperResult> {
  const eid = ctx.tenant.id;
  const now = new Date();
  const { s, paper, overdue } = await ownPaper(ctx, paperId, now);
  if (paper.status === PaperStatus.inProgress) await handIn(ctx.db, eid, paper.id, overdue ? 'timeout' : 'user', now);
  return resultOf(s, paper.id, ctx.lang);
}

/** `examFinishView?paperId`: the result of the caller's handed-in paper. */
export async function examFinishView(ctx: AuthContext, paperId: string): Promise<PaperResult> {
  const now = new Date();
  await closeOverdue(ctx.db, ctx.tenant.id, now, ctx.member.id);
  const { s, paper } = await ownPaper(ctx, paperId, now);
  if (paper.status === PaperStatus.inProgress) throw new ApiError(Code.FORBIDDEN, 'exam.inProgress');
  return resultOf(s, paper.id, ctx.lang);
}

/**
 * A question's key as a review shows it. A short answer's reference is kept in both languages
 * (zh first, then en): the review gives the caller's one.
 */
function correctAnswerOf(q: QuestionRow, lang: Locale): string[] | string[][] {
  if (q.questionType === QuestionType.short && q.answer.length === 2 && q.answer.every((a) => typeof a === 'string')) {
    return [q.answer[lang === 'en' ? 1 : 0] as string];
  }
  return q.answer;
}

/**
 * `examPaperView?id`: a handed-in paper for review, to its owner or to a marker of its exam who
 * may mark it (never their own). A marker gets the answer key; the owner gets it only when the
 * exam's rule allows now (`answersWithheld`): until then the review carries their own answers,
 * the paper's score and the points of marked short answers, but no correct or reference answer,
 * no analysis and no points per objective question (which would tell the right answers apart).
 */
export async function examPaperView(ctx: AuthContext, paperId: string): Promise<PaperReview> {
  const eid = ctx.tenant.id;
  const s = scoped(ctx.db, eid).exams;
  const now = new Date();
  let paper = await s.paper(paperId);
  if (!paper) throw notFound();
  const own = paper.enterpriseUserId === ctx.member.id;
  const canMark = !own && (await s.markerState(paper.examId, ctx.member.id)) === 'marker';
  if (!own && !canMark) throw notFound();
  if (own) {
    // Every overdue paper of the owner is handed in first: one still open decides what is shown.
    await closeOverdue(ctx.db, eid, now, ctx.member.id);
    paper = (await s.paper(paperId)) ?? paper;
  } else if (paper.status === PaperStatus.inProgress && paper.deadlineAt.getTime() <= now.getTime()) {
    paper = (await handIn(ctx.db, eid, paper.id, 'timeout')) ?? paper;
  }
  if (paper.status === PaperStatus.inProgress) throw new ApiError(Code.FORBIDDEN, 'exam.inProgress');
  const [exam, task, answers, questions, events, who, papers] = await Promise.all([
    s.exam(paper.examId),
    s.task(paper.taskId),
    s.answers(paper.id),
    s.questions(paper.examId),
    s.screenEvents(paper.id),
    s.member(paper.enterpriseUserId),
    s.papersOfTask(paper.taskId),
  ]);
  if (!exam || !task) throw notFound();
  const withheld = canMark
    ? null
    : answersWithheld({
        rule: exam.answersShown,
        attempts: exam.attempts,
        attemptsUsed: papers.length,
        taskStatus: task.status,
        endAt: exam.endAt,
        paperInProgress: papers.some((p) => p.status === PaperStatus.inProgress),
        now,
      });
  const showAnswers = withheld === null;
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return {
    ...toResult(paper, exam, task, answers, ctx.lang),
    userName: who?.userName ?? '',
    empNo: who?.empNo ?? '',
    showAnswers,
    answersShown: exam.answersShown,
    answersWithheld: withheld,
    answersAt: withheld === 'windowOpen' && exam.endAt ? exam.endAt.toISOString() : null,
    canMark,
    screenEvents: events.map((e) => ({ kind: e.kind, at: e.at.toISOString() })),
    questions: paperQuestions(paper, questions, ctx.lang, canMark).map(({ question, view }) => {
      const a = byQuestion.get(question.id);
      const gained = a?.score ?? null;
      const correctAnswer = correctAnswerOf(question, ctx.lang);
      return {
        ...view,
        answerId: a?.id ?? null,
        answer: a?.answer ?? [],
        answerLabels: labelsOf(a?.answer ?? [], view.options),
        gained: showAnswers || question.questionType === QuestionType.short ? gained : null,
        ...(showAnswers
          ? {
              correctAnswer,
              ...(view.options.length > 0 ? { correctLabels: labelsOf(correctAnswer, view.options) } : {}),
              analysis: inLang(ctx.lang, question.analysisZh, question.analysisEn),
            }
          : {}),
      };
    }),
  };
}
