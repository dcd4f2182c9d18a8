import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { buildScriptHashes, contentSecurityPolicy, inlineScriptHashes, parseSources } from './security';
import { createTestApp, type TestGateway } from './testing';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const THEME = "(function(){document.documentElement.dataset.theme='1'})();";
const MODULE = 'import("/_astro/island.js")';
const page = (title: string, ...scripts: string[]) =>
  `<!doctype html><html><head><meta name="xt-gateway" content="/gateway"><title>${title}</title>` +
  `${scripts.join('')}<script type="module" src="/_astro/page.js"></script></head><body>${title}</body></html>`;

const files: Record<string, string> = {
  'index.html': page('home', `<script>${THEME}</script>`, `<script type="module">${MODULE}</script>`),
  'exam/index.html': page('exam', `<script>${THEME}</script>`),
  '404.html': page('not found', `<script>${THEME}</script>`),
  '_astro/page.js': 'console.log(1)',
};

let dist: string;
let gw: TestGateway;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xt-csp-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), text);
  }
  gw = await createTestApp({ distDir: dist, trustProxy: false });
});
afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
});

/** The directives of a policy by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(policy!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('inline script hashes', () => {
  it('hashes inline scripts exactly as written, skips external scripts and data blocks, without repeats', () => {
    const html =
      `<script>${THEME}</script><script type="module">${MODULE}</script><script>${THEME}</script>` +
      `<script src="/a.js"></script><script type="module" src="/b.js"></script>` +
      `<script type="application/ld+json">{"a":1}</script><SCRIPT>x()</SCRIPT >`;
    expect(inlineScriptHashes(html)).toEqual([sha(THEME), sha(MODULE), sha('x()')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
    // Whitespace matters to the browser, so it matters to the hash.
    expect(inlineScriptHashes(`<script> ${THEME}</script>`)).not.toEqual([sha(THEME)]);
  });

  it('collects the union of a whole build, sorted', async () => {
    expect(await buildScriptHashes(dist)).toEqual([sha(THEME), sha(MODULE)].sort());
  });
});

describe('the policy', () => {
  it('allows scripts only from the origin and the hashes given: no inline, no eval', () => {
    const d = directives(contentSecurityPolicy([sha(THEME)]));
    expect(d.get('script-src')).toEqual(["'self'", sha(THEME)]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    const all = [...d.values()].flat();
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:']);
  });

  it('adds configured origins for calls and media, and takes only origins from the setting', () => {
    const connect = parseSources('https://api.example.com, wss://push.example.com:8443 javascript:alert(1) *');
    expect(connect).toEqual(['https://api.example.com', 'wss://push.example.com:8443']);
    const d = directives(contentSecurityPolicy([], { connect, media: parseSources('https://video.example.com') }));
    expect(d.get('connect-src')).toEqual(["'self'", ...connect, 'https://video.example.com']);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:', 'https://video.example.com']);
    expect(parseSources(undefined)).toEqual([]);
  });
});

describe('headers of the site served by the gateway', () => {
  it('gives each page a policy with the hashes of its own inline scripts', async () => {
    const home = await gw.app.request('http://localhost/');
    const html = await home.text();
    const d = directives(home.headers.get('content-security-policy'));
    expect(d.get('script-src')).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(d.get('script-src')).toEqual(["'self'", sha(THEME), sha(MODULE)]);
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const exam = await gw.app.request('http://localhost/exam');
    expect(directives(exam.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'", sha(THEME)]);

    const missing = await gw.app.request('http://localhost/no/such/page');
    expect(missing.status).toBe(404);
    expect(directives(missing.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'", sha(THEME)]);
  });

  it('keeps the policy on a 304', async () => {
    const first = await gw.app.request('http://localhost/exam');
    const again = await gw.app.request('http://localhost/exam', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('sends the other security headers on pages, assets and gateway calls alike', async () => {
    for (const path of ['/', '/_astro/page.js', '/gateway/system/api/website/view?domain=localhost', '/gateway/nope']) {
      const res = await gw.app.request(`http://localhost${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('permissions-policy'), path).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
      expect(res.headers.get('permissions-policy'), path).toContain('fullscreen=(self)');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    const asset = await gw.app.request('http://localhost/_astro/page.js');
    expect(asset.headers.get('content-security-policy')).toBeNull();
  });
});

describe('HSTS', () => {
  it('is sent only over TLS, or from a trusted proxy that says the request came over https', async () => {
    const tls = await gw.app.request('https://localhost/');
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000');

    const claimed = await gw.app.request('http://localhost/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();

    const proxied = createApp({ db: gw.database.db, distDir: dist, trustProxy: true, logError: () => {} });
    const behind = await proxied.request('http://localhost/', { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(behind.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const plain = await proxied.request('http://localhost/', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const gatewayCall = await proxied.request('http://localhost/gateway/nope', { headers: { 'x-forwarded-proto': 'https' } });
    expect(gatewayCall.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
