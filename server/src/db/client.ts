/**
 * The database connection: embedded PGlite (a folder, or memory for tests) by default,
 * PostgreSQL through a `pg` pool when a connection string is given. Both give the same
 * Drizzle database type, so nothing above this file knows which one runs.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

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
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder (created with its parents); without it PGlite keeps data in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (`search_path`), for isolated test runs. */
  searchPath?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

const lockSql = sql`select pg_advisory_lock(hashtext(current_schema()))`;
const unlockSql = sql`select pg_advisory_unlock(hashtext(current_schema()))`;

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db: Db = drizzlePglite({ client, schema });
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
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection must not take the process down.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    exclusive: async (work) => {
      const connection = await pool.connect();
      try {
        const locked: Db = drizzlePg({ client: connection, schema });
        await locked.execute(lockSql);
        try {
          return await work(locked);
        } finally {
          await locked.execute(unlockSql);
        }
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
