/**
 * The player: opening a period, heartbeats, and progress the gateway computes itself.
 *
 * Progress rules
 * - Opening (`resourceWatch`) checks the course (removed, paid and not bought) and, when given,
 *   the study task or project; then opens a watch session whose clock starts now. The first
 *   opening of a course writes its course row (status 1, learning) and study dynamic kind 1.
 * - Timed periods are video and audio (content type 2, resource type 2 or 3). Documents the page
 *   shows (a PDF; a text or spreadsheet preview as one page) count the pages shown (below); a
 *   file the page cannot show (Word, PowerPoint, an archive) is completed when the learner
 *   downloads it through the gateway (`completeOnDownload`); images and image-and-text are
 *   completed on opening. Exam, research and offline periods (content types 3, 5–8) are never
 *   completed by the player: an exam period is completed when its exam is passed (`exam-pass.ts`).
 *   See `progressByOf`.
 * - Pages: a report names the pages (1-based) shown for the course's `pageSeconds` each. Only
 *   pages the document has (its page count read from the file) and not yet credited count, and
 *   only as many as the wall time since the session's clock allows at `pageSeconds` a page
 *   (+0.5 s); the clock then moves on by the pages credited × `pageSeconds`, skipping idle time
 *   beyond max(30 s, `pageSeconds`). The period's progress is floor(pages shown ÷ pages × 100),
 *   100 (completed) once every page was shown.
 * - Reports (`resourceLogUpdate` heartbeats, `progressSave` on pause, end or leave) quote a
 *   session of the caller; another member's or company's is not found, one older than 12 hours
 *   is refused ('learning.watchExpired'). Claimed spans are clipped to [0, duration], what is
 *   already covered is subtracted, and what is left is credited in order only up to the
 *   allowance: wall time since the session's clock × the highest playback rate (2) + 2 s. The
 *   rest is refused, never credited. The clock then moves on by the wall time the credit used
 *   (credited ÷ 2), and never starts more than 3 heartbeats (30 s) back, so idle time does not
 *   pile up into a large allowance. Over a session, credit ≤ 2 × wall time + 2 s.
 * - One member plays one timed period at a time: opening one ends the member's other sessions,
 *   which earn nothing past that moment (late final reports still count up to it, without the
 *   2 s tolerance), and a new session's clock starts no earlier than the furthest clock of the
 *   member's sessions, so reopening cannot mint tolerance or parallel allowances.
 * - Anti-skip (the course asks for it and the period has not been completed once): a span that
 *   starts more than 3 s beyond the furthest point is refused. The furthest point is the end of
 *   the played stretch from 0 (spans less than 3 s apart join); without anti-skip it is the
 *   largest end played.
 * - A timed period's progress is floor(covered ÷ duration × 100), and 100 once covered reaches
 *   the course's completeRatio percent: then it is completed (completed_at, dynamic kind 2) and
 *   stays 100. The resume position is the reported `position`, clipped to the medium (and, under
 *   anti-skip, to 3 s past the furthest point).
 * - A course's progress is the floor of the mean of its periods of content types 2, 3 and 4; at 100
 *   the course is completed (status 2, dynamic kind 3).
 * - One report is one transaction, serialised per member with an advisory lock and holding the
 *   session and period rows (SELECT … FOR UPDATE): concurrent duplicates credit once.
 */
import { Code } from '@/api/codes';
import {
  ContentType,
  ResourceType,
  type CourseConfig,
  type CourseProgressInfo,
  type ExamTaskOk,
  type ExamTaskRef,
  type ImageTextContent,
  type LearningStatus,
  type PlayUrl,
  type ProgressReportBody,
  type ProgressReportResult,
  type ResourceCheck,
  type ResourceProgress,
  type ResourceWatchResult,
} from '@/api/learning-types';
import {
  clipIntervals,
  coveredSeconds,
  mergeIntervals,
  subtractIntervals,
  type Interval,
} from '@/lib/intervals';
import { ApiError } from '../../envelope';
import { t, type MessageKey } from '../../i18n';
import type { AuthContext } from '../../routing';
import { signedUrl } from '../../files/signed-media';
import { courseAccess, requireCourseAccess, type CourseRow } from '../course/service';
import { viewerFileUrl } from '../course/service';
import { toLearningStatus } from '../../db/access/course-cards';
import { catalogue } from '../../db/access/catalogue-cache';
import { projectAccess, taskAccess } from '../study/service';
import { Dynamic, type LockedSession, type Period, type PeriodProgressRow } from '../../db/access/player';
import { updateCourse } from '../progress/service';
import { isPdfPeriod, knownPageCount, progressByOf } from '../progress/service';
import { fileUrlOf, openFile, pdfPageCount } from '../../files/resources';
import { examTaskView } from '../exam/service';
import { periodPercent } from '@/lib/study-progress';
import { scoped, type Scoped } from '../../db/access';
import { inLang } from '../../localized';

