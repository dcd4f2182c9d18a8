/**
 * Runs the jobs of `./queue.ts`. Every gateway process starts one runner; all of them claim from
 * the same table:
 *
 * - a claim takes due jobs with `FOR UPDATE SKIP LOCKED`, so two runners never take the same
 *   job, and holds each for a lease (`locked_until`, with a claim token) that the runner renews
 *   while the handler works. A job whose runner was killed is taken again once its lease has
 *   run out: a job runs at least once, and more than once only when a runner dies mid-job.
 * - a failed try is tried again after a growing wait (10 s, 20 s, 40 s, … at most an hour) until
 *   the job's maximum of tries, then recorded as failed with its last error.
 * - a runner only claims kinds its process defined, so a process that does not know a kind
 *   leaves its jobs to one that does.
 *
 * `start()` polls every second (and at once when a job is enqueued in this process), `stop()`
 * stops claiming and waits for the jobs under way, and `runDue()` runs every due job now (tests).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { acrossTenants } from '../db/tenant-lock';
import { definedKinds, handlerOf, onEnqueued, type JobContext, type JobServices } from './queue';

export const POLL_MS = 1_000;
export const LEASE_SECONDS = 60;
export const CONCURRENCY = 4;

/**
 * Seconds before the next try after try `attempt` failed.
 *
 * @example retryDelaySeconds(1) → 10; retryDelaySeconds(3) → 40
 */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempt - 1), 3_600);
}

export interface JobRunnerOptions {
  db: Db;
  /** The stores handlers may need beside the database (the media job's files). */
  services?: JobServices;
  pollMs?: number;
  /** How long a claim holds a job without a renewal. */
  leaseSeconds?: number;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  retryDelay?: (attempt: number) => number;
  logError?: (message: string, error: unknown) => void;
}

export interface JobRunner {
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops claiming and waits for the jobs under way. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; answers how many tries ran. */
  runDue(): Promise<number>;
}

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  enterpriseId: string | null;
  attempts: number;
  maxAttempts: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.stack ?? error.message : String(error)).slice(0, 4_000);

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const concurrency = options.concurrency ?? CONCURRENCY;
  const retryDelay = options.retryDelay ?? retryDelaySeconds;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const lease = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const underWay = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let polling: Promise<void> | undefined;
  let stopped = true;

  /** Records the jobs whose last try's runner died as failed. */
  async function failAbandoned(kinds: string[]): Promise<void> {
    await db
      .update(jobs)
      .set({
        status: 'failed',
        finishedAt: sql`now()`,
        lockedUntil: null,
        claimToken: null,
        lastError: sql`coalesce(${jobs.lastError} || E'\n', '') || 'the runner stopped during the last try (lease expired)'`,
      })
      .where(
        and(
          inArray(jobs.kind, kinds),
          eq(jobs.status, 'running'),
          lt(jobs.lockedUntil, sql`now()`),
          gte(jobs.attempts, jobs.maxAttempts),
        ),
      );
  }

  async function claim(limit: number): Promise<{ token: string; claimed: Claimed[] }> {
    const kinds = definedKinds();
    const token = randomUUID();
    if (kinds.length === 0 || limit <= 0) return { token, claimed: [] };
    await failAbandoned(kinds);
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          lt(jobs.attempts, jobs.maxAttempts),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease, claimToken: token })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        enterpriseId: jobs.enterpriseId,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
      });
    return { token, claimed };
  }

  /** This claim's own row: a job taken again after its lease ran out belongs to the new claim. */
  const mine = (job: Claimed, token: string) => and(eq(jobs.id, job.id), eq(jobs.claimToken, token));

  async function run(job: Claimed, token: string): Promise<void> {
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: lease })
        .where(mine(job, token))
        .catch((error: unknown) => logError(`[jobs] ${job.kind} ${job.id}: lease not renewed:`, error));
    }, (leaseSeconds * 1000) / 3);
    renew.unref();
    const context: JobContext = {
      db,
      services: options.services ?? {},
      id: job.id,
      enterpriseId: job.enterpriseId,
      attempt: job.attempts,
      progress: async (percent) => {
        const value = Math.max(0, Math.min(100, Math.round(percent)));
        await db.update(jobs).set({ progress: value }).where(mine(job, token));
      },
    };
    try {
      const registered = handlerOf(job.kind);
      if (!registered) throw new Error(`No handler for job kind "${job.kind}"`);
      await registered.handler(job.payload, context);
      clearInterval(renew);
      await db
        .update(jobs)
        .set({ status: 'done', progress: 100, finishedAt: sql`now()`, lockedUntil: null, claimToken: null })
        .where(mine(job, token));
    } catch (error) {
      clearInterval(renew);
      const final = job.attempts >= job.maxAttempts;
      if (final) logError(`[jobs] ${job.kind} ${job.id} failed after ${job.attempts} tries:`, error);
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', finishedAt: sql`now()`, lastError: messageOf(error), lockedUntil: null, claimToken: null }
            : {
                status: 'queued',
                runAt: sql`now() + make_interval(secs => ${retryDelay(job.attempts)})`,
                lastError: messageOf(error),
                lockedUntil: null,
                claimToken: null,
              },
        )
        .where(mine(job, token))
        .catch((e: unknown) => logError(`[jobs] ${job.kind} ${job.id}: outcome not recorded:`, e));
    }
  }

  /** Runs `work` as the owner, whatever lock the caller was under. */
  const asOwner = <T>(work: () => Promise<T>) => acrossTenants(work);

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const { token, claimed } = await asOwner(() => claim(concurrency));
      if (claimed.length === 0) return ran;
      await Promise.all(claimed.map((job) => asOwner(() => run(job, token))));
      ran += claimed.length;
    }
  }

  /** One poll: claims what the free slots allow and lets the jobs run in the background. */
  async function poll(): Promise<void> {
    const free = concurrency - underWay.size;
    if (stopped || free <= 0) return;
    const { token, claimed } = await asOwner(() => claim(free));
    for (const job of claimed) {
      const done: Promise<void> = asOwner(() => run(job, token)).finally(() => {
        underWay.delete(done);
        // A slot came free: there may be more due.
        if (!stopped) void pollNow();
      });
      underWay.add(done);
    }
  }

  function pollNow(): Promise<void> {
    polling ??= poll()
      .catch((error: unknown) => logError('[jobs] claim failed:', error))
      .finally(() => {
        polling = undefined;
      });
    return polling;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void pollNow(), pollMs);
      timer.unref();
      unsubscribe = onEnqueued(() => setImmediate(() => void pollNow()));
      void pollNow();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await polling;
      await Promise.all(underWay);
    },
    runDue,
  };
}
