/**
 * Reads of one enterprise that arrive in the same turn of the event loop, sent as one statement.
 * Under load many learners open a course list or a course at once; each needs its own rows (its
 * progress, its likes), which would cost a round trip apiece. Coalesced, they cost one between
 * them. Each ask is read after it was made, and gets only its own answer.
 */
import type { Db } from './client';

/** At most this many asks share one statement. */
export const COALESCE_MAX = 100;

interface Waiting<A, R> {
  ask: A;
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
}

/**
 * A read that coalesces: `read` gets the asks of one database handle and enterprise gathered in
 * one turn (at most {@link COALESCE_MAX}) and answers them in the same order.
 *
 * @example const progressOf = coalesced((db, eid, asks) => readAll(db, eid, asks)); await progressOf(db, eid, ask)
 */
export function coalesced<A, R>(read: (db: Db, eid: string, asks: A[]) => Promise<R[]>): (db: Db, eid: string, ask: A) => Promise<R> {
  const open = new WeakMap<Db, Map<string, Waiting<A, R>[]>>();

  const flush = async (db: Db, eid: string, batch: Waiting<A, R>[]) => {
    try {
      const answers = await read(db, eid, batch.map((w) => w.ask));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };

  return (db, eid, ask) => {
    let byTenant = open.get(db);
    if (!byTenant) open.set(db, (byTenant = new Map()));
    let batch = byTenant.get(eid);
    if (!batch || batch.length >= COALESCE_MAX) {
      const fresh: Waiting<A, R>[] = (batch = []);
      const tenants = byTenant;
      tenants.set(eid, fresh);
      setImmediate(() => {
        if (tenants.get(eid) === fresh) tenants.delete(eid);
        void flush(db, eid, fresh);
      });
    }
    const waiting = batch;
    return new Promise<R>((resolve, reject) => waiting.push({ ask, resolve, reject }));
  };
}
