/**
 * Rate limits kept in the database (`rate_hits`), so every replica counts the same hits:
 * a hit is refused once `max` hits of the same bucket and subject fall in the window.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { rateHits } from './db/schema';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit unless the limit is reached; returns whether the hit was allowed. An unknown
 * subject (no client address) is not limited, as for sign-in failures.
 */
export async function takeHit(db: Db, bucket: string, subject: string | null, limit: Limit): Promise<boolean> {
  return (await countHit(db, bucket, subject, limit)) !== undefined;
}

/**
 * Like {@link takeHit}, answering how many hits of the bucket and subject came before this one
 * in the window (0 for an unknown subject), or `undefined` when the limit refused it.
 */
export async function countHit(db: Db, bucket: string, subject: string | null, limit: Limit): Promise<number | undefined> {
  if (subject === null) return 0;
  const since = sql`now() - make_interval(secs => ${limit.windowSeconds})`;
  const where = and(eq(rateHits.bucket, bucket), eq(rateHits.subject, subject));
  return db.transaction(async (tx) => {
    // Hits at once (on any replica) are counted one after another, so none slips past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${bucket}:${subject}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(rateHits)
      .where(and(where, gt(rateHits.at, since)));
    const before = row?.n ?? 0;
    if (before >= limit.max) return undefined;
    await tx.delete(rateHits).where(and(eq(rateHits.bucket, bucket), lt(rateHits.at, since)));
    await tx.insert(rateHits).values({ bucket, subject });
    return before;
  });
}
