/**
 * The database connection: embedded PGlite (a folder, or memory for tests) by default,
 * PostgreSQL through a `pg` pool when a connection string is given. Both give the same
 * Drizzle database type, so nothing above this file knows which one runs.
 *
 * PostgreSQL may restart or drop connections under a running gateway: the pool then answers
 * errors quickly (bounded waits and statement times), drops the broken connections and opens
 * new ones once the server is back, without a restart of the gateway. PGlite's folder belongs to
 * one process at a time (a lock file beside it), and a folder that cannot be opened stops the
 * start with a message that says what to do.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';
import { ANY_LOCK, APP_ROLE, lockedTenant } from './tenant-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one connection while holding a lock that other gateway processes on the
   * same database (and schema) wait for: migrations and the first seed run once.
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, to open copies of it (`DatabaseOptions.from`). */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder (created with its parents); without it PGlite keeps data in memory. */
  dataDir?: string;
  /** PGlite in memory: start from this dump of another database (`Database.dump`) instead of an empty one. */
  from?: Blob;
  /** PostgreSQL schema to work in (`search_path`), for isolated test runs. */
  searchPath?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: send parameterised statements as named prepared statements (parsed once per
   * connection), on unless `false` (poolers that cannot keep them, such as PgBouncer in transaction
   * mode before 1.21).
   */
  prepareStatements?: boolean;
  /**
   * PostgreSQL row-level security for work inside a tenant (`tenant-lock.ts`); on unless this is
   * false or `DATABASE_RLS=off`. It takes effect once the migrations have made the application role.
   */
  rowLevelSecurity?: boolean;
  /** Sees every statement the Drizzle database sends (tests count them). */
  logger?: Logger;
}

/** Connections a gateway process keeps to PostgreSQL unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * The PostgreSQL pool size from the environment: `DATABASE_POOL_SIZE` when it is a whole number
 * from 1 to 1000, else {@link DEFAULT_POOL_SIZE}.
 *
 * @example poolSizeFrom({ DATABASE_POOL_SIZE: '20' }) → 20
 */
export function poolSizeFrom(env: Record<string, string | undefined>): number {
  const value = Number(env.DATABASE_POOL_SIZE);
  return Number.isInteger(value) && value >= 1 && value <= 1000 ? value : DEFAULT_POOL_SIZE;
}

/** How long a request waits for a PostgreSQL connection before it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** Longest a statement may run (PostgreSQL `statement_timeout`); nothing the gateway asks takes near it. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** A connection left idle inside a transaction this long is ended by PostgreSQL. */
export const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * SQLSTATE classes and codes, and Node socket errors, that mean the database cannot be reached
 * now (restarting, shutting down, too many connections, connection lost) rather than that a
 * statement is wrong.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error (or its cause) says the database is out of reach for now; such a request
 * may succeed when tried again in a few seconds.
 *
 * @example isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })) → true
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET.has(code))) return true;
    if (UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

const lockSql = sql`select pg_advisory_lock(hashtext(current_schema()))`;
const unlockSql = sql`select pg_advisory_unlock(hashtext(current_schema()))`;

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir, options.logger, options.from);
}

