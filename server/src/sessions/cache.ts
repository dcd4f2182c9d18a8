/**
 * The sessions this gateway process has looked up lately, so that a signed-in call does not ask
 * the database who its token belongs to on every request. An entry lives at most
 * {@link SESSION_CACHE_MS} and never past its session's expiry. Whatever ends a session or
 * changes a member (sign-out, a new password, a profile edit, switching company) forgets that
 * member's entries here at once and, through the transport, in every other gateway process on the
 * same PostgreSQL (LISTEN/NOTIFY); the time limit bounds what a change made outside the gateway
 * can leave behind.
 *
 * A change committed in a transaction may land after a concurrent request read the old row: for
 * {@link QUIET_MS} after a member was forgotten, their lookups are not kept, and a lookup that
 * started before the forgetting is never kept.
 */
import type { Member } from '../db/access';
import { switchableTransport, type Change } from '../notify/transport';

/** Longest a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** After a member is forgotten, their lookups go to the database this long. */
export const QUIET_MS = 2_000;
/** Entries kept at most; the oldest go first. */
export const MAX_ENTRIES = 20_000;

/** LISTEN/NOTIFY channel of the members whose sessions changed. */
export const SESSION_CHANNEL = 'xuetang_sessions';

export interface CachedSession {
  sessionId: string;
  member: Member;
}

interface Entry extends CachedSession {
  enterpriseId: string;
  /** Epoch milliseconds after which the entry is not used. */
  until: number;
}

export function createSessionCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? SESSION_CACHE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** `${enterpriseId}:${memberId}` → when the member was last forgotten. */
  const forgotten = new Map<string, number>();
  /** When everything was last forgotten. */
  let forgottenAll = -Infinity;

  const keyOf = (enterpriseId: string, tokenHash: string) => `${enterpriseId}:${tokenHash}`;
  const memberKey = (enterpriseId: string, memberId: string) => `${enterpriseId}:${memberId}`;

  const drop = (change: Change) => {
    const at = now();
    if (change.memberId === undefined) {
      forgottenAll = at;
      for (const [key, entry] of entries) if (entry.enterpriseId === change.enterpriseId) entries.delete(key);
      return;
    }
    forgotten.set(memberKey(change.enterpriseId, change.memberId), at);
    for (const [key, entry] of entries) {
      if (entry.enterpriseId === change.enterpriseId && entry.member.id === change.memberId) entries.delete(key);
    }
    // Old marks say nothing any more.
    if (forgotten.size > 1_000) for (const [key, t] of forgotten) if (at - t > QUIET_MS) forgotten.delete(key);
  };

  const transport = switchableTransport(drop, () => forgetEverything());

  function forgetEverything() {
    forgottenAll = now();
    entries.clear();
  }

  return {
    /** The cached session of a token of the enterprise, if one is fresh. */
    get(enterpriseId: string, tokenHash: string): CachedSession | undefined {
      const key = keyOf(enterpriseId, tokenHash);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },

    /**
     * Keeps a session looked up from the database; `startedAt` is when the lookup began and
     * `expiresAt` when the session ends. Lookups that a forgetting may have overtaken are not kept.
     */
    set(enterpriseId: string, tokenHash: string, session: CachedSession, startedAt: number, expiresAt: Date | string | number) {
      const at = now();
      const mark = forgotten.get(memberKey(enterpriseId, session.member.id));
      if (startedAt <= forgottenAll || (mark !== undefined && (startedAt <= mark || at - mark < QUIET_MS))) return;
      const until = Math.min(at + ttl, new Date(expiresAt).getTime());
      if (!(until > at)) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(enterpriseId, tokenHash), { ...session, enterpriseId, until });
    },

    /** A member's sessions or record changed: forget them here and in every other process. */
    forgetMember(enterpriseId: string, memberId: string): Promise<void> {
      return transport.publish({ enterpriseId, memberId }).catch((error: unknown) => {
        // The time limit still ends the stale entries elsewhere.
        console.error('[sessions] could not tell the other gateway processes:', error);
      });
    },

    /** Forgets every entry of this process (tests that change rows behind the gateway's back). */
    forgetEverything,

    /** Now, by the cache's clock: when a lookup starts. */
    now,

    /** Entries held now. */
    size: () => entries.size,

    /** Switches to another transport (at start-up on PostgreSQL); the previous one is closed. */
    useTransport: transport.useTransport,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
