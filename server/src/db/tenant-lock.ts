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

/** Marks work whose answer is the same under any lock: it keeps a connection as it is. */
export const ANY_LOCK = Symbol('anyLock');
type Lock = string | null | typeof ANY_LOCK;

const current = new AsyncLocalStorage<Lock>();

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

/**
 * Runs `work`, whose queries read only what every lock may see (which company owns a host), on a
 * pooled connection left in whatever lock it has: a signed-in call then finds its tenant without
 * switching a connection away from the tenant and back.
 */
export function underAnyLock<T>(work: () => T): T {
  return current.run(ANY_LOCK, work);
}

/** The enterprise the running work is locked to, `null` outside a tenant, or {@link ANY_LOCK}. */
export function lockedTenant(): Lock {
  return current.getStore() ?? null;
}
