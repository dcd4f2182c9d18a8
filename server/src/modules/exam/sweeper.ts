/**
 * The deadline sweeper: every 15 s it hands in ('timeout') the papers of every company whose
 * deadline has passed, whether or not a browser is still there. Hand-in is idempotent under
 * the paper lock, so several gateway processes may sweep the same database.
 */
import type { Db } from '../../db/client';
import { overduePapersEverywhere } from '../../db/access/exams';
import { handInOnce } from './papers';

/** How often the sweeper runs. */
export const SWEEP_INTERVAL_MS = 15_000;

/**
 * Hands in the papers past their deadline at `now` (up to 500 a run); answers how many this call
 * handed in (a paper swept by two processes at once counts for one of them).
 */
export async function sweepExpiredPapers(db: Db, now = new Date()): Promise<number> {
  let handed = 0;
  for (const paper of await overduePapersEverywhere(db, now)) {
    // A paper another gateway process handed in meanwhile is not counted again.
    if ((await handInOnce(db, paper.enterpriseId, paper.id, 'timeout', now))?.handedIn) handed++;
  }
  return handed;
}

/** Starts the sweeper; the returned function stops it. */
export function startExamSweeper(db: Db, everyMs = SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredPapers(db)
      .catch((error: unknown) => console.error('[exam] deadline sweep failed:', error))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
