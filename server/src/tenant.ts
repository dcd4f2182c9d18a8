/** Who is calling: the enterprise (tenant) and the client address. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { EID_HEADER } from '@/api/codes';
import { global, type Enterprise } from './db/access';
import type { Db } from './db/client';
import { overTls } from './security';
import { switchableTransport } from './notify/transport';

/**
 * A host as enterprise domains are stored: lower case, no port, no IPv6 brackets.
 *
 * @example normalizeHost('LocalHost:4321') → 'localhost'
 */
export function normalizeHost(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') >>> 0);
  return value.replace(/:\d*$/, '');
}

/**
 * How long a found enterprise is reused without asking the database again. Every request needs
 * its enterprise; the rows change when the back office edits a company's site settings, which
 * forgets what every gateway process keeps ({@link tenantChanges}), or outside the gateway, which
 * shows within this time on every replica. Hosts and ids that match no enterprise are never kept.
 */
export const TENANT_CACHE_MS = 10_000;
/** Entries one database's cache holds at most (it starts afresh beyond). */
const TENANT_CACHE_SIZE = 1_000;

/** One cache per database, so test apps on fresh databases never see each other's enterprises. */
const tenantCaches = new WeakMap<Db, Map<string, { value: unknown; until: number; generation: number }>>();

/**
 * Counts the changes of companies' settings heard by this process (its own and, through the
 * transport, other processes'): an entry kept in an earlier generation is not used again, nor is
 * a lookup kept that a change overtook. Changes are rare, so every company's entries go at once.
 */
let generation = 0;
const settingsChanges = switchableTransport(
  () => void generation++,
  () => void generation++,
);

/** LISTEN/NOTIFY channel of the companies whose site settings changed. */
export const TENANT_CHANNEL = 'xuetang_tenant';

/** Tells every gateway process that a company's web info, domains or navigation changed. */
export const tenantChanges = {
  /** Forgets the cached enterprises and their rows here at once, and in every other process. */
  forget(enterpriseId: string): Promise<void> {
    return settingsChanges.publish({ enterpriseId }).catch((error: unknown) => {
      // The time limit still ends the stale entries elsewhere.
      console.error('[tenant] could not tell the other gateway processes:', error);
    });
  },
  /** Switches to another transport (at start-up on PostgreSQL); the previous one is closed. */
  useTransport: settingsChanges.useTransport,
};

/**
 * `find()`, or what it answered for the same key of the same database within the last
 * {@link TENANT_CACHE_MS}: for an enterprise's own rows that only change when its settings are
 * edited. `undefined` and empty lists are never kept.
 */
export async function cachedForTenant<T>(db: Db, key: string, find: () => Promise<T>): Promise<T> {
  let cache = tenantCaches.get(db);
  if (!cache) tenantCaches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.generation === generation) return hit.value as T;
  const started = generation;
  const value = await find();
  if (value === undefined || (Array.isArray(value) && value.length === 0) || started !== generation) {
    cache.delete(key);
    return value;
  }
  if (cache.size >= TENANT_CACHE_SIZE) cache.clear();
  cache.set(key, { value, until: now + TENANT_CACHE_MS, generation });
  return value;
}

/** Drops a database's cached enterprises and their rows: for changes made to the rows outside the gateway's own calls (tests, tools). */
export function forgetTenants(db: Db): void {
  tenantCaches.delete(db);
}

/** The enterprise that owns a host name (normalised), from the cache when it was looked up lately. */
export function tenantByDomain(db: Db, host: string): Promise<Enterprise | undefined> {
  const domain = normalizeHost(host);
  return cachedForTenant(db, `host:${domain}`, () => global.enterpriseByDomain(db, domain));
}

/** The enterprise of an id, from the cache when it was looked up lately. */
export function tenantById(db: Db, eid: string): Promise<Enterprise | undefined> {
  return cachedForTenant(db, `id:${eid}`, () => global.enterpriseById(db, eid));
}

/**
 * The request's enterprise: the one named by the `eid` header when present, else the one
 * whose domain is the request's host. `undefined` when neither is configured.
 */
export function resolveTenant(db: Db, c: Context): Promise<Enterprise | undefined> {
  const eid = c.req.header(EID_HEADER)?.trim();
  if (eid) return tenantById(db, eid);
  return tenantByDomain(db, new URL(c.req.url).host);
}

/**
 * The client's address for rate limits. Behind a proxy (`trustProxy`) it is the last
 * `X-Forwarded-For` entry, the one the proxy added; `null` when unknown.
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Not running behind the Node server (tests call app.request()).
    return null;
  }
}

/**
 * The site origin for links in mails: the request's own when its host serves one of our
 * companies (a foreign `Host` header cannot point a reset link elsewhere), else `PUBLIC_ORIGIN`.
 * The scheme is https when the request came over TLS (or a trusted proxy says so).
 */
export async function siteOrigin(ctx: { db: Db; c: Context; trustProxy: boolean }): Promise<string | undefined> {
  return originFor(ctx.db, new URL(ctx.c.req.url).host, overTls(ctx.c, ctx.trustProxy));
}

/** The origin of `host` when it serves one of our companies, else `PUBLIC_ORIGIN`. */
export async function originFor(db: Db, host: string, https: boolean): Promise<string | undefined> {
  if (await global.enterpriseByDomain(db, normalizeHost(host))) return `${https ? 'https' : 'http'}://${host}`;
  const configured = process.env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : undefined;
}
