/**
 * Periods a learner finishes outside the player.
 *
 * - Research (content type 5): a questionnaire of the exam's question types, not scored. The
 *   learner submits it once (a submission is final and cannot be changed); submitting completes
 *   the period and recomputes the course as every completion does. The course's lecturers and
 *   administrators download everyone's answers as CSV.
 * - Offline training, real operation, job evaluation (6, 7, 8): recorded by the course's
 *   lecturers (lecturer rows linked to the member) or an administrator (`is_admin`), for one or
 *   several learners of the same company at once: pass or fail, a score (0–100, optional), a
 *   note and the date. A pass completes the period; a fail does not. A record may be corrected,
 *   except that a pass is not turned into a fail (the completion it made stays).
 */
import { Code } from '@/api/codes';
import { ContentType } from '@/api/learning-types';
import type {
  PeriodLearner,
  PeriodLearnerPage,
  PeriodRecord,
  PeriodRecordSaveBody,
  PeriodRecordSaveResult,
  PeriodRecordView,
  ResearchAnswers,
  ResearchQuestion,
  ResearchView,
  StoredResearchQuestion,
} from '@/api/period-types';
import type { Locale } from '@/i18n/routes';
import { ApiError } from '../../envelope';
import { t } from '../../i18n';
import type { AuthContext } from '../../routing';
import { courseAccess, requireCourseAccess, type CourseRow } from '../course/service';
import { Dynamic, type Period } from '../../db/access/player';
import { updateCourse } from '../progress/service';
import { pageResult, type Paging } from '../../paging';
import { type PeriodRecordRow } from '../../db/access/periods';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

type Ctx = Pick<AuthContext, 'db' | 'tenant' | 'member' | 'lang'>;

/** Content types recorded by lecturers or administrators. */
export const RECORDED_TYPES = new Set<number>([ContentType.offlineTraining, ContentType.realOperation, ContentType.jobEvaluation]);
/** Longest answer text of a fill-in blank and of a short answer. */
export const BLANK_MAX = 200;
export const SHORT_MAX = 2000;
export const NOTE_MAX = 500;

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

const nameOf = (row: { nameZh: string; nameEn: string }, lang: Locale) => (inLang(lang, row.nameZh, row.nameEn));

/** The course's period of one of these content types, or not found. */
async function periodOfType(ctx: Ctx, courseId: string, itemId: string, types: Set<number>): Promise<Period> {
  const period = await scoped(ctx.db, ctx.tenant.id).player.period(courseId, itemId);
  if (!period || !types.has(period.item.contentType)) throw notFound();
  return period;
}

/** Whether the caller records the course's periods: an administrator, or one of its lecturers. */
async function isRecorder(ctx: Ctx, courseId: string): Promise<boolean> {
  if (ctx.member.isAdmin) return true;
  const lecturers = await scoped(ctx.db, ctx.tenant.id).periods.lecturersOf(courseId);
  return lecturers.some((l) => l.memberId === ctx.member.id);
}

function judgeOptions(lang: Locale): ResearchQuestion['options'] {
  return [
    { key: 'true', text: t(lang, 'period.judge.true') },
    { key: 'false', text: t(lang, 'period.judge.false') },
  ];
}

function toQuestion(q: StoredResearchQuestion, lang: Locale): ResearchQuestion {
  return {
    key: q.key,
    questionType: q.questionType,
    stem: inLang(lang, q.stemZh, q.stemEn),
    options: q.questionType === 3 ? judgeOptions(lang) : q.options.map((o) => ({ key: o.key, text: inLang(lang, o.textZh, o.textEn) })),
    blanks: q.questionType === 4 ? Math.max(1, q.blanks ?? 1) : 0,
  };
}

/**
 * The answers cleaned against the questions: every question answered, choices among its
 * options, texts trimmed and within length. Throws the first problem, numbered as shown.
 */
export function checkAnswers(questions: readonly StoredResearchQuestion[], given: ResearchAnswers): ResearchAnswers {
  const clean: ResearchAnswers = {};
  questions.forEach((q, i) => {
    const index = i + 1;
    const raw = Object.hasOwn(given, q.key) ? given[q.key] ?? [] : [];
    const values = raw.map((v) => v.trim());
    const invalid = () => new ApiError(Code.INVALID, 'period.answerInvalid', null, { index });
    const missing = () => new ApiError(Code.INVALID, 'period.answerRequired', null, { index });
    if (q.questionType === 1 || q.questionType === 2 || q.questionType === 3) {
      const keys = q.questionType === 3 ? ['true', 'false'] : q.options.map((o) => o.key);
      const picked = [...new Set(values)];
      if (picked.length === 0) throw missing();
      if (picked.some((v) => !keys.includes(v))) throw invalid();
      if (q.questionType !== 2 && picked.length > 1) throw invalid();
      clean[q.key] = keys.filter((k) => picked.includes(k));
      return;
    }
    const expected = q.questionType === 4 ? Math.max(1, q.blanks ?? 1) : 1;
    const max = q.questionType === 4 ? BLANK_MAX : SHORT_MAX;
    if (values.length > expected) throw invalid();
    if (values.length < expected || values.some((v) => v === '')) throw missing();
    if (values.some((v) => [...v].length > max)) throw new ApiError(Code.INVALID, 'period.answerTooLong', null, { index, max });
    clean[q.key] = values;
  });
  const known = new Set(questions.map((q) => q.key));
  if (Object.keys(given).some((key) => !known.has(key))) throw new ApiError(Code.INVALID, 'invalid.malformed');
  return clean;
}

