/**
 * The gateway's stream of unread counts (server-sent events read with fetch, so the token
 * header goes along), and a feed that keeps a count current on its own: the stream while it is
 * up, reconnecting with backoff when it drops, polling meanwhile, and a fresh count when the
 * tab is shown again.
 *
 * Loaded lazily by the header once a user is signed in; nothing here is needed for first paint.
 */
import { ApiError, endpointURL, requestHeaders, settle } from '@/api/client';
import { Code, isSignOutCode } from '@/api/codes';
import type { EndpointDef } from '@/api/endpoints';
import type { UnreadCount } from '@/api/home-types';
import { getUnreadCount } from '@/api/unread';

/**
 * The `unreadStream` row of `endpoints.ts`, written out: the build puts each call's row in
 * place (scripts/lib/inline-endpoints.mjs) but this is read with fetch, not `call`, and
 * importing the table would ship all of it. A unit test keeps the two equal.
 */
export const UNREAD_STREAM: EndpointDef = {
  method: 'GET',
  path: 'user/auth/announcement/user/record/wait/read/stream',
  access: 'auth',
};

// ---- server-sent events

/** One dispatched event of an event stream. */
export interface SseEvent {
  /** The `event:` field, `message` when none was given. */
  event: string;
  /** The `data:` lines joined by line feeds. */
  data: string;
  /** The last `id:` seen on the stream. */
  id: string;
}

/**
 * A parser of `text/event-stream` text as it arrives, in chunks cut anywhere (the WHATWG
 * "interpreting an event stream" rules: CRLF, LF or CR line ends, comments, one leading space
 * after the colon, `data` lines joined, an event dispatched by a blank line and only when it
 * has data, `retry` in whole milliseconds). Returns the function to feed chunks to.
 *
 * @example const feed = createSseParser((e) => console.log(e.event, e.data)); feed('event: count\ndata: {"total":3}\n\n')
 */
export function createSseParser(
  onEvent: (event: SseEvent) => void,
  onRetry?: (ms: number) => void,
): (chunk: string) => void {
  let buffer = '';
  let first = true;
  let data: string[] = [];
  let type = '';
  let lastId = '';

  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: type || 'message', data: data.join('\n'), id: lastId });
      data = [];
      type = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\u0000')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return (chunk) => {
    buffer += chunk;
    if (first && buffer) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (ch === '\r' && i === buffer.length - 1) break;
      line(buffer.slice(start, i));
      if (ch === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };
}

// ---- backoff

/** The first reconnection waits about this long; each failure after it doubles the wait. */
export const RECONNECT_BASE_MS = 1000;
/** The longest wait between reconnections. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnection attempt `attempt` (0 for the first): exponential, capped
 * at {@link RECONNECT_MAX_MS}, with "equal jitter" (between half and all of the step) so that
 * many tabs dropped by one gateway restart do not come back at the same instant.
 *
 * @example reconnectDelay(0, () => 1) → 1000; reconnectDelay(3, () => 0) → 4000; reconnectDelay(10, () => 1) → 30000
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}

// ---- the stream

/** The `count` event's data, if it is an {@link UnreadCount}. */
export function parseUnreadCount(data: string): UnreadCount | undefined {
  try {
    const value = JSON.parse(data) as Partial<UnreadCount> | null;
    if (!value || typeof value !== 'object') return undefined;
    const { total, announcements, messages } = value;
    const counts = [total, announcements, messages];
    if (!counts.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) return undefined;
    return { total: total!, announcements: announcements!, messages: messages! };
  } catch {
    return undefined;
  }
}

export interface UnreadStreamHandlers {
  /** The stream is open (the gateway answered with an event stream). */
  onOpen?: () => void;
  /** A `count` event: the first is the current count, then one per change. */
  onCount: (count: UnreadCount) => void;
  /** Anything arrived, heartbeats included. */
  onActivity?: () => void;
  /** The gateway asked for another reconnection delay (`retry:`). */
  onRetry?: (ms: number) => void;
}

const EVENT_STREAM = /^text\/event-stream\b/i;

function isEnvelopeWith(body: unknown, code: number): body is { code: number; msg: string; data: unknown } {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === code;
}

/**
 * Reads the gateway's unread stream until it ends (resolves) or fails (rejects). An answer
 * that is not a stream goes through the client's envelope rules without a toast: a sign-out
 * code ends the session as on any call, and rejects with that {@link ApiError}. A refusal for
 * too many open streams (429) rejects without the toast 429 otherwise gets: the feed polls.
 */
export async function readUnreadStream(handlers: UnreadStreamHandlers, signal?: AbortSignal): Promise<void> {
  const response = await fetch(endpointURL(UNREAD_STREAM), {
    headers: requestHeaders({ accept: 'text/event-stream' }),
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !EVENT_STREAM.test(response.headers.get('content-type') ?? '') || !response.body) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    // Too many streams open (other tabs): the badge carries on by polling, without a toast.
    if (isEnvelopeWith(body, Code.TOO_MANY_REQUESTS)) throw new ApiError(Code.TOO_MANY_REQUESTS, body.msg, body.data);
    await settle(body, text, { isShowErrTip: false });
    throw new ApiError(0, 'not an event stream', undefined);
  }

  handlers.onOpen?.();
  const feed = createSseParser((event) => {
    if (event.event !== 'count') return;
    const count = parseUnreadCount(event.data);
    if (count) handlers.onCount(count);
  }, handlers.onRetry);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      handlers.onActivity?.();
      feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}

