/**
 * The tenant of the work in progress, for PostgreSQL row-level security (migration
 * `0007_row_level_security.sql`), the second lock behind the data-access layer. A signed-in call
 * runs inside {@link withTenant}; every PostgreSQL connection it takes from the pool is switched
 * to the application role with `app.tenant` set to that enterprise, so a query that forgot its
 * enterprise filter still sees no other company's rows. Work outside any tenant (start-up,
 * seeding, background jobs, the lookups made before a tenant is known) runs as the owner.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The role the policies bind (created by the migration). */
export const APP_ROLE = 'xuetang_app';

const current = new AsyncLocalStorage<string | null>();

/**
 * Runs `work` (and everything it starts) with the tenant lock on this enterprise. Drizzle queries
 * are lazy: await them inside `work`, not after it returns.
 */
export function withTenant<T>(enterpriseId: string, work: () => T): T {
  return current.run(enterpriseId, work);
}

/**
 * Runs `work` as the owner, across tenants: only for reads that legitimately span companies
 * (a person's memberships in every company, switching or creating a company), which filter by
 * person or id themselves.
 */
export function acrossTenants<T>(work: () => T): T {
  return current.run(null, work);
}

/** The enterprise the running work is locked to, or `null` outside a tenant. */
export function lockedTenant(): string | null {
  return current.getStore() ?? null;
}
