/**
 * Gzip for the built site's text files (HTML, scripts, styles, SVG, JSON), as a static host
 * or CDN would send them: a phone on a slow network gets the React runtime in a quarter of the
 * bytes. Each file version is compressed once and kept; gateway calls are left alone.
 */
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json|x-mpegurl|vnd\.apple\.mpegurl)|image\/svg\+xml)/i;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Built files are few; the cache holds every version served since the start, up to this many. */
const MAX_ENTRIES = 2000;

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip' && name?.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Compresses the site's answers under `skip`'s complement (the gateway prefix is skipped). */
export function compressSite(skip: (path: string) => boolean): MiddlewareHandler {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c, next) => {
    await next();
    if (skip(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return;
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (res.status !== 200 && res.status !== 404) return;
    if (!res.body || res.headers.has('content-encoding') || res.headers.has('content-range') || !COMPRESSIBLE.test(type)) return;
    res.headers.append('Vary', 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('accept-encoding'))) return;

    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    // Unset first: assigning over an answer would copy its Content-Length onto the new one.
    c.res = undefined;
    if (body.byteLength < MIN_BYTES) {
      c.res = new Response(c.req.method === 'HEAD' ? null : body, { status: res.status, headers });
      return;
    }
    const version = headers.get('etag') ?? headers.get('last-modified');
    const key = version ? `${c.req.path}\n${version}\n${body.byteLength}` : undefined;
    let gz = key ? cache.get(key) : undefined;
    if (!gz) {
      gz = new Uint8Array(gzipSync(body, { level: 9 }));
      if (key) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, gz);
      }
    }
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(gz.byteLength));
    c.res = new Response(c.req.method === 'HEAD' ? null : gz, { status: res.status, headers });
  };
}