/** Playback rates the player offers; the gateway credits at most the highest. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2];
export const MAX_RATE = Math.max(...PLAYBACK_RATES);
export const HEARTBEAT_SECONDS = 10;
/** Seconds credited beyond the rate, for clock and rounding differences. */
export const TOLERANCE_SECONDS = 2;
/** Wall time that can stand behind one report at most. */
export const ALLOWANCE_WINDOW_SECONDS = 3 * HEARTBEAT_SECONDS;
/** A session older than this takes no more reports. */
export const SESSION_HOURS = 12;
/** Under anti-skip, how far past the furthest point a span may start. */
export const SKIP_SLACK_SECONDS = 3;

/** Seconds a page report may lean on beyond the wall time, for clock and rounding differences. */
export const PAGE_TOLERANCE_SECONDS = 0.5;

const TIMED = new Set<number>([ResourceType.video, ResourceType.audio]);

type Ctx = Pick<AuthContext, 'db' | 'tenant' | 'member' | 'lang'>;

interface StudyContext {
  courseId: string;
  studyTaskId?: string | undefined;
  projectId?: string | undefined;
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

/** Seconds with millisecond precision, so stored spans stay short. */
const ms = (value: number) => Math.round(value * 1000) / 1000;

function isTimed(period: Period): boolean {
  return period.item.contentType === ContentType.directoryOrVideo && TIMED.has(period.resource?.resourceType ?? 0);
}

/** The pages a stored progress row credits (page n is the span [n - 1, n]). */
function pagesOf(spans: readonly Interval[]): Set<number> {
  const pages = new Set<number>();
  for (const [start, end] of mergeIntervals(spans)) {
    for (let page = Math.floor(start) + 1; page <= Math.ceil(end); page += 1) pages.add(page);
  }
  return pages;
}

/** Pages as stored spans: `[1, 2, 4]` → `[[0, 2], [3, 4]]`. */
function spansOfPages(pages: Iterable<number>): Interval[] {
  return mergeIntervals([...pages].map((p): Interval => [p - 1, p]));
}

/** Pages credited to a row: every page once the period is completed, else those shown. */
function pagesShownOf(row: PeriodProgressRow | undefined, pageCount: number): number {
  if (row?.completedAt) return pageCount;
  return Math.min(pageCount, pagesOf(row?.intervals ?? []).size);
}

function durationOf(period: Period): number {
  return isTimed(period) ? Math.max(0, period.resource?.duration ?? 0) : 0;
}

/**
 * End of the stretch played from the start, spans less than the slack apart joining.
 *
 * @example reachedFromStart([[0, 5], [7, 9], [20, 30]]) → 9
 */
export function reachedFromStart(spans: readonly Interval[]): number {
  const [first] = mergeIntervals(spans, SKIP_SLACK_SECONDS);
  return first && first[0] <= SKIP_SLACK_SECONDS ? first[1] : 0;
}

/** The furthest point: the stretch from the start under anti-skip, otherwise the largest end. */
function furthestOf(spans: readonly Interval[], antiSkip: boolean): number {
  if (antiSkip) return ms(reachedFromStart(spans));
  return ms(mergeIntervals(spans).reduce((max, [, end]) => Math.max(max, end), 0));
}

/**
 * The new spans a report may credit: in order, as long as the allowance lasts, and under
 * anti-skip only while each starts within the slack of the furthest point reached so far.
 */
export function acceptSpans(
  fresh: readonly Interval[],
  covered: readonly Interval[],
  allowance: number,
  antiSkip: boolean,
): Interval[] {
  const accepted: Interval[] = [];
  let left = allowance;
  for (const [start, end] of fresh) {
    if (left <= 0) break;
    if (antiSkip && start > reachedFromStart([...covered, ...accepted]) + SKIP_SLACK_SECONDS) break;
    const take = Math.min(end - start, left);
    accepted.push([start, ms(start + take)]);
    left -= take;
  }
  return accepted;
}

function toPlayUrls(period: Period): PlayUrl[] {
  const resource = period.resource;
  if (!resource || resource.resourceType !== ResourceType.video) return [];
  const typeOf = (url: string, type: string): PlayUrl['type'] =>
    type === 'hls' || type === 'mp4' ? type : /\.m3u8(\?|$)/i.test(url) ? 'hls' : 'mp4';
  const sources = resource.playUrls.filter((p) => p.url);
  if (sources.length === 0 && resource.url) return [{ url: resource.url, type: typeOf(resource.url, '') }];
  return sources.map((p) => ({
    url: p.url,
    type: typeOf(p.url, p.type),
    ...(p.definition ? { definition: p.definition } : {}),
  }));
}

/** Refuses with the spec's message when the caller may not study the course (and task or project) now. */
async function requireStudy(ctx: Ctx, q: StudyContext): Promise<CourseRow> {
  const course = await requireCourseAccess(ctx.db, ctx.tenant.id, ctx.member.id, q.courseId);
  if (q.studyTaskId) {
    const access = await taskAccess(ctx.db, ctx.tenant.id, ctx.member.id, q.studyTaskId);
    if (!access.canStudy) throw new ApiError(Code.FORBIDDEN, access.messageKey ?? 'learning.forbidden');
  }
  if (q.projectId) {
    const access = await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, q.projectId);
    if (!access.canStudy) throw new ApiError(Code.FORBIDDEN, access.messageKey ?? 'learning.forbidden');
  }
  return course;
}

