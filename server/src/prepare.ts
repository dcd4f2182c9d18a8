/** What every start does before serving: migrate, then seed the demo tenants into an empty database. */
import type { Database } from './db/client';
import { migrate } from './db/migrate';
import type { FileStore } from './files/store';
import { defaultTenantsDir, seedIfEmpty } from './seed';

export interface Prepared {
  migrations: number;
  seeded: boolean;
}

/** `files`: the gateway's file store, where the demo's exported files go. */
export function prepareDatabase(database: Database, tenantsDir = defaultTenantsDir, files?: FileStore): Promise<Prepared> {
  return database.exclusive(async (db) => ({
    migrations: await migrate(db),
    seeded: await seedIfEmpty(db, tenantsDir, files),
  }));
}
