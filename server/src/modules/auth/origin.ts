/** The site origin a request came from, for the redirect addresses of other services. */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * `<scheme>://<host>` of the request. Behind a reverse proxy the `X-Forwarded-Proto` and
 * `X-Forwarded-Host` it sets win; the value only shapes the caller's own redirect address,
 * which the other service checks against the one registered for the company.
 *
 * @example requestOrigin(c) → 'https://learn.example.com'
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
  const proto = first('x-forwarded-proto')?.toLowerCase();
  const host = first('x-forwarded-host');
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host && HOST.test(host) ? host : url.host}`;
}

/** How a `state` handed out is stored: its SHA-256, hex. */
export function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}
