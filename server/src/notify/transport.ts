/**
 * Carries change signals between gateway processes: in-process by default (one gateway process);
 * on PostgreSQL the gateway switches to {@link postgresTransport} (LISTEN/NOTIFY) at start-up, so
 * that every replica on the database hears of every change. The unread streams, the session
 * cache and the course catalogue cache each listen on a channel of their own.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, type Db } from '../db/client';

/** Whose data changed: one member's, or (no `memberId`) everyone's in the enterprise. */
export interface Change {
  enterpriseId: string;
  memberId?: string;
}

/** Carries changes to every gateway process, this one included. */
export interface ChangeTransport {
  publish(change: Change): Promise<void>;
  /**
   * Receives every published change until the answered function is called; `resync` is called
   * when changes may have been missed (the transport was cut off for a while).
   */
  listen(receive: (change: Change) => void, resync?: () => void): () => void;
  close?(): Promise<void>;
}

/** One process: a change is delivered at once, to this process only. */
export function localTransport(): ChangeTransport {
  const receivers = new Set<(change: Change) => void>();
  return {
    async publish(change) {
      for (const receive of receivers) receive(change);
    },
    listen(receive) {
      receivers.add(receive);
      return () => void receivers.delete(receive);
    },
  };
}

/**
 * A transport that can be switched at start-up (to {@link postgresTransport}) while `receive`
 * (and `resync`, when changes may have been missed) keep listening; local to this process until then.
 */
export function switchableTransport(receive: (change: Change) => void, resync?: () => void, initial: ChangeTransport = localTransport()) {
  let transport = initial;
  let stopListening = transport.listen(receive, resync);
  return {
    publish: (change: Change) => transport.publish(change),
    /** Switches to another transport; the previous one is closed. */
    async useTransport(next: ChangeTransport): Promise<void> {
      stopListening();
      const previous = transport;
      transport = next;
      stopListening = next.listen(receive, resync);
      await previous.close?.();
    },
  };
}

/** The channel of the unread changes when none is given. */
export const UNREAD_CHANNEL = 'xuetang_unread';

export interface PostgresTransportOptions {
  /** The database the gateway replicas share. */
  connectionString: string;
  /** Where changes are published (the gateway's pool). */
  db: Db;
  /** LISTEN/NOTIFY channel; one per schema when several share a server (tests). */
  channel?: string;
  /** First wait before listening again after the connection was lost; doubles up to 5 s. */
  retryMs?: number;
}

export interface PostgresTransport extends ChangeTransport {
  /** Resolves once the first LISTEN is in place. */
  ready(): Promise<void>;
  /** Whether the listening connection is up now. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * Several gateway processes on one PostgreSQL: a change is delivered to this process at once and
 * sent to the others with NOTIFY; a dedicated connection LISTENs and reconnects by itself after
 * the server restarts or drops it, then asks every stream to count again (changes may have been
 * missed meanwhile).
 */
export function postgresTransport(options: PostgresTransportOptions): PostgresTransport {
  const channel = options.channel ?? UNREAD_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid unread channel "${channel}"`);
  const origin = randomUUID();
  const firstRetry = options.retryMs ?? 250;
  const here = localTransport();
  const resyncs = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let heardBefore = false;
  let delay = firstRetry;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let markReady = () => {};
  const readyOnce = new Promise<void>((done) => (markReady = done));

  const receive = (payload: string | undefined) => {
    try {
      const { o, e, m } = JSON.parse(payload ?? '') as { o?: string; e?: string; m?: string };
      // Our own changes were delivered when published.
      if (o === origin || typeof e !== 'string') return;
      void here.publish(typeof m === 'string' ? { enterpriseId: e, memberId: m } : { enterpriseId: e });
    } catch {
      // Not ours.
    }
  };

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    const c = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client = c;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (closed) return;
      console.error(`[unread] listening connection lost${error ? ` (${error.message})` : ''}; listening again in ${delay} ms`);
      retry = setTimeout(() => void connect(), delay);
      retry.unref?.();
      delay = Math.min(delay * 2, 5_000);
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === channel) receive(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    delay = firstRetry;
    if (heardBefore) for (const resync of resyncs) resync();
    heardBefore = true;
    markReady();
  };
  void connect();

  return {
    async publish(change) {
      await here.publish(change);
      const payload = JSON.stringify({ o: origin, e: change.enterpriseId, ...(change.memberId === undefined ? {} : { m: change.memberId }) });
      await options.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    listen(receiver, resync) {
      const stop = here.listen(receiver);
      if (resync) resyncs.add(resync);
      return () => {
        stop();
        if (resync) resyncs.delete(resync);
      };
    },
    ready: () => readyOnce,
    listening: () => client !== undefined && heardBefore,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
