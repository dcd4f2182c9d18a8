/**
 * The job queue on the real database (PGlite, or PostgreSQL with `DATABASE_URL`, where the second
 * runner has a pool of its own on the same schema, as a second gateway process would).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { jobs } from '../db/schema';
import { openTestDatabase } from '../testing';
import { defineJob, jobState } from './queue';
import { createJobRunner, retryDelaySeconds, type JobRunner } from './runner';

let database: Database;
let second: Database | undefined;
/** The database as a second gateway process sees it. */
let other: Database;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  const url = process.env.DATABASE_URL;
  if (url) {
    const result = (await database.db.execute(sql`select current_schema() as schema`)) as unknown as { rows: Array<{ schema: string }> };
    second = await openDatabase({ databaseUrl: url, searchPath: result.rows[0]!.schema, poolSize: 2 });
  }
  other = second ?? database;
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await second?.close();
  await database?.close();
});

const runner = (db = database.db, o: { concurrency?: number } = {}) => {
  const r = createJobRunner({ db, logError: () => {}, ...o });
  runners.push(r);
  return r;
};

/** Moves a job's time columns back, as if time had passed. */
const travel = (id: string, column: 'run_at' | 'locked_until', seconds: number) =>
  database.db.execute(
    sql`update jobs set ${sql.identifier(column)} = ${sql.identifier(column)} - make_interval(secs => ${seconds}) where id = ${id}`,
  );

const until = async (check: () => Promise<boolean>) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 10_000) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 10));
  }
};

const ran: string[] = [];
const counted = defineJob<{ n: number }>('test.counted', async (_payload, job) => {
  ran.push(job.id);
  await new Promise((done) => setTimeout(done, 5));
});

let release: () => void = () => {};
const tries: Array<{ id: string; attempt: number }> = [];
/** Its first try hangs until released (a runner that stops answering); later tries finish at once. */
const hanging = defineJob<Record<string, never>>('test.hanging', async (_payload, job) => {
  tries.push({ id: job.id, attempt: job.attempt });
  if (job.attempt > 1) return;
  await job.progress(40);
  await new Promise<void>((done) => {
    release = done;
  });
});

const failing = defineJob<{ to: string }>('test.failing', async ({ to }) => {
  throw new Error(`mail server refused ${to}`);
});

describe('the job queue', () => {
  it('runs each job once when two runners on one database claim at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => counted.enqueue(database.db, { n })));
    const [a, b] = [runner(database.db, { concurrency: 3 }), runner(other.db, { concurrency: 3 })];
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(30);
    expect([...ran].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await jobState(database.db, id)).toMatchObject({ status: 'done', attempts: 1, progress: 100 });
    expect(await a.runDue()).toBe(0);
  });

  it('starts with the gateway, runs a job as soon as it is enqueued, and stops after the jobs under way', async () => {
    const started = runner();
    started.start();
    const before = ran.length;
    const id = await counted.enqueue(database.db, { n: 99 });
    await until(async () => (await jobState(database.db, id))?.status === 'done');
    expect(ran.length).toBe(before + 1);
    await started.stop();
  });

  it('keeps a job enqueued in a transaction only if the transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await counted.enqueue(tx, { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const id = await database.db.transaction((tx) => counted.enqueue(tx, { n: 2 }));
    const [{ n } = { n: 0 }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.status, 'queued'));
    expect(n).toBe(1);
    expect(await jobState(database.db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    await runner().runDue();
  });

  it('takes a job again once the lease of a runner that died has run out, and ignores that runner afterwards', async () => {
    const id = await hanging.enqueue(database.db, {}, { maxAttempts: 3 });
    const dead = runner();
    const deadRun = dead.runDue();
    await until(async () => (await jobState(database.db, id))?.progress === 40);
    expect(await jobState(database.db, id)).toMatchObject({ status: 'running', attempts: 1 });

    // While the lease holds, nobody else takes it.
    const alive = runner(other.db);
    expect(await alive.runDue()).toBe(0);
    // The dead runner renews nothing: its lease runs out.
    await travel(id, 'locked_until', 3_600);
    expect(await alive.runDue()).toBe(1);
    expect(await jobState(database.db, id)).toMatchObject({ status: 'done', attempts: 2 });

    // The first runner comes back to life: what it reports no longer counts.
    release();
    await deadRun;
    expect(await jobState(database.db, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(tries.filter((t) => t.id === id).map((t) => t.attempt)).toEqual([1, 2]);
  });

  it('records as failed a job whose runner died during its last try', async () => {
    const id = await hanging.enqueue(database.db, {}, { maxAttempts: 1 });
    const dead = runner();
    const deadRun = dead.runDue();
    await until(async () => (await jobState(database.db, id))?.status === 'running');
    await travel(id, 'locked_until', 3_600);
    expect(await runner(other.db).runDue()).toBe(0);
    const state = await jobState(database.db, id);
    expect(state).toMatchObject({ status: 'failed', attempts: 1 });
    expect(state?.lastError).toMatch(/lease expired/);
    expect(state?.finishedAt).toBeInstanceOf(Date);
    release();
    await deadRun;
    expect((await jobState(database.db, id))?.status).toBe('failed');
  });

  it('tries a failing job again after a growing wait, then records the failure with its last error', async () => {
    const id = await failing.enqueue(database.db, { to: 'li.na@example.com' }, { maxAttempts: 3 });
    const r = runner();
    const wait = async () => {
      const [row] = await database.db
        .select({ s: sql<number>`round(extract(epoch from ${jobs.runAt} - now()))::int` })
        .from(jobs)
        .where(eq(jobs.id, id));
      return row!.s;
    };
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await r.runDue()).toBe(1);
      const state = await jobState(database.db, id);
      expect(state).toMatchObject({ status: 'queued', attempts: attempt, finishedAt: null });
      expect(state?.lastError).toContain('mail server refused li.na@example.com');
      expect(Math.abs((await wait()) - retryDelaySeconds(attempt))).toBeLessThanOrEqual(1);
      // Not before its time.
      expect(await r.runDue()).toBe(0);
      await travel(id, 'run_at', retryDelaySeconds(attempt));
    }
    expect(await r.runDue()).toBe(1);
    const state = await jobState(database.db, id);
    expect(state).toMatchObject({ status: 'failed', attempts: 3 });
    expect(state?.lastError).toContain('mail server refused li.na@example.com');
    expect(state?.finishedAt).toBeInstanceOf(Date);
    await travel(id, 'run_at', 3_600);
    expect(await r.runDue()).toBe(0);
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(2)).toBe(20);
    expect(retryDelaySeconds(20)).toBe(3_600);
  });

  it('refuses to define a kind twice', () => {
    expect(() => defineJob('test.counted', async () => {})).toThrow('defined twice');
  });
});