/**
 * Records an opening of a period: the course's first opening, completion of a period that
 * opening completes, and (for `withSession`) a watch session. Returns the session id and the
 * period's progress row after the opening.
 */
async function openPeriod(
  ctx: Ctx,
  course: CourseRow,
  period: Period,
  options: { withSession: boolean; studyTaskId: string | null },
): Promise<{ watchId: string; progress: PeriodProgressRow | undefined }> {
  const memberId = ctx.member.id;
  const itemId = period.item.id;
  let started = false;
  const opened = await ctx.db.transaction(async (tx) => {
    const tenantData = scoped(tx, ctx.tenant.id);
    const data = tenantData.player;
    await data.lockMemberWatching(memberId);
    if (await data.openCourse(memberId, course.id, itemId)) {
      started = true;
      await data.addDynamic(memberId, Dynamic.startedCourse, course.id, null);
    }
    if (progressByOf(period) === 'opening' && (await data.completePeriod(memberId, course.id, itemId))) {
      await data.addDynamic(memberId, Dynamic.completedPeriod, course.id, itemId);
      await updateCourse(tenantData, memberId, course.id, 0);
    }
    const watchId = options.withSession
      ? await data.openSession({
          memberId,
          itemId,
          studyTaskId: options.studyTaskId,
          // One timed period or paged document at a time, so that two viewings cannot share the wall time.
          supersede: isTimed(period) || progressByOf(period) === 'pages',
        })
      : '';
    return { watchId, progress: await data.periodProgress(memberId, itemId) };
  });
  // A first opening adds a learner to the course's card.
  if (started) await catalogue.forget(ctx.tenant.id);
  return opened;
}

export interface WatchInput {
  courseId: string;
  itemId: string;
  studyTaskId?: string | undefined;
  projectId?: string | undefined;
}

/**
 * A period's file, sources and poster as the caller may open them: each URL of the gateway's
 * files signed for the caller's company (a medium for long enough to play it to the end), and a
 * PDF of a watermarked course the caller's stamped copy.
 */
