/** The site origin a request came from, for the redirect addresses of other services. */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { overTls } from '../../security';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * `<scheme>://<host>` of the request. Behind a trusted reverse proxy (`TRUST_PROXY`) the
 * `X-Forwarded-Proto` and `X-Forwarded-Host` it sets win; without one they are ignored, since
 * anyone could send them. The value shapes the caller's own redirect address, which the other
 * service checks against the one registered for the company.
 *
 * @example requestOrigin(c, true) → 'https://learn.example.com'
 */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const scheme = overTls(c, trustProxy) ? 'https' : url.protocol.slice(0, -1);
  const forwarded = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return `${scheme}://${forwarded && HOST.test(forwarded) ? forwarded : url.host}`;
}

/** How a `state` handed out is stored: its SHA-256, hex. */
export function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}
