/**
 * Keeps a paper's answers and page leaves in step with the gateway. Every change goes to the
 * journal first, then to the gateway after a short pause; what the gateway has not confirmed is
 * sent again on load, when the connection returns and on a timer that backs off. A refusal that
 * says the paper is closed (handed in, or past its deadline) stops everything.
 */
import type { AnswerSaveBody, AnswerSaveResult, SavedAnswer, ScreenSwitchBody, ScreenSwitchResult } from '@/api/exam-types';
import { outcomeOf } from '@/api/outcome';
import type { Journal, JournalAnswer, JournalLeave } from '@/components/exam-runner/journal';
import { mergeAnswers, randomId, retryDelay } from '@/components/exam-runner/rules';

/** saved: all confirmed; saving: changes on their way; offline: requests fail or the browser is offline; synced: all confirmed again after trouble. */
export type SaveState = 'saved' | 'saving' | 'offline' | 'synced';

export interface SyncStatus {
  state: SaveState;
  /** Answers the gateway has not confirmed. */
  unsaved: number;
}

export interface PaperSyncOptions {
  paperId: string;
  journal: Journal;
  saveAnswer(body: AnswerSaveBody, keepalive: boolean): Promise<AnswerSaveResult>;
  sendLeave(body: ScreenSwitchBody, keepalive: boolean): Promise<ScreenSwitchResult>;
  onStatus(status: SyncStatus): void;
  onLeaveResult(result: ScreenSwitchResult): void;
  /** The gateway refused because the paper is closed; `message` is its reason. */
  onClosed(message: string): void;
  isOnline?(): boolean;
  /** Pause after a change before it is sent (at most 500 ms). */
  debounceMs?: number;
}

export interface PaperSync {
  /** Merges the gateway's saved answers with the journal, re-sends what the gateway lacks, and answers the answers to show. */
  load(saved: SavedAnswer[]): Promise<Map<string, string[]>>;
  /** Records a change of one question's answer. */
  change(questionId: string, answer: string[]): void;
  /** Records one leave of the page and reports it. */
  leave(kind: JournalLeave['kind']): void;
  /** Sends everything unconfirmed now; true when the gateway holds every answer and leave. */
  flush(keepalive?: boolean): Promise<boolean>;
  /** Recomputes the status (the browser went on- or offline) and, when online, sends at once. */
  connectionChanged(): void;
  unsaved(): number;
  stop(): void;
}

/** A refusal that closes the paper: handed in, or past its deadline. */
function closedBy(error: unknown): string | undefined {
  const outcome = outcomeOf(error);
  return outcome.kind === 'forbidden' ? outcome.msg : undefined;
}

type Timer = ReturnType<typeof setTimeout>;