async function periodUrls(ctx: AuthContext, course: CourseRow, period: Period) {
  const resource = period.resource;
  if (!resource) return { url: '', playUrls: [], poster: undefined };
  const sign = (url: string) => (url ? viewerFileUrl(ctx, course, resource, url) : Promise.resolve(url));
  const poster = resource.videoConfig?.poster;
  const [url, playUrls] = await Promise.all([
    sign(resource.url),
    Promise.all(toPlayUrls(period).map(async (p) => ({ ...p, url: await sign(p.url) }))),
  ]);
  return { url, playUrls, poster: typeof poster === 'string' ? await signedUrl(ctx.db, ctx.tenant.id, poster) : undefined };
}

/**
 * The period with its PDF's page count read from the file when it was not yet (a file stored
 * before pages were counted), and remembered.
 */
async function withPageCount(ctx: AuthContext, period: Period): Promise<Period> {
  const resource = period.resource;
  if (!resource || resource.pages > 0 || progressByOf(period) !== 'pages' || !isPdfPeriod(period)) return period;
  const file = await openFile(ctx.c.get('files'), fileUrlOf(resource));
  const pages = file ? await pdfPageCount(await file.bytes()) : 0;
  if (pages > 0) await scoped(ctx.db, ctx.tenant.id).player.setResourcePages(resource.id, pages);
  return { ...period, resource: { ...resource, pages } };
}

/** `resourceWatch`: opens a period in the player. */
export async function resourceWatch(ctx: AuthContext, input: WatchInput): Promise<ResourceWatchResult> {
  const course = await requireStudy(ctx, input);
  const found = await scoped(ctx.db, ctx.tenant.id).player.period(course.id, input.itemId);
  if (!found) throw notFound();
  const period = await withPageCount(ctx, found);
  const { watchId, progress } = await openPeriod(ctx, course, period, {
    withSession: true,
    studyTaskId: input.studyTaskId ?? null,
  });

  const { item, resource } = period;
  const duration = durationOf(period);
  const completed = Boolean(progress?.completedAt);
  const antiSkip = course.antiSkip && !completed;
  const lastPosition = Math.min(progress?.lastPosition ?? 0, duration);
  // Resuming at the very end would show a finished video: start over instead.
  const startTime = lastPosition > 0 && lastPosition < duration - 1 ? lastPosition : undefined;
  const urls = await periodUrls(ctx, course, period);
  return {
    watchId,
    itemId: item.id,
    courseId: course.id,
    name: inLang(ctx.lang, item.nameZh, item.nameEn),
    contentType: item.contentType,
    resourceType: resource?.resourceType ?? 0,
    resourceId: resource?.id,
    fileName: resource?.fileName ?? '',
    url: urls.url,
    playUrls: urls.playUrls,
    videoConfig: JSON.stringify({
      ...(resource?.videoConfig ?? {}),
      ...(urls.poster !== undefined ? { poster: urls.poster } : {}),
      ...(startTime ? { startTime } : {}),
    }),
    totalDuration: duration,
    lastPosition,
    studyProgress: progress?.progress ?? 0,
    furthest: furthestOf(progress?.intervals ?? [], antiSkip),
    completed,
    examId: item.examId,
    serverTime: new Date().toISOString(),
    progressBy: progressByOf(period),
    pageCount: knownPageCount(period),
    pagesShown: pagesShownOf(progress, knownPageCount(period)),
  };
}

/** `imageTextWatch`: an image-and-text period, completed by opening it. */
export async function imageTextWatch(
  ctx: AuthContext,
  input: { courseId: string; itemId: string },
): Promise<ImageTextContent> {
  const course = await requireStudy(ctx, input);
  const period = await scoped(ctx.db, ctx.tenant.id).player.period(course.id, input.itemId);
  if (!period || period.item.contentType !== ContentType.image) throw notFound();
  const { progress } = await openPeriod(ctx, course, period, { withSession: false, studyTaskId: null });
  return {
    itemId: period.item.id,
    name: inLang(ctx.lang, period.item.nameZh, period.item.nameEn),
    // Pictures of the period go out signed, as its other files.
    blocks: await Promise.all(
      (period.resource?.body ?? []).map(async (b) => ({
        type: b.type,
        value: b.type === 'image' ? await signedUrl(ctx.db, ctx.tenant.id, b.value) : b.value,
      })),
    ),
    studyProgress: progress?.progress ?? 0,
  };
}

