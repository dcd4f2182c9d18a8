import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NO_ENVELOPE } from '@/api/client';
import { Code } from '@/api/codes';
import type { AnswerSaveBody, ScreenSwitchBody } from '@/api/exam-types';
import { memoryJournal, type Journal } from './journal';
import { createPaperSync, type SyncStatus } from './paper-sync';

/** A gateway stand-in with the save semantics of the contract: idempotent by seq per question. */
function fakeGateway() {
  const stored = new Map<string, { answer: string[]; seq: number }>();
  const events = new Set<string>();
  const gw = {
    up: true,
    closed: false,
    saves: [] as AnswerSaveBody[],
    stored,
    events,
    async save(body: AnswerSaveBody) {
      gw.saves.push(body);
      if (!gw.up) throw new ApiError(NO_ENVELOPE, '', undefined);
      if (gw.closed) throw new ApiError(Code.FORBIDDEN, 'The examination time has come to an end', undefined);
      const now = stored.get(body.questionId);
      if (!now || body.seq > now.seq) stored.set(body.questionId, { answer: body.answer, seq: body.seq });
      return { questionId: body.questionId, seq: stored.get(body.questionId)!.seq, savedAt: '' };
    },
    async leave(body: ScreenSwitchBody) {
      if (!gw.up) throw new ApiError(NO_ENVELOPE, '', undefined);
      events.add(body.eventId);
      return { screenSwitches: events.size, screenSwitchLimit: 2, handedIn: events.size > 2 };
    },
  };
  return gw;
}

function setup(journal: Journal = memoryJournal(), gw = fakeGateway()) {
  const statuses: SyncStatus[] = [];
  const closed: string[] = [];
  let online = true;
  const sync = createPaperSync({
    paperId: 'p',
    journal,
    saveAnswer: (body) => gw.save(body),
    sendLeave: (body) => gw.leave(body),
    onStatus: (s) => statuses.push(s),
    onLeaveResult: () => {},
    onClosed: (message) => closed.push(message),
    isOnline: () => online,
    debounceMs: 300,
  });
  return {
    sync,
    gw,
    journal,
    closed,
    status: () => statuses.at(-1),
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPaperSync', () => {
  it('journals a change at once and saves it after the pause, with a growing seq', async () => {
    const { sync, gw, journal, status } = setup();
    await sync.load([]);
    sync.change('q1', ['A']);
    sync.change('q1', ['B']);
    await vi.advanceTimersByTimeAsync(0);
    expect(await journal.answers('p')).toMatchObject([{ questionId: 'q1', answer: ['B'], seq: 2, confirmed: false }]);
    expect(status()).toEqual({ state: 'saving', unsaved: 1 });
    expect(gw.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(gw.saves).toEqual([{ paperId: 'p', questionId: 'q1', answer: ['B'], seq: 2 }]);
    expect(await journal.answers('p')).toMatchObject([{ seq: 2, confirmed: true }]);
    expect(status()).toEqual({ state: 'saved', unsaved: 0 });
  });

  it('keeps answers while the gateway is down, retries with backoff and reports synced', async () => {
    const { sync, gw, status } = setup();
    await sync.load([]);
    gw.up = false;
    sync.change('q1', ['A']);
    sync.change('q2', ['x', 'y']);
    await vi.advanceTimersByTimeAsync(300);
    expect(status()).toEqual({ state: 'offline', unsaved: 2 });
    sync.change('q3', ['text']);
    await vi.advanceTimersByTimeAsync(300);
    expect(status()).toEqual({ state: 'offline', unsaved: 3 });
    gw.up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status()).toEqual({ state: 'synced', unsaved: 0 });
    expect(Object.fromEntries([...gw.stored].map(([q, v]) => [q, v.answer]))).toEqual({
      q1: ['A'],
      q2: ['x', 'y'],
      q3: ['text'],
    });
    // The next change after a sync is an ordinary save again.
    sync.change('q1', ['B']);
    await vi.advanceTimersByTimeAsync(300);
    expect(status()).toEqual({ state: 'saved', unsaved: 0 });
  });

  it('is offline while the browser says so, and sends at once when it is back', async () => {
    const { sync, gw, status, setOnline } = setup();
    await sync.load([]);
    setOnline(false);
    gw.up = false;
    sync.change('q1', ['A']);
    await vi.advanceTimersByTimeAsync(300);
    expect(status()?.state).toBe('offline');
    setOnline(true);
    gw.up = true;
    sync.connectionChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(status()).toEqual({ state: 'synced', unsaved: 0 });
  });

  it('resumes after a reload: merges with the gateway, re-sends what it lacks, continues the seq', async () => {
    const journal = memoryJournal();
    const gw = fakeGateway();
    const first = setup(journal, gw);
    await first.sync.load([]);
    first.sync.change('q1', ['A']);
    await vi.advanceTimersByTimeAsync(300);
    gw.up = false;
    first.sync.change('q1', ['B']);
    first.sync.change('q2', ['long text']);
    await vi.advanceTimersByTimeAsync(300);
    first.sync.stop();
    // The page reloads while the gateway is back.
    gw.up = true;
    const second = setup(journal, gw);
    const saved = [...gw.stored].map(([questionId, v]) => ({ questionId, ...v, savedAt: '' }));
    const shown = await second.sync.load(saved);
    expect(Object.fromEntries(shown)).toEqual({ q1: ['B'], q2: ['long text'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(gw.stored.get('q1')).toEqual({ answer: ['B'], seq: 2 });
    expect(second.status()).toEqual({ state: 'synced', unsaved: 0 });
    second.sync.change('q1', ['C']);
    await vi.advanceTimersByTimeAsync(300);
    expect(gw.stored.get('q1')).toEqual({ answer: ['C'], seq: 3 });
  });

  it('sends a change made during a save once that save returns', async () => {
    const { sync, gw } = setup();
    await sync.load([]);
    let release!: () => void;
    const slow = gw.save;
    gw.save = async (body) => {
      await new Promise<void>((resolve) => (release = resolve));
      return slow(body);
    };
    sync.change('q1', ['A']);
    await vi.advanceTimersByTimeAsync(300);
    gw.save = slow;
    sync.change('q1', ['A', 'B']);
    await vi.advanceTimersByTimeAsync(300);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(gw.stored.get('q1')).toEqual({ answer: ['A', 'B'], seq: 2 });
    expect(sync.unsaved()).toBe(0);
  });

  it('flush sends pending changes at once and says whether everything arrived', async () => {
    const { sync, gw } = setup();
    await sync.load([]);
    sync.change('q1', ['A']);
    expect(await sync.flush()).toBe(true);
    gw.up = false;
    sync.change('q2', ['B']);
    expect(await sync.flush()).toBe(false);
  });

  it('stops when the gateway says the paper is closed', async () => {
    const { sync, gw, closed } = setup();
    await sync.load([]);
    gw.closed = true;
    sync.change('q1', ['A']);
    await vi.advanceTimersByTimeAsync(300);
    expect(closed).toEqual(['The examination time has come to an end']);
  });

  it('keeps page leaves in the journal until the gateway counts them, once each', async () => {
    const { sync, gw, journal } = setup();
    await sync.load([]);
    gw.up = false;
    sync.leave('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(await journal.leaves('p')).toHaveLength(1);
    gw.up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await journal.leaves('p')).toHaveLength(0);
    expect(gw.events.size).toBe(1);
  });
});
