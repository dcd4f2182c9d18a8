/**
 * The one way tests get a gateway: a fresh, migrated and seeded database per call (in-memory
 * PGlite, or a private schema of the PostgreSQL at `DATABASE_URL`, dropped on close) and an
 * app on it, plus helpers to call rows of the call table as the site does.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { EID_HEADER, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type { Envelope, LoginResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { resolve } from 'node:path';
import { createApp, defaultUploadStore, type AppOptions } from './app';
import { localFileStore } from './files/store';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createSessionCache, type SessionCache } from './sessions/cache';
import { prepareDatabase } from './prepare';

/** Password of the demo accounts (all but E1005). */
export const DEMO_PASSWORD = 'Xuetang@2026';
/** Host of company one (星辰科技) and company two (青禾制造). */
export const HOST_ONE = 'localhost';
export const HOST_TWO = '127.0.0.1';

/**
 * Where the gateway test run keeps a dump of one migrated and seeded embedded database
 * (`server/src/testing/template-setup.ts` makes it before the first test file).
 */
export const TEMPLATE_ENV = 'XT_TEST_DATABASE_TEMPLATE';

let template: Promise<Blob> | undefined;
/**
 * The migrated and seeded embedded database every test app starts from: the run's dump when
 * there is one, else made once in this process. Opening a copy skips creating, migrating and
 * seeding a database for each test file.
 */
function preparedTemplate(): Promise<Blob> {
  return (template ??= (async () => {
    const file = process.env[TEMPLATE_ENV];
    if (file && existsSync(file)) return new Blob([readFileSync(file)]);
    return makeTemplate();
  })());
}

/** A dump of a freshly migrated and seeded embedded database (without the demo's exported files). */
export async function makeTemplate(): Promise<Blob> {
  const database = await openDatabase();
  try {
    await prepareDatabase(database);
    return await database.dump!();
  } finally {
    await database.close();
  }
}

/**
 * A fresh test database; `close` also drops its PostgreSQL schema. A `logger` sees every statement.
 * `prepared`: on the embedded database, a copy of the run's migrated and seeded one.
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'logger'> & { prepared?: boolean } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ logger: options.logger, from: options.prepared ? await preparedTemplate() : undefined });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ ...options, databaseUrl: url, searchPath: schema, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export interface CallOptions {
  host?: string;
  lang?: Locale;
  token?: string;
  eid?: string;
  /** Client address (sent as X-Forwarded-For; test apps trust it). */
  ip?: string;
  query?: Record<string, string>;
  /** JSON body; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestGateway {
  app: ReturnType<typeof createApp>;
  database: Database;
  prefix: string;
  /** The gateway's session cache (tests that change members behind its back forget them). */
  sessions: SessionCache;
  /**
   * The gateway's job runner, not started: tests run the due jobs when they choose
   * (`await gw.jobs.runDue()`), or `start()` it.
   */
  jobs: JobRunner;
  /** Calls a row of the call table the way the site does; returns the response and its envelope. */
  call<T = unknown>(name: EndpointName, options?: CallOptions): Promise<{ res: Response; body: Envelope<T> }>;
  /** Signs in and returns the token (fails the test when sign-in fails). */
  login(empNo: string, password?: string, options?: CallOptions): Promise<string>;
  close(): Promise<void>;
}

/** The password {@link loginPastInitialPassword} gives members who were on the initial one. */
export const CHANGED_PASSWORD = 'Changed@2026';

/**
 * Signs in a member still on the company's initial password the way the site makes them: with
 * the initial password, then through the forced change to {@link CHANGED_PASSWORD}, and in again.
 * Returns the new token (the gateway answers a member on the initial password only the forced
 * dialog's calls).
 */
export async function loginPastInitialPassword(
  gw: TestGateway,
  empNo: string,
  initial: string,
  options: CallOptions = {},
): Promise<string> {
  const first = await gw.login(empNo, initial, options);
  const { body } = await gw.call('updateInitPassword', {
    ...options,
    token: first,
    body: { newPassword: CHANGED_PASSWORD, confirmPassword: CHANGED_PASSWORD },
  });
  if (body.code !== 200) throw new Error(`initial password of ${empNo} not changed: ${body.code} ${body.msg}`);
  return gw.login(empNo, CHANGED_PASSWORD, options);
}

export async function createTestApp(options: Partial<Omit<AppOptions, 'db'>> = {}): Promise<TestGateway> {
  // The demo's exported files are seeded only into a given file store, so those apps seed their own.
  const database = await openTestDatabase({ prepared: !options.files });
  await prepareDatabase(database, undefined, options.files);
  return testGatewayOn(database, options);
}

/** A gateway on a database that is already prepared (a second instance on the same one, in scale tests). */
export function testGatewayOn(database: Database, options: Partial<Omit<AppOptions, 'db'>> = {}): TestGateway {
  const prefix = options.gatewayPrefix ?? '/gateway';
  const sessions = options.sessions ?? createSessionCache();
  const files = options.files ?? localFileStore(resolve(process.env.DATA_DIR ?? 'data', 'files'));
  const uploads = options.uploads ?? defaultUploadStore();
  const app = createApp({ trustProxy: true, logError: () => {}, ...options, files, uploads, sessions, db: database.db });

  const call: TestGateway['call'] = async (name, o = {}) => {
    const def = endpoints[name];
    const url = new URL(`http://${o.host ?? HOST_ONE}${prefix}/${def.path}`);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { [LANG_HEADER]: o.lang ?? 'zh', ...o.headers };
    if (o.token) headers[TOKEN_HEADER] = o.token;
    if (o.eid) headers[EID_HEADER] = o.eid;
    if (o.ip) headers['x-forwarded-for'] = o.ip;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(url, { method: def.method, headers, body });
    return { res, body: (await res.json()) as Envelope<never> };
  };

  const login: TestGateway['login'] = async (empNo, password = DEMO_PASSWORD, o = {}) => {
    const { body } = await call<LoginResult>('loginByEmpNo', { ...o, body: { empNo, password } });
    if (body.code !== 200) throw new Error(`login ${empNo} failed: ${body.code} ${body.msg}`);
    return body.data.token;
  };

  const jobs = createJobRunner({ db: database.db, services: { files, uploads }, logError: () => {} });
  const close = async () => {
    await jobs.stop();
    await database.close();
  };
  return { app, database, prefix, sessions, jobs, call, login, close };
}

/**
 * The path a signed media URL opens (`/media/…` or `/files/…`), or undefined when it does not
 * carry an enterprise, an expiry and a signature.
 *
 * @example signedPathOf('/media/demo/clip.mp4?eid=…&exp=…&sig=…') → '/media/demo/clip.mp4'
 */
export function signedPathOf(url: string): string | undefined {
  const parsed = new URL(url, 'http://site.invalid');
  const q = parsed.searchParams;
  if (parsed.origin !== 'http://site.invalid' || !q.get('eid') || !/^\d+$/.test(q.get('exp') ?? '') || !/^[0-9a-f]{64}$/.test(q.get('sig') ?? '')) {
    return undefined;
  }
  return decodeURI(parsed.pathname);
}
