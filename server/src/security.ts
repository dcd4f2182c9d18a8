/**
 * Security headers of every answer, and the Content-Security-Policy of the site's pages.
 *
 * The policy allows scripts only from the site's own origin and the inline scripts the build
 * wrote into a page, each named by its SHA-256 hash: an injected `<script>`, `on…=` attribute
 * or `javascript:` link never runs. `deploy/nginx.conf` sends the same policy from a plain
 * static host, with the hashes of the whole build (`server/scripts/gen-csp.ts`).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

/** One year: browsers keep to https for the host once they have seen it over TLS. */
export const HSTS = 'max-age=31536000';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Powerful features the product never uses are off for every frame; the player may go full screen. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), ' +
  'fullscreen=(self), autoplay=(self), picture-in-picture=(self)';

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP source of each inline script of an HTML page (scripts with `src` are not inline),
 * in the order they appear, without repeats.
 *
 * @example inlineScriptHashes('<script>a()</script>') → ["'sha256-…'"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    if (/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface CspSources {
  /** Further origins the pages may call (`connect-src`), e.g. a gateway on another host. */
  connect?: readonly string[];
  /** Further origins of video and audio (`media-src`, and `connect-src` for HLS segments). */
  media?: readonly string[];
}

/**
 * The site's Content-Security-Policy for pages whose inline scripts have these hashes.
 * Styles may be inline (React `style` props and the tenant's colours); scripts may not.
 * Images may come from any https host (a tenant's logo and banners are set by its admin);
 * everything else comes from the site's own origin, plus `blob:` where the player and the
 * avatar preview need it.
 */
export function contentSecurityPolicy(scriptHashes: Iterable<string>, sources: CspSources = {}): string {
  const media = sources.media ?? [];
  const connect = [...(sources.connect ?? []), ...media];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['media-src', "'self'", 'blob:', ...media],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...connect],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Space- or comma-separated origins from a setting such as `CSP_CONNECT_SRC`. */
export function parseSources(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((s) => /^(https?|wss?):\/\/[\w.-]+(:\d+)?$/i.test(s));
}

/** All HTML files under a folder (the build), relative paths. */
async function htmlFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await htmlFiles(dir, relative)));
    else if (entry.name.endsWith('.html')) out.push(relative);
  }
  return out;
}

/** The hashes of every inline script of every page of a build, sorted (the policy of a static host). */
export async function buildScriptHashes(distDir: string): Promise<string[]> {
  const all = new Set<string>();
  for (const file of await htmlFiles(distDir)) {
    for (const hash of inlineScriptHashes(await readFile(join(distDir, file), 'utf8'))) all.add(hash);
  }
  return [...all].sort();
}

/** Whether the request reached us over TLS: its own URL, or `X-Forwarded-Proto` from a trusted proxy. */
export function overTls(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}

/**
 * Headers on every answer: no content sniffing, the referrer policy, the permissions policy,
 * the opener policy, and HSTS when the request came over TLS (never over plain http, where a
 * browser would ignore it and a local set-up would be locked out).
 */
export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', REFERRER_POLICY);
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (overTls(c, options.trustProxy)) headers.set('Strict-Transport-Security', HSTS);
  };
}
