/**
 * A scripted learner that answers an exam and watches videos with the site's own rules: the exam
 * runner's journal and sync (`createPaperSync` with its journal, retries and back-off, as the
 * runner uses them) and the player's progress reports (spans gathered as played, sent every few
 * seconds, kept until a report is accepted, as `use-progress-report.ts` does). It records what
 * the gateway confirmed, for checking against the database afterwards.
 */
import { ApiError } from '@/api/client';
import type { AnswerSaveResult, PaperQuestion, PaperSession } from '@/api/exam-types';
import { QuestionType } from '@/api/exam-types';
import type { CourseItem, CourseResourceItem, ProgressReportResult, ResourceWatchResult } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { memoryJournal, type Journal } from '@/components/exam-runner/journal';
import { createPaperSync, type PaperSync, type SyncStatus } from '@/components/exam-runner/paper-sync';
import { coveredSeconds, mergeIntervals, subtractIntervals, type Interval } from '@/lib/intervals';
import { call, CallError, retry, sleep } from './gateway';

/** The call, with a gateway refusal or a lost connection as the site's client reports them. */
async function asSite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CallError) throw new ApiError(error.code, error.message, null);
    throw error;
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A valid answer of any question type, different most of the time. */
function someAnswer(q: PaperQuestion): string[] {
  const keys = q.options.map((o) => o.key);
  switch (q.questionType) {
    case QuestionType.single:
    case QuestionType.judge:
      return [pick(keys)];
    case QuestionType.multiple: {
      const chosen = keys.filter(() => Math.random() < 0.5);
      return chosen.length ? chosen : [pick(keys)];
    }
    case QuestionType.fill:
      return Array.from({ length: Math.max(1, q.blanks) }, () => `f${Math.floor(Math.random() * 1e6)}`);
    default:
      return [`answer ${Math.floor(Math.random() * 1e9)}`];
  }
}

export interface ExamFigures {
  changes: number;
  sent: number;
  confirmed: number;
  /** Sends of a (question, seq) already sent once. */
  resent: number;
  failed: number;
}

/** Answers one exam paper through the runner's sync. */
export class ExamLearner {
  readonly figures: ExamFigures = { changes: 0, sent: 0, confirmed: 0, resent: 0, failed: 0 };
  status: SyncStatus = { state: 'saved', unsaved: 0 };
  /** The gateway's reason when it closed the paper (never, in a good run). */
  closedBy: string | undefined;
  /** performance.now() of the last confirmed answer. */
  lastConfirmedAt = 0;
  /** The newest seq the gateway confirmed per question, with that answer. */
  readonly confirmed = new Map<string, { seq: number; answer: string[] }>();
  private readonly sentOnce = new Set<string>();
  private sync: PaperSync | undefined;
  private paper: PaperSession | undefined;
  private readonly journal: Journal = memoryJournal();

  constructor(
    private readonly base: () => string,
    private readonly token: string,
    private readonly taskId: string,
  ) {}

  get paperId(): string {
    return this.paper!.paperId;
  }

  async begin(): Promise<void> {
    const paper = await call<PaperSession>(this.base(), 'examStart', { token: this.token, body: { taskId: this.taskId } });
    this.paper = paper;
    this.sync = createPaperSync({
      paperId: paper.paperId,
      journal: this.journal,
      debounceMs: 150,
      saveAnswer: (body) =>
        asSite(async () => {
          const key = `${body.questionId}:${body.seq}`;
          this.figures.sent++;
          if (this.sentOnce.has(key)) this.figures.resent++;
          this.sentOnce.add(key);
          try {
            const result = await call<AnswerSaveResult>(this.base(), 'examAnswerSave', { token: this.token, body, timeoutMs: 10_000 });
            this.figures.confirmed++;
            this.lastConfirmedAt = performance.now();
            const known = this.confirmed.get(body.questionId);
            if (!known || result.seq >= known.seq) {
              this.confirmed.set(body.questionId, { seq: result.seq, answer: result.seq === body.seq ? [...body.answer] : known?.answer ?? [] });
            }
            return result;
          } catch (error) {
            this.figures.failed++;
            throw error;
          }
        }),
      sendLeave: () => Promise.reject(new Error('no page leaves in this run')),
      onStatus: (status) => (this.status = status),
      onLeaveResult: () => {},
      onClosed: (message) => (this.closedBy = message),
      isOnline: () => true,
    });
    await this.sync.load(paper.answers);
  }

  /** Changes one question's answer, as a click or a keystroke does. */
  change(): void {
    const q = pick(this.paper!.questions);
    this.figures.changes++;
    this.sync!.change(q.questionId, someAnswer(q));
  }

  /** Waits until the runner says everything is saved; answers the milliseconds it took. */
  async settle(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    void this.sync!.flush();
    while (this.status.unsaved > 0 || !['saved', 'synced'].includes(this.status.state)) {
      if (this.closedBy !== undefined) throw new Error(`the gateway closed the paper: ${this.closedBy}`);
      if (performance.now() - started > timeoutMs) throw new Error(`the runner did not resynchronise: ${JSON.stringify(this.status)}`);
      await sleep(100);
    }
    return Math.round(performance.now() - started);
  }

