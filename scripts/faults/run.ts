/**
 * `npm run faults`: fault runs against real gateway processes on loopback, with their figures.
 *
 * 1. kill -9 (on PostgreSQL, then on PGlite with its data folder): a scripted learner answers an
 *    exam through the runner's own sync and journal and watches videos with the player's report
 *    rules while the gateway is killed with SIGKILL at random moments (some during its start)
 *    and started again. Afterwards every answer the gateway confirmed and every answer in the
 *    journal is in the paper, the runner is back to "synced" with nothing unsaved, no confirmed
 *    progress is lost and nothing is credited twice.
 *    Then the same in Chromium: the site's exam runner on the built site, through a few kills,
 *    ends with its status line on "synced" and every answer of its journal in the paper.
 * 2. PostgreSQL restart under load: workers read and write through the gateway while the
 *    cluster restarts; the gateway answers 503 envelopes meanwhile, none hangs, and it serves
 *    again by itself once the database is back.
 *
 * 3. Media: a library upload and its transcode, each cut by a kill -9 (see `media.ts`).
 *
 * Options: --kills=N (20), --browser-kills=N (5), --only=postgres|pglite|browser|restart|media
 * (repeatable), --port=N (5160: the run uses it and the next two), --verbose. The browser run
 * builds the site first when `dist/` is stale and drives /usr/bin/chromium (CHROMIUM_PATH). PostgreSQL: FAULTS_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), on which
 * the run makes and drops databases of its own. The restart runs `pg_ctlcluster` and is meant
 * for a machine where that is allowed; it always leaves the cluster running.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { ExamTaskItem } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { coveredSeconds, type Interval } from '@/lib/intervals';
import { openDatabase } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/access/course-cards';
import { ensureBuilt } from '../lib/build.mjs';
import { browserRun } from './browser';
import { call, CallError, GatewayProcess, ownDatabase, since, signIn, sleep } from './gateway';
import { ExamLearner, PlayerLearner } from './learner';
import { mediaRun } from './media';

const args = process.argv.slice(2);
const option = (name: string) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const kills = Number(option('kills')[0] ?? 20);
const browserKills = Number(option('browser-kills')[0] ?? 5);
const port = Number(option('port')[0] ?? 5160);
const only = option('only');
const verbose = args.includes('--verbose');
const wanted = (phase: string) => only.length === 0 || only.includes(phase);
/** The whole run stops by itself after this long. */
const RUN_LIMIT_MS = 15 * 60_000;

const LEARNER = 'E1003';
const EXAM = 'General assessment';
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const random = (min: number, max: number) => min + Math.random() * (max - min);
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
const figures: Record<string, Record<string, string | number>> = {};

async function taskOf(base: string, token: string, name: string): Promise<string> {
  const page = await call<PageResult<ExamTaskItem>>(base, 'examTaskRecordPage', { token, body: { pageSize: 100 } });
  const task = page.list.find((t) => t.name === name);
  if (!task) throw new Error(`no task "${name}"`);
  return task.taskId;
}

/** What the database holds afterwards, read directly with the gateway stopped. */
async function stored(open: Parameters<typeof openDatabase>[0], paperId: string, itemIds: string[]) {
  const database = await openDatabase(open);
  try {
    const answers = rowsOf<{ question_id: string; answer: string[]; seq: number | string }>(
      await database.db.execute(sql`select question_id, answer, seq from exam_answers where paper_id = ${paperId}`),
    );
    const progress = itemIds.length
      ? rowsOf<{ item_id: string; intervals: Interval[] }>(
          await database.db.execute(sql`select p.item_id, p.intervals from period_progress p
            join enterprise_users u on u.id = p.enterprise_user_id
            where u.emp_no = ${LEARNER} and p.item_id in (${sql.join(itemIds.map((id) => sql`${id}`), sql`, `)})`),
        )
      : [];
    return {
      answers: new Map(answers.map((a) => [a.question_id, { answer: a.answer, seq: Number(a.seq) }])),
      watched: new Map(progress.map((p) => [p.item_id, coveredSeconds(p.intervals)])),
    };
  } finally {
    await database.close();
  }
}

