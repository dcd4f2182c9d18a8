/**
 * Work done one at a time per key, across every gateway process on the database: a transaction
 * holding a PostgreSQL advisory lock on the key until it ends. Within one process the callers of
 * a key also wait their turn in memory first, so that a crowd on one key (many sign-ins of one
 * account at once) does not hold a pooled connection each while it waits for the lock.
 *
 * Locks live in key spaces (the first `int4` of the two-key advisory lock), so that the keys of
 * different uses never meet, nor the single-key locks taken elsewhere (those are another space
 * in PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const queues = new Map<string, Promise<void>>();

/**
 * Runs `work` after the earlier calls with the same key in this process have settled.
 *
 * @example await inTurn('a', () => save()) // a second inTurn('a', …) starts once this one is done
 */
export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(work);
  const settled = run.then(
    () => {},
    () => {},
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** Takes the advisory lock of `key` in `space` until the transaction `tx` ends. */
export async function lockUntilCommit(tx: Db, space: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`);
}

/**
 * Runs `work` in a transaction that holds the lock of `key` in `space`: calls with the same key
 * run one after another, in this process and in every other on the database. Everything `work`
 * reads or writes must go through the transaction it is given (a second connection could wait
 * behind the waiters).
 */
export function oneAtATime<T>(db: Db, space: number, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTurn(`${space}:${key}`, () =>
    db.transaction(async (tx) => {
      await lockUntilCommit(tx, space, key);
      return work(tx);
    }),
  );
}
