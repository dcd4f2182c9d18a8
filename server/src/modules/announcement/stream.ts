/**
 * `unreadStream`: the signed-in member's unread count as server-sent events. The first `count`
 * event tells the current count; another follows whenever it changes: the notifier wakes the
 * stream when something happened to the member's records (in any tab or connection), and the
 * stream re-counts on its own every 30 s in case a change was missed (and ends when the
 * session has ended). A comment line every 15 s keeps proxies from closing an idle connection.
 *
 * Each stream holds a slot of its sign-in and of its member while it is open (`quotas.ts`); a
 * stream beyond either limit is refused with 429 rather than closing an older one, so a client
 * opening streams in a loop cannot take the open tabs' streams away, and the refused tab keeps
 * its count by polling. Streams are sockets of one process and so are counted per process: the
 * bound holds each process's sockets, timers and subscriptions, which is what it protects.
 */
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { createSlots, quotaReached, quotasOf } from '../../quotas';
import type { AuthContext } from '../../routing';
import { notifierOf } from '../../notify/unread';
import { unreadCountOf } from './records';
import { scoped } from '../../db/access';

/** Timing of every stream; tests shorten it. */
export const streamTiming = {
  /** A re-count (and session check) even without news. */
  recheckMs: 30_000,
  /** A comment line when nothing else was sent. */
  heartbeatMs: 15_000,
  /**
   * A company-wide change (a new announcement) wakes every open stream of the company: each
   * re-counts after a random delay up to this, so that they do not all query at once.
   */
  spreadMs: 1_000,
};

/** The unread streams open in this process, by sign-in and by member. */
const openStreams = createSlots();

export function unreadStream(ctx: AuthContext): Response {
  const { db, sessionId } = ctx;
  const enterpriseId = ctx.tenant.id;
  const memberId = ctx.member.id;
  const quotas = quotasOf(enterpriseId);
  const session = { key: `session:${sessionId}`, max: quotas.unreadStreamsPerSession };
  const member = { key: `member:${memberId}`, max: quotas.unreadStreamsPerMember };
  const release = openStreams.take([session, member]);
  if (typeof release !== 'function') {
    throw release === session
      ? quotaReached('quota.streamsSession', { max: session.max })
      : quotaReached('quota.streamsMember', { max: member.max });
  }
  ctx.c.header('X-Accel-Buffering', 'no');

  return streamSSE(ctx.c, async (stream) => {
    try {
      await follow(stream);
    } finally {
      release();
    }
  });

  async function follow(stream: SSEStreamingApi): Promise<void> {
    let open = true;
    let due = true;
    let wake = () => {};
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timer.unref?.();
      timers.add(timer);
    };
    /** Waits `ms`, or less when woken. */
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          if (wake === done) wake = () => {};
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref?.();
        wake = done;
      });
    const recount = () => {
      due = true;
      wake();
    };
    const end = () => {
      open = false;
      wake();
    };

    // Subscribed before the first count, so that no change falls between the two.
    const unsubscribe = notifierOf(db).subscribe(enterpriseId, memberId, {
      changed: (wide) => (wide && streamTiming.spreadMs > 0 ? later(Math.random() * streamTiming.spreadMs, recount) : recount()),
      closed: () => {
        end();
        stream.abort();
      },
    });
    stream.onAbort(end);

    const scope = scoped(db, enterpriseId).announcements;
    let sent = '';
    let lastCheck = Date.now();
    let lastWrite = Date.now();
    try {
      while (open) {
        if (due) {
          due = false;
          lastCheck = Date.now();
          const count = JSON.stringify(await unreadCountOf(db, enterpriseId, memberId));
          if (!open) break;
          if (count !== sent) {
            sent = count;
            await stream.writeSSE({ event: 'count', data: count });
            lastWrite = Date.now();
          }
          continue;
        }
        const now = Date.now();
        if (now - lastCheck >= streamTiming.recheckMs) {
          // Signed out elsewhere, or the session expired: the stream ends with it.
          if (!(await scope.sessionActive(sessionId))) break;
          due = true;
          continue;
        }
        if (now - lastWrite >= streamTiming.heartbeatMs) {
          await stream.write(': heartbeat\n\n');
          lastWrite = now;
        }
        const next = Math.min(lastCheck + streamTiming.recheckMs, lastWrite + streamTiming.heartbeatMs) - Date.now();
        await sleep(Math.max(next, 0));
      }
    } catch (error) {
      // The client reconnects; a closing gateway or database is no news.
      if (open) console.error('[unread] stream failed:', error);
    } finally {
      open = false;
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    }
  }
}