  /** Every answer in the runner's journal, as it holds them now. */
  async journalAnswers(): Promise<{ questionId: string; seq: number; answer: string[]; confirmed: boolean }[]> {
    return this.journal.answers(this.paperId);
  }

  stop(): void {
    this.sync?.stop();
  }
}

/** One video period the player watches. */
interface Period {
  courseId: string;
  itemId: string;
  name: string;
  duration: number;
}

export interface PlayerFigures {
  periods: number;
  reports: number;
  confirmedReports: number;
  failedReports: number;
  /** Seconds credited in confirmed answers. */
  credited: number;
}

/** Watches the video periods one after another in real time, reporting like the site's player. */
export class PlayerLearner {
  readonly figures: PlayerFigures = { periods: 0, reports: 0, confirmedReports: 0, failedReports: 0, credited: 0 };
  /** Seconds credited in confirmed answers, per period. */
  readonly creditedByItem = new Map<string, number>();
  /** Every span ever sent, per period. */
  readonly sentByItem = new Map<string, Interval[]>();
  /** The furthest point confirmed, per period (must never go back). */
  readonly furthestByItem = new Map<string, number>();
  lastConfirmedAt = 0;
  private periods: Period[] = [];
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly base: () => string,
    private readonly token: string,
  ) {}

  /** The video periods the learner has not started, of the courses they may study. */
  async choosePeriods(max: number): Promise<Period[]> {
    const courses = await call<PageResult<CourseItem>>(this.base(), 'coursePage', { token: this.token, body: { pageCurrent: 1, pageSize: 50 } });
    const found: Period[] = [];
    for (const course of courses.list) {
      if (!course.isFree) continue;
      const tree = await call<CourseResourceItem[]>(this.base(), 'chapterPeriodList', { token: this.token, query: { courseId: course.id } });
      const flat = (items: CourseResourceItem[]): CourseResourceItem[] => items.flatMap((i) => [i, ...flat(i.subTrainingProgress ?? [])]);
      for (const item of flat(tree)) {
        if (item.resourceType === 2 && item.totalDuration > 0 && item.studyProgress === 0) {
          found.push({ courseId: course.id, itemId: item.subResourceId, name: item.subResourceName, duration: item.totalDuration });
        }
      }
      if (found.length >= max) break;
    }
    this.periods = found.slice(0, max);
    return this.periods;
  }

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async report(period: Period, watchId: string, pending: Interval[], position: number, final: boolean): Promise<Interval[]> {
    const sent = pending;
    this.sentByItem.set(period.itemId, mergeIntervals([...(this.sentByItem.get(period.itemId) ?? []), ...sent]));
    this.figures.reports++;
    try {
      const result = await call<ProgressReportResult>(this.base(), final ? 'progressSave' : 'resourceLogUpdate', {
        token: this.token,
        body: { watchId, intervals: sent, position },
        timeoutMs: 10_000,
      });
      this.figures.confirmedReports++;
      this.figures.credited += result.credited;
      this.creditedByItem.set(period.itemId, (this.creditedByItem.get(period.itemId) ?? 0) + result.credited);
      const before = this.furthestByItem.get(period.itemId) ?? 0;
      if (result.furthest + 1e-6 < before) throw new Error(`${period.name}: furthest went back from ${before} to ${result.furthest}`);
      this.furthestByItem.set(period.itemId, result.furthest);
      this.lastConfirmedAt = performance.now();
      return subtractIntervals(pending, sent);
    } catch (error) {
      if (!(error instanceof CallError)) throw error;
      this.figures.failedReports++;
      return pending;
    }
  }

  private async run(): Promise<void> {
    for (const period of this.periods) {
      if (this.stopped) return;
      const watch = await retry(
        () => call<ResourceWatchResult>(this.base(), 'resourceWatch', { token: this.token, body: { courseId: period.courseId, itemId: period.itemId } }),
        60_000,
        300,
      );
      this.figures.periods++;
      let pending: Interval[] = [];
      let position = 0;
      let clock = performance.now();
      let lastReport = clock;
      while (position < period.duration && !this.stopped) {
        await sleep(250);
        const now = performance.now();
        const next = Math.min(period.duration, position + (now - clock) / 1000);
        pending = mergeIntervals([...pending, [Math.round(position * 1000) / 1000, Math.round(next * 1000) / 1000]]);
        position = next;
        clock = now;
        // Heartbeats every 2 s, one at a time, as the player's hook sends them.
        if (now - lastReport >= 2_000) {
          lastReport = now;
          // The video plays on while the report is on its way.
          pending = await this.report(period, watch.watchId, pending, position, false);
        }
      }
      // Leaving the period: the final report, sent until the gateway takes it.
      const deadline = performance.now() + 60_000;
      for (;;) {
        const before = this.figures.confirmedReports;
        pending = await this.report(period, watch.watchId, pending, position, true);
        if (this.figures.confirmedReports > before || performance.now() > deadline) break;
        await sleep(500);
      }
    }
  }

  /** Seconds of spans sent per period (the most the gateway may hold). */
  sentSeconds(itemId: string): number {
    return coveredSeconds(this.sentByItem.get(itemId) ?? []);
  }

  get watched(): Period[] {
    return this.periods.filter((p) => this.sentByItem.has(p.itemId));
  }
}
