/** What every start does before serving: migrate, then seed the demo tenants into an empty database. */
import type { Database } from './db/client';
import { migrate } from './db/migrate';
import { defaultTenantsDir, seedIfEmpty } from './seed';

export interface Prepared {
  migrations: number;
  seeded: boolean;
}

export function prepareDatabase(database: Database, tenantsDir = defaultTenantsDir): Promise<Prepared> {
  return database.exclusive(async (db) => ({
    migrations: await migrate(db),
    seeded: await seedIfEmpty(db, tenantsDir),
  }));
}