/** `courseConfig`: how the player behaves for the caller. */
export async function courseConfig(
  ctx: Ctx,
  input: { courseId: string; studyTaskId?: string | undefined },
): Promise<CourseConfig> {
  const course = await requireStudy(ctx, input);
  return {
    courseId: course.id,
    watermark: course.watermark,
    antiSkip: course.antiSkip,
    completeRatio: course.completeRatio,
    playbackRates: PLAYBACK_RATES,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    pageSeconds: course.pageSeconds,
    watermarkText: `${ctx.member.userName} ${ctx.member.empNo}`,
  };
}

/** `resourceLogUpdate` and `progressSave`: credits what a report may credit (see the rules above). */
export async function reportProgress(ctx: Ctx, body: ProgressReportBody): Promise<ProgressReportResult> {
  const memberId = ctx.member.id;
  return ctx.db.transaction(async (tx) => {
    const tenantData = scoped(tx, ctx.tenant.id);
    const data = tenantData.player;
    await data.lockMemberWatching(memberId);
    const session = await data.lockSession(memberId, body.watchId);
    if (!session) throw notFound();
    if (session.age > SESSION_HOURS * 3600) throw new ApiError(Code.FORBIDDEN, 'learning.watchExpired');
    const access = await courseAccess(tx, ctx.tenant.id, memberId, session.courseId);
    if (!access.course) throw notFound();
    if (!access.allowed) throw new ApiError(Code.FORBIDDEN, access.messageKey ?? 'learning.forbidden');
    const course = access.course;
    const period = await data.period(course.id, session.itemId);
    if (!period) throw notFound();

    const state = await data.lockPeriodProgress(memberId, course.id, period.item.id);
    if (progressByOf(period) === 'pages') return creditPages(tenantData, memberId, { session, course, period, state }, body);
    const duration = durationOf(period);
    const completedBefore = state.completedAt !== null;
    const antiSkip = course.antiSkip && !completedBefore;
    const covered = mergeIntervals(state.intervals);

    const claimed = clipIntervals(
      body.intervals.map(([s, e]): Interval => [ms(s), ms(e)]),
      duration,
    );
    const fresh = subtractIntervals(claimed, covered);
    const elapsed = Math.min(session.sinceBeat, ALLOWANCE_WINDOW_SECONDS);
    const allowance = Math.max(0, elapsed * MAX_RATE + (session.ended ? 0 : TOLERANCE_SECONDS));
    const accepted = acceptSpans(fresh, covered, allowance, antiSkip);
    const credited = ms(coveredSeconds(accepted));
    const merged = mergeIntervals([...covered, ...accepted]).map(([s, e]): Interval => [ms(s), ms(e)]);
    const watched = ms(coveredSeconds(merged));

    // The clock skips idle time beyond the window, then moves by the wall time the credit used.
    const spent = session.sinceBeat - elapsed + credited / MAX_RATE;
    if (spent !== 0 || credited > 0) await data.advanceSession(session.id, spent, credited);

    const progress = completedBefore ? 100 : periodPercent(watched, duration, course.completeRatio);
    const furthest = furthestOf(merged, antiSkip);
    let position = Math.min(Math.max(0, body.position), duration);
    if (antiSkip) position = Math.min(position, furthest + SKIP_SLACK_SECONDS);
    await data.savePeriodProgress(memberId, period.item.id, {
      intervals: merged,
      watchedSeconds: Math.round(watched),
      progress,
      lastPosition: Math.floor(position),
    });

    const { completed, courseState } = await settleReport(tenantData, memberId, course.id, period.item.id, completedBefore, state.progress, progress, credited);
    return {
      studyProgress: progress,
      credited,
      courseProgress: courseState.progress,
      learningStatus: courseState.status,
      completed,
      furthest,
    };
  });
}

/**
 * What a report leaves behind once the period's progress is saved: the period completed (with
 * its study dynamic) when it reached 100 for the first time, and the course recomputed when
 * anything was credited or the period moved, else the course as it stands.
 */