/** Completes a member's period (once) and recomputes the course, in one transaction. True when it completed now. */
async function completeFor(ctx: Ctx, memberId: string, courseId: string, itemId: string, extra?: (tx: Ctx['db']) => Promise<void>) {
  return ctx.db.transaction(async (tx) => {
    const tenantData = scoped(tx, ctx.tenant.id);
    const data = tenantData.player;
    await data.lockMemberWatching(memberId);
    await extra?.(tx);
    if (!(await data.completePeriod(memberId, courseId, itemId))) return false;
    await data.addDynamic(memberId, Dynamic.completedPeriod, courseId, itemId);
    await updateCourse(tenantData, memberId, courseId, 0);
    return true;
  });
}

/** `periodResearchView`: the questionnaire in the caller's language and the caller's submission. */
export async function researchView(ctx: Ctx, input: { courseId: string; itemId: string }): Promise<ResearchView> {
  const course = await requireCourseAccess(ctx.db, ctx.tenant.id, ctx.member.id, input.courseId);
  const period = await periodOfType(ctx, course.id, input.itemId, new Set([ContentType.research]));
  const [mine, canExport] = await Promise.all([
    scoped(ctx.db, ctx.tenant.id).periods.researchAnswers(ctx.member.id, period.item.id),
    isRecorder(ctx, course.id),
  ]);
  return {
    itemId: period.item.id,
    name: nameOf(period.item, ctx.lang),
    questions: period.item.questions.map((q) => toQuestion(q, ctx.lang)),
    answers: mine?.answers ?? null,
    submittedAt: mine?.submittedAt.toISOString() ?? null,
    canExport,
  };
}

/** `periodResearchSubmit`: the caller's one submission; completes the period. */
export async function researchSubmit(
  ctx: Ctx,
  body: { courseId: string; itemId: string; answers: ResearchAnswers },
): Promise<ResearchView> {
  const course = await requireCourseAccess(ctx.db, ctx.tenant.id, ctx.member.id, body.courseId);
  const period = await periodOfType(ctx, course.id, body.itemId, new Set([ContentType.research]));
  const answers = checkAnswers(period.item.questions, body.answers);
  let submitted = false;
  await completeFor(ctx, ctx.member.id, course.id, period.item.id, async (tx) => {
    submitted = await scoped(tx, ctx.tenant.id).periods.submitResearch(ctx.member.id, course.id, period.item.id, answers);
    if (!submitted) throw new ApiError(Code.FORBIDDEN, 'period.researchSubmitted');
    await scoped(tx, ctx.tenant.id).player.openCourse(ctx.member.id, course.id, period.item.id);
  });
  return researchView(ctx, body);
}

/** One CSV field: quoted, and a leading formula character neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function answerText(q: ResearchQuestion, values: readonly string[] | undefined): string {
  if (!values) return '';
  if (q.questionType <= 3) {
    return values.map((k) => {
      const option = q.options.find((o) => o.key === k);
      if (!option) return k;
      return q.questionType === 3 ? option.text : `${option.key}. ${option.text}`;
    }).join('; ');
  }
  return values.join('; ');
}

/** `periodResearchExport`: everyone's answers as CSV (UTF-8 with BOM), for the course's lecturers and administrators. */
export async function researchExport(ctx: Ctx, input: { courseId: string; itemId: string }): Promise<Response> {
  const course = await courseOfTenant(ctx, input.courseId);
  if (!(await isRecorder(ctx, course.id))) throw new ApiError(Code.FORBIDDEN, 'period.exportersOnly');
  const period = await periodOfType(ctx, course.id, input.itemId, new Set([ContentType.research]));
  const questions = period.item.questions.map((q) => toQuestion(q, ctx.lang));
  const rows = await scoped(ctx.db, ctx.tenant.id).periods.submissions(period.item.id);
  const header = [
    t(ctx.lang, 'period.csv.empNo'),
    t(ctx.lang, 'period.csv.userName'),
    t(ctx.lang, 'period.csv.department'),
    t(ctx.lang, 'period.csv.submittedAt'),
    ...questions.map((q, i) => `${i + 1}. ${q.stem}`),
  ];
  const lines = [header, ...rows.map((r) => [
    r.empNo,
    r.userName,
    r.departmentName,
    r.submittedAt.toISOString(),
    ...questions.map((q) => answerText(q, r.answers[q.key])),
  ])].map((fields) => fields.map(csvField).join(','));
  const fileName = `${nameOf(course, ctx.lang)}-${nameOf(period.item, ctx.lang)}.csv`;
  return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="research.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'no-store',
    },
  });
}

