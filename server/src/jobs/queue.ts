/**
 * The job queue: background work (mail, exports, conversions) kept in the database (`jobs`), so
 * that it survives a restart and runs once across every gateway process. A module defines a
 * kind of job with its handler once, at load time, and enqueues jobs of it, inside its own
 * transaction when it has one (the job exists exactly when the transaction commits);
 * `./runner.ts` claims due jobs and runs their handlers. The queue knows no module: it runs
 * whatever kinds were defined in the process.
 *
 * @example
 * const welcomeMail = defineJob<{ memberId: string }>('account.welcome-mail', async ({ memberId }, job) => { … });
 * await welcomeMail.enqueue(tx, { memberId }, { enterpriseId });
 */
import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FileStore } from '../files/store';
import type { UploadStore } from '../files/upload-store';
import { jobs } from '../db/schema';

/** Tries of a job before it is recorded as failed, unless its kind or the enqueue says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** Stores of the process a handler may need beside the database; each is set where the gateway has one. */
export interface JobServices {
  /** The file store (`/files/…`). */
  files?: FileStore;
  /** Where resumable uploads collect their bytes. */
  uploads?: UploadStore;
}

/** What a handler is given beside the payload. */
export interface JobContext {
  /** The database, as the owner (jobs run outside any tenant's lock). */
  db: Db;
  services: JobServices;
  id: string;
  /** The company the job was enqueued for, if any. */
  enterpriseId: string | null;
  /** This try: 1 for the first. */
  attempt: number;
  /** Records how far the job is (0 to 100), for the page that started it. */
  progress(percent: number): Promise<void>;
}

/** Does the job's work; a rejection is a failed try (tried again later, up to the maximum). */
export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** The company the job belongs to (required inside a signed-in call, whose tenant lock checks it). */
  enterpriseId?: string | null;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  maxAttempts?: number;
}

export interface JobKind<P> {
  readonly kind: string;
  /** Adds a job; `db` may be the caller's transaction. Answers its id. */
  enqueue(db: Db, payload: P, options?: EnqueueOptions): Promise<string>;
}

interface Registered {
  handler: JobHandler<unknown>;
  maxAttempts: number;
}

const handlers = new Map<string, Registered>();
const enqueued = new EventEmitter();

/**
 * Defines a kind of job and its handler (once per kind in a process). Payloads are stored as
 * JSON objects: keep them to plain values, and never put a secret in one (make it in the handler).
 */
export function defineJob<P extends object>(
  kind: string,
  handler: JobHandler<P>,
  options: { maxAttempts?: number } = {},
): JobKind<P> {
  if (handlers.has(kind)) throw new Error(`Job kind "${kind}" is defined twice`);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  handlers.set(kind, { handler: handler as JobHandler<unknown>, maxAttempts });
  return {
    kind,
    async enqueue(db, payload, o = {}) {
      const [row] = await db
        .insert(jobs)
        .values({
          kind,
          payload: payload as unknown,
          enterpriseId: o.enterpriseId ?? null,
          maxAttempts: o.maxAttempts ?? maxAttempts,
          runAt: sql`now() + make_interval(secs => ${o.delaySeconds ?? 0})`,
        })
        .returning({ id: jobs.id });
      // Runners in this process look now instead of at their next poll (a job enqueued in a
      // transaction that has not committed yet is found at the poll after).
      enqueued.emit('job');
      return row!.id;
    },
  };
}

/** The handler of a kind, if this process defined it. */
export function handlerOf(kind: string): Registered | undefined {
  return handlers.get(kind);
}

/** The kinds this process can run. */
export function definedKinds(): string[] {
  return [...handlers.keys()];
}

/** Calls `listener` whenever a job is enqueued in this process; answers the unsubscribe. */
export function onEnqueued(listener: () => void): () => void {
  enqueued.on('job', listener);
  return () => enqueued.off('job', listener);
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobState {
  kind: string;
  status: JobStatus;
  progress: number;
  attempts: number;
  lastError: string | null;
  finishedAt: Date | null;
}

/** Where a job stands (for the page that started it, and for tests). */
export async function jobState(db: Db, id: string): Promise<JobState | undefined> {
  const [row] = await db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      progress: jobs.progress,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row && { ...row, status: row.status as JobStatus };
}

/** A job's payload (to queue the same work again), or undefined when there is no such job. */
export async function jobPayload<P>(db: Db, id: string): Promise<P | undefined> {
  const [row] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, id));
  return row?.payload as P | undefined;
}
