/**
 * Per-member and per-company quotas: how much of the gateway one member, one sign-in or one
 * company may take, per hour or at once. The numbers live here and nowhere else; `quotasOf`
 * is where a company's own settings can replace them later. A quota that is reached answers
 * 429 (`Code.TOO_MANY_REQUESTS`, which the site shows as its message) naming the limit and when
 * to try again.
 *
 * Counts kept in the database (uploads, exports) are taken under a transaction-scoped advisory
 * lock ({@link lockQuota}), so calls at once, on any replica, are counted one after another.
 * Unread streams are sockets of one process, so they are counted per process ({@link createSlots}).
 */
import { sql } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { Db } from './db/client';
import { ApiError, type MessageParams } from './envelope';
import type { MessageKey } from './i18n';

export interface Quotas {
  /** Uploads a member may make in any hour (refused ones are not counted). */
  uploadsPerMemberPerHour: number;
  /** Bytes a member's uploads may take in the file store at once. */
  uploadBytesPerMember: number;
  /** Bytes a company's uploads may take in the file store at once. */
  uploadBytesPerCompany: number;
  /** Bytes a member's uploads may take when they include media for their own space (videos for review). */
  mediaBytesPerMember: number;
  /** Exports of a member queued or being built (not finished, failed or stale). */
  exportsInFlightPerMember: number;
  /** Exports of a company queued or being built. */
  exportsInFlightPerCompany: number;
  /** Unread streams open at once on one sign-in (session), in one gateway process. */
  unreadStreamsPerSession: number;
  /** Unread streams open at once for one member across their sign-ins, in one gateway process. */
  unreadStreamsPerMember: number;
}

const MiB = 1024 * 1024;

/** The quotas of every company, until a company has settings of its own. */
export const DEFAULT_QUOTAS: Readonly<Quotas> = Object.freeze({
  // Three posts of nine pictures and a few avatar tries.
  uploadsPerMemberPerHour: 30,
  // Forty pictures at the 5 MB limit; phone photos are 2–4 MB.
  uploadBytesPerMember: 200 * MiB,
  uploadBytesPerCompany: 20 * 1024 * MiB,
  // Two long lecture videos waiting for review.
  mediaBytesPerMember: 4 * 1024 * MiB,
  exportsInFlightPerMember: 5,
  exportsInFlightPerCompany: 20,
  // Browsers keep at most six connections to a host over HTTP/1.1: a seventh tab's stream
  // would stall the site in every tab anyway.
  unreadStreamsPerSession: 6,
  unreadStreamsPerMember: 12,
});

/** An upload that no saved object names is removed from the store this long after it was made (or last named). */
export const UNREFERENCED_UPLOAD_TTL_SECONDS = 24 * 60 * 60;

/** The quotas of a company. */
export function quotasOf(_enterpriseId: string): Readonly<Quotas> {
  return DEFAULT_QUOTAS;
}

/**
 * Waits, inside the running transaction, until no other transaction (in any gateway process)
 * holds the quota lock of `kind` for `subject`; released at commit or rollback.
 *
 * @example await db.transaction(async (tx) => { await lockQuota(tx, 'upload', eid); … })
 */
export async function lockQuota(tx: Pick<Db, 'execute'>, kind: string, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${kind}`}), hashtext(${subject}))`);
}

/**
 * The refusal of a reached quota: 429 with the message `key`, and `Retry-After` when the
 * moment the quota frees is known.
 */
export function quotaReached(key: MessageKey, params: MessageParams = {}, retryAfterSeconds?: number): ApiError {
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return new ApiError(Code.TOO_MANY_REQUESTS, key, null, params, headers);
}

/** A claim on per-process slots: the counter's key and how many it may hold. */
export interface SlotClaim {
  key: string;
  max: number;
}

/**
 * Counters of things open at once in this process (streams), by key. `take` claims a slot
 * under every key or none: it answers the first claim that is full, or the release function,
 * which frees the slots once however often it is called.
 *
 * @example const taken = slots.take([{ key: `s:${id}`, max: 6 }]); if (typeof taken !== 'function') refuse(taken)
 */
export function createSlots() {
  const held = new Map<string, number>();
  return {
    take(claims: readonly SlotClaim[]): (() => void) | SlotClaim {
      const full = claims.find((c) => (held.get(c.key) ?? 0) >= c.max);
      if (full) return full;
      for (const c of claims) held.set(c.key, (held.get(c.key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const c of claims) {
          const n = (held.get(c.key) ?? 0) - 1;
          if (n > 0) held.set(c.key, n);
          else held.delete(c.key);
        }
      };
    },
    /** Slots held under `key`. */
    count(key: string): number {
      return held.get(key) ?? 0;
    },
  };
}
