/**
 * Tells open unread streams that a member's unread count may have changed. Changes go through
 * a transport: in-process by default (one gateway process); on PostgreSQL the gateway switches
 * to {@link postgresTransport} (LISTEN/NOTIFY) at start-up, so that every replica on the
 * database hears of every change, and nothing else changes. Subscribers are the streams of this
 * process, by (enterprise, member).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, type Db } from '../../db/client';

/** Whose count may have changed: one member's, or (no `memberId`) everyone's in the enterprise. */
export interface UnreadChange {
  enterpriseId: string;
  memberId?: string;
}

/** Carries changes to every gateway process, this one included. */
export interface ChangeTransport {
  publish(change: UnreadChange): Promise<void>;
  /**
   * Receives every published change until the answered function is called; `resync` is called
   * when changes may have been missed (the transport was cut off for a while).
   */
  listen(receive: (change: UnreadChange) => void, resync?: () => void): () => void;
  close?(): Promise<void>;
}

/** One process: a change is delivered at once, to this process only. */
export function localTransport(): ChangeTransport {
  const receivers = new Set<(change: UnreadChange) => void>();
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
export function switchableTransport(receive: (change: UnreadChange) => void, resync?: () => void, initial: ChangeTransport = localTransport()) {
  let transport = initial;
  let stopListening = transport.listen(receive, resync);
  return {
    publish: (change: UnreadChange) => transport.publish(change),
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

export interface UnreadSubscriber {
  /** The count may have changed; `wide` when the change concerns the whole enterprise. */
  changed(wide: boolean): void;
  /** The gateway is closing: end the stream. */
  closed(): void;
}

export function createUnreadNotifier(initial: ChangeTransport = localTransport()) {
  const byEnterprise = new Map<string, Map<string, Set<UnreadSubscriber>>>();

  const tell = (subscriber: UnreadSubscriber, wide: boolean) => {
    try {
      subscriber.changed(wide);
    } catch {
      // One broken stream must not keep the others from hearing.
    }
  };
  const deliver = (change: UnreadChange) => {
    const members = byEnterprise.get(change.enterpriseId);
    if (!members) return;
    if (change.memberId === undefined) {
      for (const set of members.values()) for (const s of set) tell(s, true);
    } else {
      for (const s of members.get(change.memberId) ?? []) tell(s, false);
    }
  };

  /** Every stream of the process counts again (spread over a moment, as for a wide change). */
  const resync = () => {
    for (const enterpriseId of [...byEnterprise.keys()]) deliver({ enterpriseId });
  };

  const transport = switchableTransport(deliver, resync, initial);

  const publish = (change: UnreadChange) => {
    transport.publish(change).catch((error: unknown) => {
      // Streams re-check their count periodically, so a lost change is late, not lost.
      console.error('[unread] could not publish a change:', error);
    });
  };

  return {
    /** Starts telling `subscriber` about the member's changes; answers the unsubscribe. */
    subscribe(enterpriseId: string, memberId: string, subscriber: UnreadSubscriber): () => void {
      let members = byEnterprise.get(enterpriseId);
      if (!members) byEnterprise.set(enterpriseId, (members = new Map()));
      let set = members.get(memberId);
      if (!set) members.set(memberId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && members.get(memberId) === set) members.delete(memberId);
        if (members.size === 0 && byEnterprise.get(enterpriseId) === members) byEnterprise.delete(enterpriseId);
      };
    },

    /** A member's records changed (a message to them, or they read, removed or liked one). */
    memberChanged(enterpriseId: string, memberId: string): void {
      publish({ enterpriseId, memberId });
    },

    /** Every member's records changed (an announcement was published to the company). */
    enterpriseChanged(enterpriseId: string): void {
      publish({ enterpriseId });
    },

    /** Open subscriptions in this process. */
    size(): number {
      let n = 0;
      for (const members of byEnterprise.values()) for (const set of members.values()) n += set.size;
      return n;
    },

    /** Ends every open stream of this process (at shutdown, or when a test gateway closes). */
    closeAll(): void {
      const all = [...byEnterprise.values()].flatMap((members) => [...members.values()].flatMap((set) => [...set]));
      byEnterprise.clear();
      for (const s of all) {
        try {
          s.closed();
        } catch {
          // Already gone.
        }
      }
    },

    /** Switches to another transport (at start-up); the previous one is closed. */
    useTransport: transport.useTransport,
  };
}

export type UnreadNotifier = ReturnType<typeof createUnreadNotifier>;

/** The notifier of this gateway process. */
export const unreadNotifier: UnreadNotifier = createUnreadNotifier();

const byDatabase = new WeakMap<Db, UnreadNotifier>();

/**
 * The notifier for the gateway on `db`: the process's own unless another was attached to that
 * database handle (two gateway instances in one process, as tests make them, each with its own).
 */
export function notifierOf(db: Db): UnreadNotifier {
  return byDatabase.get(db) ?? unreadNotifier;
}

/** Gives the gateway on `db` a notifier of its own (see {@link notifierOf}). */
export function attachNotifier(db: Db, notifier: UnreadNotifier): void {
  byDatabase.set(db, notifier);
}

/** Ends every open unread stream of this process; call before closing the HTTP server. */
export function closeUnreadStreams(): void {
  unreadNotifier.closeAll();
}
