/**
 * The database connection under faults: PostgreSQL connections ended under the gateway (as a
 * restart does) are dropped and replaced without a restart of the gateway, a database out of
 * reach answers a clear 503 quickly, and a PGlite folder is used by one process only and, when
 * damaged, stops the start with a message that says so. Only the test's own connections and
 * folders are touched: never the shared PostgreSQL server.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { createUnreadNotifier } from '../notify/unread';
import { localTransport, postgresTransport, type Change } from '../notify/transport';
import { rowsOf } from './access/course-cards';
import { createTestApp, testGatewayOn, type TestGateway } from '../testing';
import { CONNECT_TIMEOUT_MS, isDatabaseUnavailable, openDatabase, pgliteLockPath } from './client';

const url = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('isDatabaseUnavailable', () => {
  it('tells a database out of reach from a wrong statement', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('57P03') }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable('down')).toBe(false);
  });
});

describe('a gateway whose PostgreSQL is out of reach', () => {
  it('answers 503 with a message in the caller\'s language, without waiting for a timeout', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 2 });
    const gw = testGatewayOn(database);
    try {
      const started = Date.now();
      const zh = await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: 'x' } });
      const en = await gw.call('loginByEmpNo', { lang: 'en', body: { empNo: 'E1001', password: 'x' } });
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
      expect(zh.res.status).toBe(503);
      expect(zh.res.headers.get('retry-after')).toBe('2');
      expect(zh.body).toEqual({ code: Code.UNAVAILABLE, msg: '服务暂时不可用，请稍后再试', data: null });
      expect(en.body.msg).toBe('The service is temporarily unavailable, please try again in a moment');
    } finally {
      await database.close();
    }
  });
});

describe('a PGlite folder', { timeout: 120_000 }, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'xt-pglite-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is used by one process at a time, and a lock left by a killed process is taken over', async () => {
    const dir = join(root, 'locked');
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`is in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(pgliteLockPath(dir))).toBe(false);

    // A process id that cannot be alive (above the kernel's maximum).
    writeFileSync(pgliteLockPath(dir), '99999999');
    const again = await openDatabase({ dataDir: dir });
    expect(readFileSync(pgliteLockPath(dir), 'utf8')).toBe(String(process.pid));
    await again.close();
  });

  it('that is damaged stops the start with a message naming the folder and what to do', async () => {
    const dir = join(root, 'locked');
    const control = join(dir, 'global', 'pg_control');
    writeFileSync(control, Buffer.alloc(statSync(control).size, 7));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(`The embedded database in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be opened.*move it aside`),
    );
    // The failed start leaves the folder for the next one to lock.
    expect(existsSync(pgliteLockPath(dir))).toBe(false);
  });

  it('whose creation was cut short is set aside and made afresh', async () => {
    const dir = join(root, 'unfinished');
    mkdirSync(join(dir, 'base'), { recursive: true });
    writeFileSync(join(dir, 'postgresql.conf'), '');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`select 1`);
    await database.close();
    expect(readdirSync(root).some((name) => name.startsWith('unfinished.unfinished-'))).toBe(true);
  });
});

describe.skipIf(!url)('PostgreSQL connections ended under the gateway', () => {
  let gw: TestGateway;
  let token: string;
  const admin = new pg.Client({ connectionString: url });

  const terminate = async (pids: number[]) => {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  };
  /** The server process ids behind the pool (the test pool holds at most 4 connections). */
  const poolPids = async () => {
    const rows = await Promise.all(
      Array.from({ length: 4 }, async () => rowsOf<{ pid: number }>(await gw.database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.1)`))[0]!.pid),
    );
    return [...new Set(rows)];
  };

  beforeAll(async () => {
    gw = await createTestApp();
    token = await gw.login('E1001');
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await gw?.close();
  });

  it('are dropped from the pool and replaced: calls succeed again at once', async () => {
    const pids = await poolPids();
    expect(pids.length).toBeGreaterThan(1);
    await terminate(pids);
    await sleep(200);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await gw.call('unreadCount', { token })).body.code);
    expect(answers.every((code) => code === Code.OK)).toBe(true);
    expect((await poolPids()).some((pid) => pids.includes(pid))).toBe(false);
  });

  it('inside a transaction fail that transaction with an "unavailable" error, and the process goes on', async () => {
    const outcome = gw.database.db.transaction(async (tx) => {
      const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
      await terminate([pid]);
      // The connection ends while no statement runs: the client reports it as an error event.
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(() => undefined, (e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await gw.call('unreadCount', { token })).body.code).toBe(Code.OK);
  });

  it('that listened for unread changes is opened again, and the streams are asked to count again', async () => {
    const [{ schema }] = rowsOf<{ schema: string }>(await gw.database.db.execute(sql`select current_schema() as schema`)) as [{ schema: string }];
    const channel = `unread_r_${schema}`;
    const listening = postgresTransport({ connectionString: url!, db: gw.database.db, channel, retryMs: 50 });
    const sending = postgresTransport({ connectionString: url!, db: gw.database.db, channel });
    const heard: Change[] = [];
    let resyncs = 0;
    try {
      listening.listen((change) => heard.push(change), () => resyncs++);
      await Promise.all([listening.ready(), sending.ready()]);
      const pid = async () =>
        (await admin.query<{ pid: number }>('select pid from pg_stat_activity where query = $1', [`listen ${channel}`])).rows.map((r) => r.pid);
      await terminate(await pid());
      await expect.poll(() => resyncs, { timeout: 5_000 }).toBe(1);
      expect(listening.listening()).toBe(true);
      await sending.publish({ enterpriseId: 'e1', memberId: 'm1' });
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual([{ enterpriseId: 'e1', memberId: 'm1' }]);
    } finally {
      await Promise.all([listening.close(), sending.close()]);
    }
  });
});

describe('a notifier over a transport that was cut off', () => {
  it('asks every open stream to count again', () => {
    let resync = () => {};
    const base = localTransport();
    const notifier = createUnreadNotifier({
      publish: base.publish,
      listen: (receive, onResync) => {
        resync = onResync ?? resync;
        return base.listen(receive);
      },
    });
    const heard: string[] = [];
    notifier.subscribe('e1', 'm1', { changed: (wide) => heard.push(wide ? 'wide' : 'own'), closed: () => {} });
    notifier.subscribe('e2', 'm2', { changed: (wide) => heard.push(wide ? 'wide' : 'own'), closed: () => {} });
    resync();
    expect(heard).toEqual(['wide', 'wide']);
  });
});
