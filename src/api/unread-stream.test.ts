// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureClient } from '@/api/client';
import { Code, TOKEN_COOKIE } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { UnreadCount } from '@/api/home-types';
import { startStubGateway, type StubGateway } from '@/api/test-gateway';
import {
  createSseParser,
  followUnread,
  parseUnreadCount,
  readUnreadStream,
  reconnectDelay,
  RECONNECT_MAX_MS,
  UNREAD_POLL_MS,
  UNREAD_SILENCE_MS,
  type FeedEnvironment,
  type SseEvent,
  type UnreadStreamHandlers,
  UNREAD_STREAM,
} from '@/api/unread-stream';
import { $toasts, clearToasts } from '@/stores/toasts';

const count = (total: number): UnreadCount => ({ total, announcements: total, messages: 0 });

function parse(chunks: string[]): { events: SseEvent[]; retries: number[] } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const feed = createSseParser((e) => events.push(e), (ms) => retries.push(ms));
  chunks.forEach(feed);
  return { events, retries };
}

describe('UNREAD_STREAM', () => {
  it('is the unreadStream row of the call table', () => {
    expect(UNREAD_STREAM).toEqual(endpoints.unreadStream);
  });
});

describe('createSseParser', () => {
  const stream = ': hello\n\nevent: count\ndata: {"total":1}\n\nid: 7\ndata: a\ndata:b\ndata\n\nretry: 3000\n\n';
  const expected: SseEvent[] = [
    { event: 'count', data: '{"total":1}', id: '' },
    { event: 'message', data: 'a\nb\n', id: '7' },
  ];

  it('reads events, comments, ids, multi-line data and retry', () => {
    expect(parse([stream])).toEqual({ events: expected, retries: [3000] });
  });

  it('gives the same events however the text is cut', () => {
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)]).events, `cut at ${cut}`).toEqual(expected);
    }
    expect(parse([...stream]).events).toEqual(expected);
  });

  it('accepts CRLF, CR and LF line ends, also a CRLF cut in two', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    const cr = stream.replaceAll('\n', '\r');
    expect(parse([crlf]).events).toEqual(expected);
    expect(parse([cr]).events).toEqual(expected);
    const at = crlf.indexOf('\r\n');
    expect(parse([crlf.slice(0, at + 1), crlf.slice(at + 1)]).events).toEqual(expected);
  });

  it('drops a leading byte order mark, a field with one space only, unknown fields and events without data', () => {
    const { events } = parse(['\ufeffevent: count\nfoo: bar\n\n', 'event: count\ndata:  two spaces\n\n']);
    expect(events).toEqual([{ event: 'count', data: ' two spaces', id: '' }]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const { events } = parse(['event: count\ndata: 1\n']);
    expect(events).toEqual([]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from about a second, with jitter between half and all of the step, up to the cap', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(1, () => 1)).toBe(2000);
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    for (let attempt = 0; attempt < 12; attempt++) {
      const d = reconnectDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });
});

describe('parseUnreadCount', () => {
  it('takes whole non-negative counts only', () => {
    expect(parseUnreadCount('{"total":3,"announcements":2,"messages":1,"x":1}')).toEqual({
      total: 3,
      announcements: 2,
      messages: 1,
    });
    expect(parseUnreadCount('{"total":-1,"announcements":0,"messages":0}')).toBeUndefined();
    expect(parseUnreadCount('{"total":1.5,"announcements":0,"messages":0}')).toBeUndefined();
    expect(parseUnreadCount('{"total":1}')).toBeUndefined();
    expect(parseUnreadCount('null')).toBeUndefined();
    expect(parseUnreadCount('not json')).toBeUndefined();
  });
});

describe('readUnreadStream against a gateway', () => {
  let gw: StubGateway;
  const path = endpoints.unreadStream.path;

  beforeAll(async () => {
    gw = await startStubGateway();
    // The page and the gateway on one origin, as the site serves them.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${gw.origin}/`);
  });
  afterAll(() => gw.close());
  beforeEach(() => {
    gw.reset();
    configureClient({ baseURL: `${gw.origin}/gateway` });
    clearToasts();
    Cookies.set(TOKEN_COOKIE, 'tok-stream', { path: '/' });
  });
  afterEach(() => {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    configureClient();
  });

  it('sends the token, reads count events as they come, ignores the rest, and ends with the stream', async () => {
    const encoder = new TextEncoder();
    gw.on('GET', path, () => {
      const parts = [
        'event: count\ndata: {"total":4,"announcements":3,"messages":1}\n\n',
        ': heartbeat\n\n',
        'event: other\ndata: {}\n\nevent: count\nda',
        'ta: {"total":3,"announcements":2,"messages":1}\n\n',
      ];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const part = parts.shift();
          if (part === undefined) return controller.close();
          await new Promise((r) => setTimeout(r, 5));
          controller.enqueue(encoder.encode(part));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    });
    const counts: UnreadCount[] = [];
    let opened = 0;
    let activity = 0;
    await readUnreadStream({ onOpen: () => opened++, onCount: (c) => counts.push(c), onActivity: () => activity++ });
    expect(opened).toBe(1);
    expect(activity).toBeGreaterThanOrEqual(4);
    expect(counts.map((c) => c.total)).toEqual([4, 3]);
    const [req] = gw.calls(path);
    expect(req!.headers.token).toBe('tok-stream');
    expect(req!.headers.accept).toBe('text/event-stream');
  });

  it('rejects an answer that is not a stream with the envelope error and shows no toast', async () => {
    gw.reply('GET', path, { code: 500, msg: 'internal', data: null });
    const error = await readUnreadStream({ onCount: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(500);
    expect($toasts.get()).toEqual([]);
  });

  it('rejects a refusal for too many open streams (429) without the toast other 429 answers get', async () => {
    gw.reply('GET', path, { code: 429, msg: '打开的消息连接过多', data: null });
    const error = await readUnreadStream({ onCount: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(429);
    expect($toasts.get()).toEqual([]);
  });

  it('stops reading when aborted', async () => {
    gw.on('GET', path, () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('event: count\ndata: {"total":1,"announcements":1,"messages":0}\n\n'));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const controller = new AbortController();
    const counts: number[] = [];
    const done = readUnreadStream(
      {
        onCount: (c) => {
          counts.push(c.total);
          controller.abort();
        },
      },
      controller.signal,
    ).catch((e: unknown) => e);
    await expect(done).resolves.toBeDefined();
    expect(counts).toEqual([1]);
  });
});

/** A stream the test opens, feeds and closes by hand. */
interface FakeStream {
  handlers: UnreadStreamHandlers;
  signal: AbortSignal;
  end: () => void;
  fail: (error: unknown) => void;
}

describe('followUnread', () => {
  let streams: FakeStream[];
  let polls: number;
  let pollAnswer: () => Promise<UnreadCount>;
  let wake: (() => void) | undefined;
  let seen: number[];
  let stop: () => void;

  const env: FeedEnvironment = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    onWake: (fn) => {
      wake = fn;
      return () => (wake = undefined);
    },
  };

  const start = () =>
    (stop = followUnread({
      onCount: (c) => seen.push(c.total),
      env,
      random: () => 1,
      poll: () => {
        polls++;
        return pollAnswer();
      },
      stream: (handlers, signal) =>
        new Promise<void>((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          streams.push({ handlers, signal: signal!, end: resolve, fail: reject });
        }),
    }));

  const last = () => streams.at(-1)!;
  const open = (total: number) => {
    last().handlers.onOpen?.();
    last().handlers.onActivity?.();
    last().handlers.onCount(count(total));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    streams = [];
    polls = 0;
    seen = [];
    pollAnswer = () => Promise.resolve(count(9));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('follows the stream and does not poll while it is up', async () => {
    start();
    expect(streams).toHaveLength(1);
    open(5);
    last().handlers.onCount(count(4));
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(seen).toEqual([5, 4]);
    expect(polls).toBe(0);
  });

  it('when the stream drops: a count at once, polling every 25 s, reconnection with growing delays', async () => {
    start();
    open(5);
    last().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
    expect(seen).toEqual([5, 9]);
    // First reconnection after 1 s (random() = 1); it fails at once.
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams).toHaveLength(2);
    last().fail(new ApiError(500, 'internal', null));
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(2);
    // The next waits 2 s, then 4 s.
    await vi.advanceTimersByTimeAsync(1999);
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(3);
    last().fail(new Error('network'));
    await vi.advanceTimersByTimeAsync(0);
    const before = polls;
    // Down for a while: polled every 25 s (the next connection, after 4 s, hangs without opening).
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(polls).toBeGreaterThan(before);
    // Back up: the delay resets and polling stops.
    last().handlers.onOpen?.();
    const afterOpen = polls;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(polls).toBe(afterOpen);
  });

  it('reconnects at once, with a fresh count, when the page is shown again while the stream is down', async () => {
    start();
    open(5);
    last().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(1);
    wake!();
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(2);
    expect(polls).toBe(2);
  });

  it('refreshes the count when the page is shown again while the stream is up, without reconnecting', async () => {
    start();
    open(5);
    wake!();
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(1);
    expect(polls).toBe(1);
    expect(seen).toEqual([5, 9]);
  });

  it('gives up a silent connection and opens another', async () => {
    start();
    open(5);
    await vi.advanceTimersByTimeAsync(UNREAD_SILENCE_MS);
    expect(last().signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams).toHaveLength(2);
  });

  it('stops for good on a sign-out answer', async () => {
    start();
    last().fail(new ApiError(Code.UNAUTHORIZED, 'Please login first!', null));
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(streams).toHaveLength(1);
    expect(polls).toBe(0);
    expect(wake).toBeUndefined();
  });

  it('stops for good while the initial password must be changed first', async () => {
    start();
    last().fail(new ApiError(Code.PASSWORD_CHANGE_REQUIRED, 'Please change your password first', null));
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2 + UNREAD_POLL_MS * 2);
    expect(streams).toHaveLength(1);
    expect(polls).toBe(0);
  });

  it('stops everything when told to, and reports nothing after', async () => {
    start();
    open(5);
    const first = last();
    stop();
    expect(first.signal.aborted).toBe(true);
    first.handlers.onCount(count(1));
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2 + UNREAD_POLL_MS * 2);
    expect(streams).toHaveLength(1);
    expect(polls).toBe(0);
    expect(seen).toEqual([5]);
  });
});