/** The kill -9 run on one database kind. */
async function killRun(kind: 'postgres' | 'pglite'): Promise<void> {
  console.log(`\n== kill -9 × ${kills} on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (data folder)'} ==`);
  const pgDb = kind === 'postgres' ? await ownDatabase(`xt_faults_${process.pid}`) : undefined;
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'xt-faults-')) : undefined;
  const env: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! };
  const gateway = new GatewayProcess({ name: kind, port, env, verbose });
  const base = () => gateway.base;
  const starts: number[] = [];
  const recoveries: number[] = [];
  const startFailures: string[] = [];
  let startupKills = 0;
  let exam: ExamLearner | undefined;
  let player: PlayerLearner | undefined;
  let changing = true;
  try {
    starts.push(await gateway.start());
    const token = await signIn(base(), LEARNER);
    exam = new ExamLearner(base, token, await taskOf(base(), token, EXAM));
    await exam.begin();
    player = new PlayerLearner(base, token);
    const periods = await player.choosePeriods(12);
    console.log(`  learner ${LEARNER}: paper ${exam.paperId}, ${periods.length} video periods of ${periods[0]?.duration ?? 0} s`);
    player.start();
    const answering = (async () => {
      while (changing) {
        exam!.change();
        await sleep(random(150, 500));
      }
    })();

    for (let k = 1; k <= kills; k++) {
      await sleep(random(700, 3500));
      await gateway.kill9();
      const killedAt = performance.now();
      await sleep(random(0, 400));
      // Now and then the next kill comes while the gateway is still starting.
      if (k < kills && Math.random() < 0.2) {
        const starting = gateway.start().catch(() => undefined);
        await sleep(random(100, 1500));
        await gateway.kill9();
        await starting;
        startupKills++;
        k++;
        if (verbose) console.log(`  kill ${k - 1}: during the start`);
      }
      try {
        starts.push(await gateway.start());
      } catch (error) {
        startFailures.push(error instanceof Error ? error.message : String(error));
        break;
      }
      const readyAt = performance.now();
      const before = exam.lastConfirmedAt;
      while (exam.lastConfirmedAt <= before || exam.lastConfirmedAt < readyAt) {
        if (performance.now() - readyAt > 30_000) throw new Error('no answer confirmed within 30 s of a restart');
        await sleep(25);
      }
      recoveries.push(since(killedAt));
      if (verbose) console.log(`  kill ${k}: back after ${since(killedAt)} ms`);
    }
    changing = false;
    await answering;
    const settleMs = await exam.settle();
    await player.stop();
    const journal = await exam.journalAnswers();
    const status = exam.status;
    exam.stop();
    await gateway.stop();

    const db = await stored(pgDb ? { databaseUrl: pgDb.url } : { dataDir: join(dataDir!, 'pglite') }, exam.paperId, player.watched.map((p) => p.itemId));
    const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);
    const lostConfirmed = [...exam.confirmed].filter(([q, c]) => {
      const s = db.answers.get(q);
      return !s || s.seq < c.seq || (s.seq === c.seq && !same(s.answer, c.answer));
    });
    const lostJournal = journal.filter((j) => {
      const s = db.answers.get(j.questionId);
      return !s || s.seq !== j.seq || !same(s.answer, j.answer);
    });
    const watched = player.watched;
    const lostProgress = watched.filter((p) => (db.watched.get(p.itemId) ?? 0) + 0.01 < (player!.creditedByItem.get(p.itemId) ?? 0));
    const invented = watched.filter((p) => (db.watched.get(p.itemId) ?? 0) > player!.sentSeconds(p.itemId) + 0.01);
    const doubled = watched.filter((p) => (player!.creditedByItem.get(p.itemId) ?? 0) > player!.sentSeconds(p.itemId) + 0.01);

    const killed = recoveries.length + startupKills;
    check(startFailures.length === 0, `the gateway started again after every kill${startFailures.length ? `: ${startFailures[0]}` : ''}`);
    check(killed >= kills, `${killed} SIGKILLs (${startupKills} of them during a start)`);
    check(exam.closedBy === undefined, 'the paper stayed open');
    check(lostConfirmed.length === 0, `every confirmed answer is in the paper (${exam.confirmed.size} questions; lost: ${lostConfirmed.length})`);
    check(lostJournal.length === 0, `every journal answer is in the paper (${journal.length} entries; missing or different: ${lostJournal.length})`);
    check(['synced', 'saved'].includes(status.state) && status.unsaved === 0, `the runner resynchronised: status "${status.state}", ${status.unsaved} unsaved, ${settleMs} ms after the last change`);
    check(lostProgress.length === 0, `no confirmed progress lost (${watched.length} periods; short: ${lostProgress.map((p) => p.name).join(', ') || 'none'})`);
    check(invented.length === 0 && doubled.length === 0, `nothing credited twice or without playing (over: ${[...invented, ...doubled].map((p) => p.name).join(', ') || 'none'})`);
    figures[kind] = {
      kills: killed,
      'during start': startupKills,
      'answers changed': exam.figures.changes,
      'answers sent': exam.figures.sent,
      confirmed: exam.figures.confirmed,
      resent: exam.figures.resent,
      'failed sends': exam.figures.failed,
      'reports sent': player.figures.reports,
      'reports confirmed': player.figures.confirmedReports,
      'seconds credited': Math.round(player.figures.credited * 10) / 10,
      'start ms (median/max)': `${median(starts)}/${Math.max(...starts)}`,
      'kill → next confirmed answer ms (median/max)': `${median(recoveries)}/${Math.max(...recoveries)}`,
      'settled after the last change ms': settleMs,
      losses: lostConfirmed.length + lostJournal.length + lostProgress.length,
    };
  } finally {
    changing = false;
    exam?.stop();
    await player?.stop().catch(() => undefined);
    await gateway.kill9();
    await pgDb?.drop();
    if (dataDir) {
      if (failures.length && verbose) console.log(`  data folder kept: ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** The kill -9 run in Chromium, on PGlite with the built site. */
async function browserPhase(): Promise<void> {
  console.log(`\n== kill -9 × ${browserKills} in Chromium (the exam runner on the built site, PGlite) ==`);
  if (!ensureBuilt()) throw new Error('the site could not be built (astro build)');
  const dataDir = mkdtempSync(join(tmpdir(), 'xt-faults-browser-'));
  const gateway = new GatewayProcess({ name: 'browser', port: port + 2, env: { DATA_DIR: dataDir }, verbose });
  try {
    await gateway.start();
    figures.browser = { ...(await browserRun(gateway, browserKills, check)) };
  } finally {
    await gateway.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The cluster's version folder, for pg_ctlcluster. */
function clusterVersion(): string {
  return readdirSync('/etc/postgresql').sort().at(-1)!;
}
function pgReady(): boolean {
  try {
    execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
    return true;
  } catch {
    return false;
  }
}
/** The same without blocking: the load must go on while PostgreSQL restarts. */
const run = promisify(execFile);
async function pgReadyNow(): Promise<boolean> {
  return run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).then(
    () => true,
    () => false,
  );
}

interface Outcome {
  start: number;
  end: number;
  code: number;
  status: number;
}

/** PostgreSQL restarted under load. */
async function restartRun(): Promise<void> {
  console.log('\n== PostgreSQL restart under load ==');
  const pgDb = await ownDatabase(`xt_restart_${process.pid}`);
  const gateway = new GatewayProcess({ name: 'restart', port: port + 1, env: { DATABASE_URL: pgDb.url }, verbose });
  const outcomes: Outcome[] = [];
  let loading = true;
  try {
    await gateway.start();
    const pid = gateway.child!.pid;
    const base = gateway.base;
    const token = await signIn(base, 'E1004');
    const taskId = await taskOf(base, token, EXAM);
    const paper = await call<{ paperId: string; questions: { questionId: string; questionType: number; options: { key: string }[] }[] }>(base, 'examStart', {
      token,
      body: { taskId },
    });
    const single = paper.questions.find((q) => q.questionType === 1)!;
    let seq = 0;
    const work = [
      () => call(base, 'unreadCount', { token }),
      () => call(base, 'coursePage', { token, body: { pageCurrent: 1, pageSize: 8 } }),
      () => call(base, 'examAnswerSave', { token, body: { paperId: paper.paperId, questionId: single.questionId, answer: [single.options[seq % single.options.length]!.key], seq: ++seq } }),
      () => call(base, 'announcementSave', { token, body: { titleZh: `负载 ${seq}`, titleEn: `Load ${seq}`, contentZh: '重启测试', contentEn: 'Restart run' } }),
    ];
    const worker = async (i: number) => {
      for (let n = i; loading; n++) {
        const start = performance.now();
        let code = 200;
        let status = 200;
        try {
          await work[n % work.length]!();
        } catch (error) {
          if (!(error instanceof CallError)) throw error;
          code = error.code;
          status = error.status;
          await sleep(50);
        }
        outcomes.push({ start, end: performance.now(), code, status });
      }
    };
    const t0 = performance.now();
    const workers = Promise.all(Array.from({ length: 6 }, (_, i) => worker(i)));
    await sleep(3_000);
    const restartAt = performance.now();
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', '-m', 'fast', clusterVersion(), 'main', 'restart']);
    while (!(await pgReadyNow())) await sleep(50);
    const upAt = performance.now();
    await sleep(8_000);
    loading = false;
    await workers;

    const failed = outcomes.filter((o) => o.code !== 200);
    const after = outcomes.filter((o) => o.start >= upAt);
    const firstOkAfter = after.find((o) => o.code === 200);
    const lastFailure = failed.at(-1);
    const recovered = lastFailure ? Math.max(0, Math.round(lastFailure.end - upAt)) : 0;
    const longest = Math.round(Math.max(...outcomes.map((o) => o.end - o.start)));
    const unclear = failed.filter((o) => o.code !== 503);
    const alive = gateway.child!.exitCode === null && gateway.child!.pid === pid;
    check(alive, `the gateway process (pid ${pid}) kept running`);
    check(failed.length > 0 && unclear.length === 0, `every refusal during the outage was a 503 envelope (${failed.length} refused; other: ${unclear.map((o) => `${o.status}/${o.code}`).slice(0, 5).join(', ') || 'none'})`);
    check(longest < 10_000, `no request hung: the longest took ${longest} ms`);
    check(firstOkAfter !== undefined && recovered < 10_000, `served again by itself ${recovered} ms after PostgreSQL accepted connections`);
    const tail = outcomes.filter((o) => o.start >= upAt + 3_000);
    check(tail.length > 0 && tail.every((o) => o.code === 200), `every request from 3 s after the restart succeeded (${tail.length})`);
    figures.restart = {
      requests: outcomes.length,
      'ok': outcomes.length - failed.length,
      '503 during outage': failed.length,
      'restart command ms': Math.round(upAt - restartAt),
      'outage seen by clients ms': failed.length ? Math.round(lastFailure!.end - failed[0]!.start) : 0,
      'back after PostgreSQL up ms': recovered,
      'longest request ms': longest,
      'run s': Math.round((performance.now() - t0) / 1000),
    };
  } finally {
    loading = false;
    if (!pgReady()) execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', clusterVersion(), 'main', 'start'], { stdio: 'ignore' });
    await gateway.kill9();
    await pgDb.drop().catch((error: unknown) => console.error('could not drop the run database:', error));
  }
}

const limit = setTimeout(() => {
  console.error(`faults: stopped after ${RUN_LIMIT_MS / 60_000} minutes`);
  if (!pgReady()) execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', clusterVersion(), 'main', 'start'], { stdio: 'ignore' });
  process.exit(2);
}, RUN_LIMIT_MS);
limit.unref();

try {
  if (wanted('postgres')) await killRun('postgres');
  if (wanted('pglite')) await killRun('pglite');
  if (wanted('browser')) await browserPhase();
  if (wanted('restart')) await restartRun();
  if (wanted('media')) {
    console.log('\n== kill -9 during a library upload and its transcode (PGlite) ==');
    const result = await mediaRun(port, verbose);
    for (const [ok, what] of result.checks) check(ok, what);
    figures.media = result.figures;
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
}

console.log('\n== figures ==');
for (const [phase, values] of Object.entries(figures)) {
  console.log(`${phase}:`);
  for (const [name, value] of Object.entries(values)) console.log(`  ${name}: ${value}`);
}
const checks = failures.length;
console.log(`\nfaults: ${checks === 0 ? 'every check passed' : `${checks} check(s) failed:\n  ${failures.join('\n  ')}`}`);
process.exit(checks === 0 ? 0 : 1);
