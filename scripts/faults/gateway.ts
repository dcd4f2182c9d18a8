/**
 * Helpers of the fault and scale runs: gateway processes started and killed on loopback, calls of
 * the call table as the site makes them (the company chosen by the Host header, as on its own
 * domain), and small PostgreSQL chores on a database of the run's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import pg from 'pg';
import { EID_HEADER, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type { Envelope } from '@/api/types';

/** Password of the demo accounts. */
export const DEMO_PASSWORD = 'Xuetang@2026';

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Milliseconds since `since`, rounded. */
export const since = (start: number) => Math.round(performance.now() - start);

export interface GatewayOptions {
  name: string;
  port: number;
  /** DATABASE_URL, DATA_DIR, TRUST_PROXY … */
  env: Record<string, string>;
  /** Print the gateway's output lines. */
  verbose?: boolean;
}

/** One gateway process (a single Node process, so SIGKILL ends it at once). */
export class GatewayProcess {
  child: ChildProcess | undefined;
  readonly output: string[] = [];
  constructor(readonly options: GatewayOptions) {}

  get base(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** Starts it and resolves with the milliseconds until it listens; rejects when it exits first. */
  start(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.options.port),
        DIST_DIR: process.env.FAULTS_DIST_DIR ?? 'dist',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.options.name} did not start in ${timeoutMs} ms`)), timeoutMs);
      const onLine = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          this.output.push(line);
          if (this.output.length > 400) this.output.shift();
          if (this.options.verbose) console.log(`  [${this.options.name}] ${line}`);
          if (line.startsWith('Xuetang on http')) {
            clearTimeout(timer);
            resolve(since(started));
          }
        }
      };
      child.stdout!.on('data', onLine);
      child.stderr!.on('data', onLine);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.options.name} exited (${signal ?? code}) before listening:\n${this.output.slice(-15).join('\n')}`));
      });
    });
  }

  /** SIGKILL, and wait until the process is gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await gone;
  }

  /** SIGTERM (a clean stop), then SIGKILL if it takes longer than 15 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  /** The company's domain: localhost (星辰科技) or 127.0.0.1 (青禾制造). */
  host?: string;
  lang?: 'zh' | 'en';
  eid?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** A failed call: `status` 0 when no answer came (refused, reset, timed out). */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends a raw request to `base` (a gateway or the proxy); answers the status and the body text. */
export function send(
  base: string,
  method: string,
  path: string,
  options: { host?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: `${target.pathname}${target.search}`,
        headers: {
          host: `${options.host ?? 'localhost'}:${target.port}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs ?? 15_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Calls a row of the call table; answers `data`, or throws a {@link CallError}. */
export async function call<T>(base: string, name: EndpointName, options: CallOptions = {}): Promise<T> {
  const def = endpoints[name];
  const query = new URLSearchParams(options.query ?? {}).toString();
  const headers: Record<string, string> = { [LANG_HEADER]: options.lang ?? 'en', ...options.headers };
  if (options.token) headers[TOKEN_HEADER] = options.token;
  if (options.eid) headers[EID_HEADER] = options.eid;
  let answer;
  try {
    answer = await send(base, def.method, `/gateway/${def.path}${query ? `?${query}` : ''}`, {
      host: options.host,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    throw new CallError(0, 0, error instanceof Error ? error.message : String(error));
  }
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(answer.text) as Envelope<T>;
  } catch {
    throw new CallError(answer.status, 0, `${name}: HTTP ${answer.status}, not an envelope: ${answer.text.slice(0, 120)}`);
  }
  if (envelope.code !== 200) throw new CallError(answer.status, envelope.code, `${name}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Signs in with employee number and the demo password; answers the token. */
export async function signIn(base: string, empNo: string, host = 'localhost'): Promise<string> {
  return (await call<{ token: string }>(base, 'loginByEmpNo', { host, body: { empNo, password: DEMO_PASSWORD } })).token;
}

/** Runs `work` until it succeeds, every `everyMs`, for at most `timeoutMs`. */
export async function retry<T>(work: () => Promise<T>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await sleep(everyMs);
    }
  }
}

/** The PostgreSQL server to run on, and a database of the run's own on it (dropped by `drop`). */
export async function ownDatabase(
  name: string,
  serverUrl = process.env.FAULTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Tells which of the given ports are free now on 127.0.0.1. */
export async function portFree(port: number): Promise<boolean> {
  try {
    await send(`http://127.0.0.1:${port}`, 'GET', '/', { timeoutMs: 1_000 });
    return false;
  } catch {
    return true;
  }
}
