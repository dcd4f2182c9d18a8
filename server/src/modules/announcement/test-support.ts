/**
 * Helpers for the announcement tests: records found by their English title, counts of state
 * rows, and a reader of the unread stream (server-sent events read from the response body, as
 * the site's fetch reader does).
 */
import { and, count, eq } from 'drizzle-orm';
import { TOKEN_HEADER } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { UnreadCount } from '@/api/home-types';
import { announcementReads, announcements, comments } from '../../db/schema';
import type { TestGateway } from '../../testing';
import type { Who } from '../exam/test-support';

export { as, signIn, type Who } from '../exam/test-support';

/** The id of the one record with this English title (of the member's company, when given). */
export async function recordId(gw: TestGateway, titleEn: string, recipientId?: string): Promise<string> {
  const rows = await gw.database.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.titleEn, titleEn), recipientId ? eq(announcements.recipientId, recipientId) : undefined));
  if (rows.length !== 1) throw new Error(`expected one record "${titleEn}", found ${rows.length}`);
  return rows[0]!.id;
}

/** Every state row of one record, for checking that nothing changed. */
export function statesOf(gw: TestGateway, id: string) {
  return gw.database.db.select().from(announcementReads).where(eq(announcementReads.announcementId, id));
}

export async function commentRows(gw: TestGateway, announcementId: string): Promise<number> {
  const [row] = await gw.database.db.select({ n: count() }).from(comments).where(eq(comments.targetId, announcementId));
  return row!.n;
}

export interface SseEvent {
  event: string;
  data: string;
  /** Comment lines (`: heartbeat`), without the colon. */
  comments: string[];
}

export interface StreamReader {
  res: Response;
  /** The next event or comment block; undefined when none came within `ms` or the stream ended. */
  next(ms?: number): Promise<SseEvent | undefined>;
  /** The next `count` event's data, skipping heartbeats; fails the test when none comes. */
  nextCount(ms?: number): Promise<UnreadCount>;
  /** Whether the stream ends (the server closed it) within `ms`. */
  ended(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens `who`'s unread stream (with more request headers when given). */
export async function openStream(gw: TestGateway, who: Who, headers: Record<string, string> = {}): Promise<StreamReader> {
  const res = await gw.app.request(`http://${who.host}${gw.prefix}/${endpoints.unreadStream.path}`, {
    headers: { ...headers, [TOKEN_HEADER]: who.token },
  });
  // Taken at the first read, so that an answer that is no stream can still be read as JSON.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  const parse = (block: string): SseEvent => {
    const event: SseEvent = { event: '', data: '', comments: [] };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) event.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event.event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    event.data = data.join('\n');
    return event;
  };

  const next: StreamReader['next'] = async (ms = 5_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      if (done) return undefined;
      pending ??= (reader ??= res.body!.getReader()).read();
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const result = await Promise.race([pending, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left)))]);
      clearTimeout(timer);
      if (result === 'timeout') return undefined;
      pending = undefined;
      if (result.done) done = true;
      else buffer += decoder.decode(result.value, { stream: true });
    }
  };

  return {
    res,
    next,
    async nextCount(ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const event = await next(Math.max(deadline - Date.now(), 0));
        if (!event) throw new Error(`no count event within ${ms} ms`);
        if (event.event === 'count') return JSON.parse(event.data) as UnreadCount;
      }
    },
    async ended(ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!done) {
        const event = await next(Math.max(deadline - Date.now(), 0));
        if (!event && !done) return false;
      }
      return true;
    },
    async close() {
      await (reader ?? res.body)?.cancel().catch(() => {});
    },
  };
}