async function settleReport(
  tenantData: Scoped,
  memberId: string,
  courseId: string,
  itemId: string,
  completedBefore: boolean,
  progressBefore: number,
  progress: number,
  credited: number,
): Promise<{ completed: boolean; courseState: { progress: number; status: LearningStatus } }> {
  const data = tenantData.player;
  let completed = completedBefore;
  if (!completedBefore && progress === 100 && (await data.completePeriod(memberId, courseId, itemId))) {
    completed = true;
    await data.addDynamic(memberId, Dynamic.completedPeriod, courseId, itemId);
  }
  if (credited > 0 || progress !== progressBefore) {
    return { completed, courseState: await updateCourse(tenantData, memberId, courseId, credited) };
  }
  const row = await data.courseProgress(memberId, courseId);
  return { completed, courseState: { progress: row?.progress ?? 0, status: toLearningStatus(row?.status) } };
}

/**
 * A report on a paged document: the pages named that the document has and were not credited
 * yet, as many as the wall time since the session's clock allows at the course's minimum time
 * a page (see the rules above).
 */
async function creditPages(
  tenantData: Scoped,
  memberId: string,
  found: { session: LockedSession; course: CourseRow; period: Period; state: PeriodProgressRow },
  body: ProgressReportBody,
): Promise<ProgressReportResult> {
  const data = tenantData.player;
  const { session, course, period, state } = found;
  const pageCount = knownPageCount(period);
  const pageSeconds = Math.max(1, course.pageSeconds);
  const completedBefore = state.completedAt !== null;
  const shown = pagesOf(state.intervals);
  const fresh = [...new Set(body.pages ?? [])].filter((p) => Number.isInteger(p) && p >= 1 && p <= pageCount && !shown.has(p));

  const elapsed = Math.min(session.sinceBeat, Math.max(ALLOWANCE_WINDOW_SECONDS, pageSeconds));
  const allowance = Math.max(0, Math.floor((elapsed + (session.ended ? 0 : PAGE_TOLERANCE_SECONDS)) / pageSeconds));
  const accepted = fresh.slice(0, allowance);
  const credited = accepted.length * pageSeconds;
  // The clock skips idle time beyond the window, then moves by the time the pages credited took.
  const spent = session.sinceBeat - elapsed + credited;
  if (spent !== 0 || credited > 0) await data.advanceSession(session.id, spent, credited);

  for (const page of accepted) shown.add(page);
  const pagesShown = Math.min(pageCount, shown.size);
  const progress = completedBefore || pagesShown >= pageCount ? 100 : Math.min(99, Math.floor((pagesShown / pageCount) * 100));
  const spans = spansOfPages(shown);
  await data.savePeriodProgress(memberId, period.item.id, {
    intervals: spans,
    watchedSeconds: pagesShown * pageSeconds,
    progress,
    lastPosition: Math.min(Math.max(0, Math.floor(body.position)), pageCount),
  });

  const { completed, courseState } = await settleReport(tenantData, memberId, course.id, period.item.id, completedBefore, state.progress, progress, credited);
  return {
    studyProgress: progress,
    credited,
    courseProgress: courseState.progress,
    learningStatus: courseState.status,
    completed,
    furthest: furthestOf(spans, false),
    pagesShown: completed ? pageCount : pagesShown,
    pageCount,
  };
}

/** `progressGet`: the caller's progress in a course, period by period. */
export async function progressGet(
  ctx: Ctx,
  input: { courseId: string; studyTaskId?: string | undefined },
): Promise<CourseProgressInfo> {
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, input.courseId);
  if (!access.course) throw notFound();
  if (input.studyTaskId) await taskAccess(ctx.db, ctx.tenant.id, ctx.member.id, input.studyTaskId);
  const data = scoped(ctx.db, ctx.tenant.id).player;
  const periods = await data.periods(input.courseId);
  const [rows, course] = await Promise.all([
    data.progressOfPeriods(
      ctx.member.id,
      periods.map((p) => p.id),
    ),
    data.courseProgress(ctx.member.id, input.courseId),
  ]);
  const byItem = new Map(rows.map((r) => [r.itemId, r]));
  return {
    courseId: input.courseId,
    studyProgress: course?.progress ?? 0,
    learningStatus: toLearningStatus(course?.status),
    lastItemId: course?.lastItemId ?? null,
    periods: periods.map((p) => ({
      itemId: p.id,
      studyProgress: byItem.get(p.id)?.progress ?? 0,
      lastPosition: byItem.get(p.id)?.lastPosition ?? 0,
    })),
  };
}