/** The lock file of a PGlite folder: beside it, holding the owning process id. */
export function pgliteLockPath(dir: string): string {
  return join(dirname(dir), `${basename(dir)}.lock`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock: two processes writing one PGlite folder ruin it, so a second gateway
 * on the same folder stops at once. A lock left by a killed process is taken over.
 * Answers the release.
 */
function lockFolder(dir: string): () => void {
  const path = pgliteLockPath(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
        throw new Error(
          `The embedded database ${dir} is in use by process ${holder}. One gateway process may use a PGlite folder; ` +
            `stop the other one (or delete ${path} if no gateway runs), or run several gateways on PostgreSQL (DATABASE_URL).`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database ${dir} (${path})`);
}

/**
 * A folder whose creation was cut short (the process died while PGlite unpacked a new
 * database) holds no data yet; it is set aside so that a fresh one is made. Every complete
 * PostgreSQL data folder has both of these.
 */
function setAsideUnfinished(dir: string): void {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return;
  if (existsSync(join(dir, 'PG_VERSION')) && existsSync(join(dir, 'global', 'pg_control'))) return;
  const aside = `${dir}.unfinished-${Date.now()}`;
  renameSync(dir, aside);
  console.error(`[db] ${dir} was never completely created (the first start was interrupted); moved to ${aside}, starting afresh`);
}

async function createPglite(dir: string): Promise<PGlite> {
  try {
    return await PGlite.create(dir);
  } catch (error) {
    throw new Error(
      `The embedded database in ${dir} cannot be opened: ${error instanceof Error ? error.message : String(error)}. ` +
        'The folder may be damaged. Keep a copy of it, then move it aside to start with a fresh demo database ' +
        '(or restore it from a backup); for data that matters run on PostgreSQL (DATABASE_URL).',
      { cause: error },
    );
  }
}

async function openPglite(dataDir: string | undefined, logger?: Logger, from?: Blob): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dirname(dir), { recursive: true });
    unlock = lockFolder(dir);
    try {
      setAsideUnfinished(dir);
      mkdirSync(dir, { recursive: true });
      client = await createPglite(dir);
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create(from ? { loadDataDir: from } : {});
  }
  const db: Db = drizzlePglite({ client, schema, logger });
  return {
    db,
    kind: 'pglite',
    // One connection: nothing else can interleave, but the lock keeps the contract.
    exclusive: async (work) => {
      await db.execute(lockSql);
      try {
        return await work(db);
      } finally {
        await db.execute(unlockSql);
      }
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dump: () => client.dumpDataDir('none'),
  };
}

/** At most this many distinct statement texts get a name; the rest run unnamed, so the cache per connection stays bounded. */
export const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/**
 * The prepared-statement name of a statement text: the same text always gets the same name;
 * `undefined` once {@link MAX_NAMED_STATEMENTS} texts have names.
 *
 * @example statementName('select 1 where $1') → 'xt_…' (24 hex digits)
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `xt_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A `pg` client that sends every statement with parameters as a named prepared statement: the
 * server parses and plans it once per connection instead of on every call, which is most of the
 * cost of the gateway's short statements. Statements without parameters (migrations, `begin`,
 * several commands at once) go as they are.
 */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as unknown as QueryFn;
(PreparingClient.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, config, values, callback) {
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown } | null;
  const params = values ?? query?.values;
  if (
    query !== null &&
    typeof query === 'object' &&
    query.submit === undefined &&
    !query.name &&
    typeof query.text === 'string' &&
    Array.isArray(params) &&
    params.length > 0
  ) {
    const name = statementName(query.text);
    if (name) config = { ...query, name };
  }
  return plainQuery.call(this, config, values, callback);
};

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const settings = [
    `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
    `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
  ];
  const pool = new pg.Pool({
    ...(options.prepareStatements === false ? {} : { Client: PreparingClient }),
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    options: settings.join(' '),
  });
  // An idle client losing its connection must not take the process down.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  // Nor one that is checked out (inside a transaction) between two statements: the pool only
  // listens to idle ones. The broken client is dropped when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('[db] connection lost:', error.message));
  });
  if (options.rowLevelSecurity ?? process.env.DATABASE_RLS !== 'off') lockPoolToTenant(pool);
  const db: Db = drizzlePg({ client: pool, schema, logger: options.logger });
  return {
    db,
    kind: 'postgres',
    exclusive: async (work) => {
      const connection = await pool.connect();
      try {
        const locked: Db = drizzlePg({ client: connection, schema });
        // Waiting for another process's migrations may take longer than any request.
        await locked.execute(sql`set statement_timeout = 0`);
        await locked.execute(lockSql);
        try {
          return await work(locked);
        } finally {
          await locked.execute(unlockSql);
        }
      } finally {
        // Not back to the pool: this connection has no statement time limit.
        connection.release(true);
      }
    },
    close: () => pool.end(),
  };
}

/** The tenant a pooled connection was last switched to (`null`: the owner, as it connected). */
const LOCKED = Symbol('lockedTenant');
type LockedClient = pg.PoolClient & { [LOCKED]?: string | null };

/**
 * Makes every connection taken from the pool carry the running work's tenant lock: inside a
 * tenant, the application role with `app.tenant` set; outside, the owner. The setting lives on
 * the connection, so it costs one round trip only when a connection changes tenant, and none
 * for the statements that follow or when the same company's calls reuse it. Transactions
 * (drizzle takes a connection with `connect()`) are switched before their `BEGIN`. Until the
 * application role exists and this login may take it, nothing is switched.
 */
function lockPoolToTenant(pool: pg.Pool): void {
  let roleReady: Promise<boolean> | undefined;
  const baseConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const baseConnectCallback = pool.connect.bind(pool) as (callback: (...args: never[]) => void) => void;

  const roleAvailable = async (client: pg.PoolClient): Promise<boolean> => {
    const { rows } = await client.query<{ ok: boolean }>(
      `select exists (select 1 from pg_roles where rolname = $1) and pg_has_role(current_user, $1, 'MEMBER') as ok`,
      [APP_ROLE],
    );
    return rows[0]?.ok === true;
  };

  const checkout = async (): Promise<pg.PoolClient> => {
    const client = (await baseConnect()) as LockedClient;
    const want = lockedTenant();
    const has = client[LOCKED] ?? null;
    if (want === ANY_LOCK || want === has) return client;
    try {
      if (want !== null) {
        roleReady ??= roleAvailable(client).catch((error: unknown) => {
          roleReady = undefined;
          throw error;
        });
        if (!(await roleReady)) return client;
      }
      await client.query(`select set_config('role', $1, false), set_config('app.tenant', $2, false)`, [
        want === null ? 'none' : APP_ROLE,
        want ?? '',
      ]);
      client[LOCKED] = want;
      return client;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };

  // pg-pool's own query() takes a connection through connect(callback): that path stays as it was.
  pool.connect = ((callback?: (...args: never[]) => void) =>
    callback ? baseConnectCallback(callback) : checkout()) as typeof pool.connect;
  pool.query = (async (...args: Parameters<pg.PoolClient['query']>) => {
    const client = await checkout();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(isDatabaseUnavailable(error) && error instanceof Error ? error : undefined);
      throw error;
    }
  }) as typeof pool.query;
}
