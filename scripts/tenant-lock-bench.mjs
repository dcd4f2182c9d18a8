/**
 * The cost of PostgreSQL row-level security (the tenant lock) on signed-in hot reads: the same
 * gateway on the same PostgreSQL database, with the lock on and off (DATABASE_RLS=off), taking
 * turns, each call type under autocannon at 100 connections. Prints req/s and p50/p99 per run
 * and the on/off ratio of the medians. Throughput on a shared machine is noisy; the statements the
 * database ran per call (transactions counted by pg_stat_database over sequential calls) are not. Calls are made as B2001 of the company at 127.0.0.1.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/xuetang node scripts/tenant-lock-bench.mjs
 *
 * BENCH_PORT (4901), BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_CONNECTIONS (100), BENCH_SEQUENTIAL (200).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const port = Number(process.env.BENCH_PORT ?? 4901);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const sequential = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const base = `http://127.0.0.1:${port}/gateway`;

/** Transactions committed in this database so far; statements outside a transaction count one each. */
async function committed() {
  // Idle backends report their counts within 10 s.
  await sleep(11_000);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select xact_commit::int as n from pg_stat_database where datname = current_database()');
  await client.end();
  return rows[0].n - 1; // this query's own
}

/** Statements per call over `sequential` calls of each target, one after another. */
async function statementsPerCall(list, token) {
  const figures = {};
  for (const target of list) {
    const before = await committed();
    for (let i = 0; i < sequential; i++) {
      await call(target.path, { method: target.method, body: target.body, headers: { token } });
    }
    figures[target.name] = ((await committed()) - before) / sequential;
  }
  return figures;
}
const statements = { on: undefined, off: undefined };

async function startGateway(lock) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_RLS: lock ? 'on' : 'off', DIST_DIR: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((ready, fail) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('Xuetang on') && ready());
    child.on('exit', (code) => fail(new Error(`gateway exited ${code}`)));
  });
  return child;
}

async function stopGateway(child) {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function call(path, init = {}) {
  const res = await fetch(`${base}/${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return res.json();
}

async function targets(token) {
  const page = await call('course/auth/course/info/page', { method: 'POST', body: '{}', headers: { token } });
  if (page.code !== 200) throw new Error(`course page: ${JSON.stringify(page)}`);
  const courseId = page.data.list[0].id;
  return [
    { name: 'website view', method: 'GET', path: 'system/auth/website/view' },
    { name: 'nav', method: 'GET', path: 'system/auth/pc/zone/info/nav/bar/list' },
    { name: 'course page', method: 'POST', path: 'course/auth/course/info/page', body: '{}' },
    { name: 'course detail', method: 'GET', path: `course/auth/course/info/view?courseId=${courseId}` },
  ];
}

async function measure(target, token, duration = seconds) {
  const result = await autocannon({
    url: `${base}/${target.path}`,
    method: target.method,
    body: target.body,
    headers: { token, 'content-type': 'application/json', 'accept-language': 'zh' },
    connections,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** Call name → figures of each run with the lock on and off. */
const results = new Map();

for (let round = 0; round < rounds; round++) {
  for (const lock of round % 2 === 0 ? [true, false] : [false, true]) {
    const gateway = await startGateway(lock);
    try {
      const login = await call('user/api/user/info/emp/no/pwd', { method: 'POST', body: JSON.stringify({ empNo: 'B2001', password: 'Xuetang@2026' }) });
      if (login.code !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
      const token = login.data.token;
      const list = await targets(token);
      statements[lock ? 'on' : 'off'] ??= await statementsPerCall(list, token);
      for (const target of list) {
        await measure(target, token, 2); // warm-up of this gateway's pool and caches
        const figures = await measure(target, token);
        const entry = results.get(target.name) ?? { on: [], off: [] };
        entry[lock ? 'on' : 'off'].push(figures);
        results.set(target.name, entry);
        console.log(`round ${round + 1} lock ${lock ? 'on ' : 'off'} ${target.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
      }
    } finally {
      await stopGateway(gateway);
      await sleep(500);
    }
  }
}

console.log(`\n| call | statements per call off / on | lock off req/s | lock on req/s | on/off | p50 off/on ms | p99 off/on ms |\n| --- | --- | --- | --- | --- | --- | --- |`);
for (const [name, { on, off }] of results) {
  const rOn = median(on.map((r) => r.rps));
  const rOff = median(off.map((r) => r.rps));
  console.log(
    `| ${name} | ${statements.off[name].toFixed(2)} / ${statements.on[name].toFixed(2)} | ${rOff.toFixed(0)} | ${rOn.toFixed(0)} | ${(rOn / rOff).toFixed(2)} | ${median(off.map((r) => r.p50))} / ${median(on.map((r) => r.p50))} | ${median(off.map((r) => r.p99))} / ${median(on.map((r) => r.p99))} |`,
  );
}