// ---- the feed

/** Spec issue: no slower than 30 s. Polling runs only while the stream is down. */
export const UNREAD_POLL_MS = 25_000;
/** The gateway sends a heartbeat well within this; silence this long means a dead connection. */
export const UNREAD_SILENCE_MS = 90_000;

/** Timers and page events of the feed; tests pass their own. */
export interface FeedEnvironment {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  /** Subscribes to "the page is shown again" and "the network is back"; returns the unsubscribe. */
  onWake: (fn: () => void) => () => void;
}

/**
 * Answers after which the feed stops for good: the session has ended (a sign-out code), or it
 * may not read messages until its initial password is changed, which ends it too.
 */
function endsFeed(error: unknown): boolean {
  return error instanceof ApiError && (isSignOutCode(error.code) || error.code === Code.PASSWORD_CHANGE_REQUIRED);
}

function browserEnvironment(): FeedEnvironment {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    onWake: (fn) => {
      if (typeof document === 'undefined') return () => undefined;
      const onVisible = () => document.visibilityState === 'visible' && fn();
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('online', fn);
      return () => {
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('online', fn);
      };
    },
  };
}

export interface UnreadFeedOptions {
  onCount: (count: UnreadCount) => void;
  /** Defaults to the browser's timers, visibility and online events. */
  env?: FeedEnvironment;
  /** Defaults to {@link readUnreadStream}. */
  stream?: typeof readUnreadStream;
  /** Defaults to {@link getUnreadCount} without toasts. */
  poll?: () => Promise<UnreadCount>;
  /** Defaults to Math.random (the reconnection jitter). */
  random?: () => number;
}

/**
 * Keeps the unread count current until the returned function is called: the stream while it
 * is up; when it drops, a count by the plain call at once and every {@link UNREAD_POLL_MS}
 * while down, and a reconnection after {@link reconnectDelay}; when the page is shown again
 * (or the network is back), a fresh count and, if the stream is down, a reconnection now.
 * A sign-out answer stops everything (the client has already ended the session).
 */
export function followUnread({
  onCount,
  env = browserEnvironment(),
  stream = readUnreadStream,
  poll = () => getUnreadCount({ isShowErrTip: false }),
  random,
}: UnreadFeedOptions): () => void {
  let stopped = false;
  let up = false;
  let attempt = 0;
  let retryAfter: number | undefined;
  let controller: AbortController | undefined;
  let retryTimer: unknown;
  let pollTimer: unknown;
  let silenceTimer: unknown;

  const clear = (timer: unknown) => timer !== undefined && env.clearTimeout(timer);

  const refresh = () => {
    poll().then(
      (count) => !stopped && onCount(count),
      (error: unknown) => {
        if (endsFeed(error)) stop();
      },
    );
  };

  const schedulePoll = () => {
    clear(pollTimer);
    pollTimer = env.setTimeout(() => {
      pollTimer = undefined;
      if (stopped || up) return;
      refresh();
      schedulePoll();
    }, UNREAD_POLL_MS);
  };

  const heard = () => {
    clear(silenceTimer);
    silenceTimer = env.setTimeout(() => controller?.abort(), UNREAD_SILENCE_MS);
  };

  const connect = () => {
    clear(retryTimer);
    retryTimer = undefined;
    if (stopped) return;
    const own = (controller = new AbortController());
    heard();
    stream(
      {
        onOpen: () => {
          up = true;
          attempt = 0;
          clear(pollTimer);
          pollTimer = undefined;
        },
        onCount: (count) => !stopped && onCount(count),
        onActivity: heard,
        onRetry: (ms) => (retryAfter = ms),
      },
      own.signal,
    ).then(
      () => dropped(own),
      (error: unknown) => {
        if (endsFeed(error)) stop();
        else dropped(own);
      },
    );
  };

  const dropped = (own: AbortController) => {
    if (stopped || own !== controller) return;
    clear(silenceTimer);
    up = false;
    refresh();
    schedulePoll();
    const delay = Math.max(retryAfter ?? 0, reconnectDelay(attempt++, random));
    retryTimer = env.setTimeout(connect, delay);
  };

  const wake = () => {
    if (stopped) return;
    refresh();
    if (!up && retryTimer !== undefined) {
      attempt = 0;
      connect();
    }
  };

  const unwake = env.onWake(wake);

  function stop() {
    if (stopped) return;
    stopped = true;
    up = false;
    unwake();
    [retryTimer, pollTimer, silenceTimer].forEach(clear);
    controller?.abort();
  }

  connect();
  return stop;
}
