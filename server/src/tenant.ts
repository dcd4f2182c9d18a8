/** Who is calling: the enterprise (tenant) and the client address. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { EID_HEADER } from '@/api/codes';
import { global, type Enterprise } from './db/access';
import type { Db } from './db/client';

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
 * The request's enterprise: the one named by the `eid` header when present, else the one
 * whose domain is the request's host. `undefined` when neither is configured.
 */
export function resolveTenant(db: Db, c: Context): Promise<Enterprise | undefined> {
  const eid = c.req.header(EID_HEADER)?.trim();
  if (eid) return global.enterpriseById(db, eid);
  return global.enterpriseByDomain(db, normalizeHost(new URL(c.req.url).host));
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