export function createPaperSync(options: PaperSyncOptions): PaperSync {
  const { paperId, journal } = options;
  const debounceMs = Math.min(500, options.debounceMs ?? 300);
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const entries = new Map<string, JournalAnswer>();
  const leaves = new Map<string, JournalLeave>();
  const pauses = new Map<string, Timer>();
  const answering = new Map<string, Promise<void>>();
  const leaving = new Map<string, Promise<void>>();
  /** Journal writes still under way, per question: a send waits for its own write. */
  const writes = new Map<string, Promise<void>>();
  let failures = 0;
  let retryTimer: Timer | undefined;
  let troubled = false;
  let closed = false;

  const unsaved = () => {
    let n = 0;
    for (const e of entries.values()) if (!e.confirmed) n += 1;
    return n;
  };

  function report(): void {
    const n = unsaved();
    let state: SaveState;
    if (failures > 0 || !isOnline()) {
      state = 'offline';
      troubled = true;
    } else if (n > 0 || answering.size > 0 || leaving.size > 0 || leaves.size > 0) {
      state = 'saving';
    } else {
      state = troubled ? 'synced' : 'saved';
    }
    options.onStatus({ state, unsaved: n });
  }

  function close(message: string): void {
    if (closed) return;
    closed = true;
    stop();
    options.onClosed(message);
  }

  function failed(): void {
    if (retryTimer || closed) return;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void flush();
    }, retryDelay(failures));
  }

  function succeeded(): void {
    if (failures === 0) return;
    failures = 0;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    // The gateway answers again: send the rest now rather than on the timer.
    void flush();
  }

  function remember(entry: JournalAnswer): Promise<void> {
    const write = journal.putAnswer({ ...entry, answer: [...entry.answer] });
    writes.set(entry.questionId, write);
    return write;
  }

  function sendAnswer(questionId: string, keepalive = false): Promise<void> {
    const running = answering.get(questionId);
    if (running) return running;
    const run = (async () => {
      try {
        await writes.get(questionId);
        // A change made while a save was on its way is sent when that save returns.
        for (;;) {
          const entry = entries.get(questionId);
          if (!entry || entry.confirmed || closed) return;
          const { seq, answer } = entry;
          let stored: number;
          try {
            stored = (await options.saveAnswer({ paperId, questionId, answer: [...answer], seq }, keepalive)).seq;
          } catch (error) {
            const reason = closedBy(error);
            if (reason !== undefined) close(reason);
            else failed();
            return;
          }
          const now = entries.get(questionId)!;
          if (stored >= now.seq) {
            now.seq = stored;
            now.confirmed = true;
            await remember(now);
          }
          succeeded();
        }
      } finally {
        answering.delete(questionId);
        report();
      }
    })();
    answering.set(questionId, run);
    report();
    return run;
  }

  function sendLeave(entry: JournalLeave, keepalive = false): Promise<void> {
    const running = leaving.get(entry.eventId);
    if (running) return running;
    const run = (async () => {
      try {
        const { eventId, kind, clientAt } = entry;
        const result = await options.sendLeave({ paperId, eventId, kind, clientAt }, keepalive);
        leaves.delete(eventId);
        await journal.deleteLeave(eventId);
        succeeded();
        options.onLeaveResult(result);
      } catch (error) {
        const reason = closedBy(error);
        if (reason !== undefined) close(reason);
        else failed();
      } finally {
        leaving.delete(entry.eventId);
        report();
      }
    })();
    leaving.set(entry.eventId, run);
    report();
    return run;
  }

  async function flush(keepalive = false): Promise<boolean> {
    if (closed) return false;
    for (const timer of pauses.values()) clearTimeout(timer);
    pauses.clear();
    const answers = [...entries.values()].filter((e) => !e.confirmed).map((e) => sendAnswer(e.questionId, keepalive));
    const events = [...leaves.values()].map((l) => sendLeave(l, keepalive));
    await Promise.all([...answers, ...events]);
    return !closed && unsaved() === 0 && leaves.size === 0;
  }

  function stop(): void {
    for (const timer of pauses.values()) clearTimeout(timer);
    pauses.clear();
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  return {
    async load(saved) {
      const [kept, left] = await Promise.all([journal.answers(paperId), journal.leaves(paperId)]);
      for (const entry of mergeAnswers(paperId, saved, kept)) entries.set(entry.questionId, entry);
      for (const l of left) leaves.set(l.eventId, l);
      troubled = unsaved() > 0 || leaves.size > 0;
      report();
      void flush();
      return new Map([...entries.values()].map((e) => [e.questionId, [...e.answer]]));
    },

    change(questionId, answer) {
      if (closed) return;
      if (unsaved() === 0 && failures === 0) troubled = false;
      const entry: JournalAnswer = {
        paperId,
        questionId,
        answer: [...answer],
        seq: (entries.get(questionId)?.seq ?? 0) + 1,
        confirmed: false,
      };
      entries.set(questionId, entry);
      void remember(entry);
      clearTimeout(pauses.get(questionId));
      pauses.set(
        questionId,
        setTimeout(() => {
          pauses.delete(questionId);
          void sendAnswer(questionId);
        }, debounceMs),
      );
      report();
    },

    leave(kind) {
      if (closed) return;
      const entry: JournalLeave = { paperId, eventId: randomId(), kind, clientAt: new Date().toISOString() };
      leaves.set(entry.eventId, entry);
      report();
      void journal.putLeave(entry).then(() => sendLeave(entry));
    },

    flush,

    connectionChanged() {
      if (closed) return;
      report();
      if (!isOnline()) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      void flush();
    },

    unsaved,
    stop,
  };
}