/** A course of the caller's company, whatever its state (recorders need not be able to study it). */
async function courseOfTenant(ctx: Ctx, courseId: string): Promise<CourseRow> {
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, courseId);
  if (!access.course) throw notFound();
  return access.course;
}

function toRecord(row: PeriodRecordRow | undefined): PeriodRecord | null {
  if (!row) return null;
  return { passed: row.passed, score: row.score, note: row.note, recordedOn: row.recordedOn, recordedBy: row.recorderName ?? '' };
}

/** `periodRecordView`: who records the period, the caller's record, and whether the caller records it. */
export async function recordView(ctx: Ctx, input: { courseId: string; itemId: string }): Promise<PeriodRecordView> {
  const course = await courseOfTenant(ctx, input.courseId);
  const period = await periodOfType(ctx, course.id, input.itemId, RECORDED_TYPES);
  const data = scoped(ctx.db, ctx.tenant.id).periods;
  const [lecturers, records, canRecord] = await Promise.all([
    data.lecturersOf(course.id),
    data.records(period.item.id, [ctx.member.id]),
    isRecorder(ctx, course.id),
  ]);
  return {
    itemId: period.item.id,
    name: nameOf(period.item, ctx.lang),
    contentType: period.item.contentType,
    recorders: lecturers.map((l) => nameOf(l, ctx.lang)),
    record: toRecord(records.get(ctx.member.id)),
    canRecord,
  };
}

/** `periodLearnerPage`: the course's learners with their records of the period, for those who record it. */
export async function learnerPage(
  ctx: Ctx,
  input: Paging & { courseId: string; itemId: string; keyword?: string | undefined },
): Promise<PeriodLearnerPage> {
  const course = await courseOfTenant(ctx, input.courseId);
  if (!(await isRecorder(ctx, course.id))) throw new ApiError(Code.FORBIDDEN, 'period.recordersOnly');
  const period = await periodOfType(ctx, course.id, input.itemId, RECORDED_TYPES);
  const data = scoped(ctx.db, ctx.tenant.id).periods;
  const { list, totalCount } = await data.learners(course.id, input.keyword?.trim() ?? '', input);
  const records = await data.records(period.item.id, list.map((l) => l.memberId));
  const learners: PeriodLearner[] = list.map((l) => ({ ...l, record: toRecord(records.get(l.memberId)) }));
  return pageResult(learners, input, totalCount);
}

/** Today's date (YYYY-MM-DD) in China time, where the companies are. */
function today(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** `periodRecordSave`: one result for one or several learners of the caller's company. */
export async function recordSave(ctx: Ctx, body: PeriodRecordSaveBody): Promise<PeriodRecordSaveResult> {
  const course = await courseOfTenant(ctx, body.courseId);
  if (!(await isRecorder(ctx, course.id))) throw new ApiError(Code.FORBIDDEN, 'period.recordersOnly');
  const period = await periodOfType(ctx, course.id, body.itemId, RECORDED_TYPES);
  if (body.recordedOn > today()) throw new ApiError(Code.INVALID, 'period.dateInFuture');
  const memberIds = [...new Set(body.memberIds)];
  const data = scoped(ctx.db, ctx.tenant.id).periods;
  const members = await data.membersAmong(memberIds);
  if (memberIds.some((id) => !members.has(id))) throw new ApiError(Code.FORBIDDEN, 'period.notMember');
  if (!body.passed) {
    const existing = await data.records(period.item.id, memberIds);
    if ([...existing.values()].some((r) => r.passed)) throw new ApiError(Code.FORBIDDEN, 'period.passedStays');
  }
  let completed = 0;
  for (const memberId of memberIds) {
    const save = async (tx: Ctx['db']) => {
      await scoped(tx, ctx.tenant.id).periods.saveRecord({
        memberId,
        courseId: course.id,
        itemId: period.item.id,
        passed: body.passed,
        score: body.score ?? null,
        note: body.note?.trim() ?? '',
        recordedOn: body.recordedOn,
        recordedBy: ctx.member.id,
      });
    };
    if (body.passed) {
      if (await completeFor(ctx, memberId, course.id, period.item.id, save)) completed += 1;
    } else {
      await ctx.db.transaction(save);
    }
  }
  return { recorded: memberIds.length, completed };
}