/** `progressResource`: the caller's progress in one period. */
export async function progressResource(ctx: Ctx, input: { itemId: string }): Promise<ResourceProgress> {
  const data = scoped(ctx.db, ctx.tenant.id).player;
  const period = await data.periodById(input.itemId);
  if (!period) throw notFound();
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, period.item.courseId);
  if (!access.course) throw notFound();
  const row = await data.periodProgress(ctx.member.id, period.item.id);
  const completed = Boolean(row?.completedAt);
  const paged = progressByOf(period) === 'pages';
  const pageCount = knownPageCount(period);
  return {
    itemId: period.item.id,
    studyProgress: row?.progress ?? 0,
    lastPosition: row?.lastPosition ?? 0,
    furthest: furthestOf(row?.intervals ?? [], !paged && access.course.antiSkip && !completed),
    completed,
    ...(paged ? { pagesShown: pagesShownOf(row, pageCount), pageCount } : {}),
  };
}

/** `progressCheckResource`: whether the caller may open a period, with the spec's message when not. */
export async function progressCheckResource(ctx: Ctx, input: WatchInput): Promise<ResourceCheck> {
  try {
    const course = await requireStudy(ctx, input);
    if (!(await scoped(ctx.db, ctx.tenant.id).player.period(course.id, input.itemId))) throw notFound();
    return { allowed: true, message: '' };
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.FORBIDDEN) {
      return { allowed: false, message: t(ctx.lang, error.key) };
    }
    throw error;
  }
}

/**
 * `saveExamTaskByCourseId`: the caller's one exam task for a course's exam period, created once.
 * The task's type is the gateway's (a course's exam); a `type` the client sends changes nothing.
 */
export async function saveExamTaskByCourseId(
  ctx: Ctx,
  body: { courseId: string; itemId: string; examId: string },
): Promise<ExamTaskRef> {
  const course = await requireStudy(ctx, body);
  const data = scoped(ctx.db, ctx.tenant.id).player;
  const period = await data.period(course.id, body.itemId);
  if (!period || period.item.contentType !== ContentType.exam || period.item.examId !== body.examId) {
    throw notFound();
  }
  if (!(await data.exam(body.examId))) throw notFound();
  const task = await data.courseExamTask({
    memberId: ctx.member.id,
    examId: body.examId,
    courseId: course.id,
    itemId: period.item.id,
  });
  return { taskId: task.id, examId: task.examId, status: task.status };
}

/** `getTaskIsOk`: whether the caller's own exam task can be started now, with its latest handed-in paper. */
export async function getTaskIsOk(ctx: Ctx, input: { taskId: string }): Promise<ExamTaskOk> {
  const found = await scoped(ctx.db, ctx.tenant.id).player.examTask(ctx.member.id, input.taskId);
  if (!found) throw notFound();
  const { task } = found;
  const refuse = (key: MessageKey): ExamTaskOk => ({
    ok: false,
    taskId: task.id,
    status: task.status,
    message: t(ctx.lang, key),
    paper: null,
  });
  if (task.courseId) {
    const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, task.courseId);
    if (!access.allowed) return refuse(access.messageKey ?? 'learning.forbidden');
  }
  // The exam centre's rule decides (attempts left, window, already passed or waiting to be marked).
  const view = await examTaskView(ctx, task.id);
  const latest = await scoped(ctx.db, ctx.tenant.id).exams.latestHandedIn(task.id);
  const paper = latest ? { paperId: latest.id, taskId: task.id, status: latest.status } : null;
  if (view.blockedReason) return { ok: false, taskId: task.id, status: view.status, message: view.blockedReason, paper };
  return { ok: true, taskId: task.id, status: view.status, message: '', paper };
}
