/**
 * Serves the built site (`dist/`) beside the gateway, as a static host configured like
 * `deploy/nginx.conf` would: files as they are, a parameterised route's shell for
 * `/knowledge/course/123`, the 404 page of the path's language, and the `lang=en` cookie's
 * redirect to the `/en` path. HTML is never cached without revalidation; hashed build assets
 * are cached for a year.
 */
import { stat, readFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANG_COOKIE } from '@/api/codes';
import { localizePath, matchRoute, routeFile, splitLocale, type Locale } from '@/i18n/routes';
import { mobileRedirect } from '@/lib/mobile-redirect';
import { contentSecurityPolicy, inlineScriptHashes, type CspSources } from './security';

/** The prefix the built HTML names in its `xt-gateway` meta. */
export const BUILT_GATEWAY_PREFIX = '/gateway';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

const gatewayMeta = /(<meta\s+name=["']xt-gateway["']\s+content=["'])[^"']*(["'])/;

/** `/_astro/…` and any path whose last segment has an extension: never redirected by language. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/_astro/') || extname(pathname.slice(pathname.lastIndexOf('/'))) !== '';
}

/** Points the site's `xt-gateway` meta at the gateway prefix in use. */
export function rewriteGatewayMeta(html: string, prefix: string): string {
  return prefix === BUILT_GATEWAY_PREFIX ? html : html.replace(gatewayMeta, `$1${prefix}$2`);
}

async function fileStats(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

export interface SiteOptions {
  distDir: string;
  gatewayPrefix: string;
  /** The mobile site phones and tablets are sent to (spec section 2); empty: none. */
  h5Url?: string;
  /** Origins the pages' Content-Security-Policy allows beyond the site's own. */
  csp?: CspSources;
}

export function serveSite({ distDir, gatewayPrefix, h5Url = '', csp = {} }: SiteOptions) {
  const root = resolve(distDir);
  /** Each page's policy, by file, for the version (ETag) last read: a 304 carries it too. */
  const policies = new Map<string, { etag: string; policy: string }>();

  /** An existing file under `dist/` for a decoded path (a folder gives its index.html). */
  async function existing(relative: string): Promise<{ path: string; stats: Stats } | undefined> {
    const segments = relative.split('/').filter(Boolean);
    if (segments.some((s) => s.startsWith('.') || s.includes('\\'))) return undefined;
    const path = join(root, ...segments);
    if (path !== root && !path.startsWith(root + sep)) return undefined;
    const stats = await fileStats(path);
    if (stats?.isFile()) return { path, stats };
    if (!stats?.isDirectory()) return undefined;
    const index = join(path, 'index.html');
    const indexStats = await fileStats(index);
    return indexStats?.isFile() ? { path: index, stats: indexStats } : undefined;
  }

  async function sendHtml(c: Context, file: { path: string; stats: Stats }, status: 200 | 404) {
    const etag = `W/"${file.stats.size.toString(36)}-${file.stats.mtimeMs.toString(36)}-${gatewayPrefix}"`;
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE, 'X-Frame-Options': 'SAMEORIGIN' };
    const known = policies.get(file.path);
    if (status === 200 && c.req.header('if-none-match') === etag && known?.etag === etag) {
      return c.body(null, 304, { ...headers, ETag: etag, 'Content-Security-Policy': known.policy });
    }
    const html = rewriteGatewayMeta(await readFile(file.path, 'utf8'), gatewayPrefix);
    const policy = contentSecurityPolicy(inlineScriptHashes(html), csp);
    policies.set(file.path, { etag, policy });
    return c.body(html, status, {
      ...headers,
      'Content-Security-Policy': policy,
      ...(status === 200 ? { ETag: etag } : {}),
      'Content-Length': String(Buffer.byteLength(html)),
    });
  }

  async function notFound(c: Context, locale: Locale) {
    const base = locale === 'en' ? 'en/' : '';
    const page = (await existing(`${base}404/index.html`)) ?? (await existing(`${base}404.html`));
    if (page) return sendHtml(c, page, 404);
    return c.text('Not Found', 404, { 'Cache-Control': REVALIDATE });
  }

  return async function site(c: Context): Promise<Response> {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
    }
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(c, splitLocale(url.pathname).locale);
    }
    const { locale } = splitLocale(pathname);
    if (pathname.includes('\0')) return notFound(c, locale);

    const mobile = isAssetPath(pathname) ? undefined : mobileRedirect(pathname, c.req.header('user-agent') ?? '', h5Url);
    if (mobile) return c.redirect(mobile, 302);

    if (locale !== 'en' && getCookie(c, LANG_COOKIE) === 'en' && !isAssetPath(pathname)) {
      return c.redirect(`${localizePath(url.pathname, 'en')}${url.search}`, 302);
    }

    let file = await existing(pathname);
    if (!file) {
      // The raw path: a parameter may hold an encoded `/` or `%`, decoded once by matchRoute.
      const match = matchRoute(url.pathname);
      if (match) file = await existing(routeFile(match.route, match.locale));
    }
    if (!file) return notFound(c, locale);
    if (file.path.endsWith('.html')) return sendHtml(c, file, 200);

    const relative = file.path.slice(root.length);
    c.header('Cache-Control', relative.startsWith(`${sep}_astro${sep}`) ? IMMUTABLE : SHORT);
    const served = await serveStatic({ path: file.path })(c, async () => {});
    return served ?? notFound(c, locale);
  };
}
