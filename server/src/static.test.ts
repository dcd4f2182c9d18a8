import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createTestApp, type TestGateway } from './testing';

let dist: string;
let gw: TestGateway;
let app: Hono;

const page = (title: string) =>
  `<!doctype html><html><head><meta name="xt-gateway" content="/gateway"><title>${title}</title></head><body>${title}</body></html>`;

/** A tiny build: a few pages, a shell, both 404 forms (dir for zh, file for en), assets, a dotfile. */
const files: Record<string, string> = {
  'index.html': page('home zh'),
  'en/index.html': page('home en'),
  'knowledge/index.html': page('knowledge zh'),
  'knowledge/course/index.html': page('course shell zh'),
  'knowledge/course/his_id/index.html': page('course history zh'),
  'en/knowledge/course/index.html': page('course shell en'),
  'redirect/index.html': page('redirect shell zh'),
  '404/index.html': page('not found zh'),
  'en/404.html': page('not found en'),
  '_astro/app.Bx1c9.js': 'console.log("app")',
  'tenants/localhost/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'robots.txt': 'User-agent: *\n',
  '.env': 'SECRET=1',
};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xt-dist-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), text);
  }
  gw = await createTestApp({ distDir: dist });
  app = gw.app;
});
afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost${path}`, { headers });

describe('site serving', () => {
  it('serves pages as HTML that is revalidated, with the security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await res.text()).toContain('home zh');
    expect(await (await get('/knowledge')).text()).toContain('knowledge zh');
    expect(await (await get('/knowledge/')).text()).toContain('knowledge zh');
    expect(await (await get('/en')).text()).toContain('home en');
  });

  it('answers a repeated page request with 304 when unchanged', async () => {
    const etag = (await get('/knowledge')).headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/knowledge', { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves the shell of a parameterised route, in both languages', async () => {
    expect(await (await get('/knowledge/course/123')).text()).toContain('course shell zh');
    expect(await (await get('/knowledge/course/123/')).text()).toContain('course shell zh');
    expect(await (await get('/en/knowledge/course/9')).text()).toContain('course shell en');
    expect(await (await get('/knowledge/course/his_id')).text()).toContain('course history zh');
    expect(await (await get('/redirect/knowledge/course/9')).text()).toContain('redirect shell zh');
  });

  it('serves the shell for a parameter holding an encoded slash or percent sign (a search text)', async () => {
    for (const path of ['/knowledge/course/a%2Fb', '/knowledge/course/100%25', '/en/knowledge/course/%E5%AD%A6%25']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('course shell');
    }
  });

  it('answers unknown paths with the 404 page of their language and status 404', async () => {
    const zh = await get('/nowhere');
    expect(zh.status).toBe(404);
    expect(zh.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await zh.text()).toContain('not found zh');
    const en = await get('/en/nowhere/at/all');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('not found en');
    expect((await get('/knowledge/course/1/2')).status).toBe(404);
    expect((await get('/_astro/missing.js')).status).toBe(404);
  });

  it('caches hashed build assets for a year and types files by extension', async () => {
    const js = await get('/_astro/app.Bx1c9.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await get('/tenants/localhost/logo.svg');
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).not.toContain('immutable');
    expect((await get('/robots.txt')).headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('serves byte ranges (video seeking)', async () => {
    const res = await get('/robots.txt', { range: 'bytes=0-3' });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('User');
  });

  it('serves nothing outside the build folder and no dotfiles', async () => {
    expect((await get('/.env')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await get('/..%2fpackage.json')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(404);
  });

  it('answers other methods than GET and HEAD with 405', async () => {
    const res = await app.request('http://localhost/knowledge', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const head = await app.request('http://localhost/knowledge', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('language cookie', () => {
  const en = { cookie: 'lang=en' };

  it('sends a path without /en to its /en path, keeping the query', async () => {
    const res = await get('/knowledge/course/12?from=home&x=1', en);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/knowledge/course/12?from=home&x=1');
    expect((await get('/', en)).headers.get('location')).toBe('/en');
    expect((await get('/nowhere', { cookie: 'other=1; lang=en' })).headers.get('location')).toBe('/en/nowhere');
  });

  it('leaves /en paths, assets, files, the gateway and other languages alone', async () => {
    expect((await get('/en/knowledge/course/3', en)).status).toBe(200);
    expect((await get('/_astro/app.Bx1c9.js', en)).status).toBe(200);
    expect((await get('/tenants/localhost/logo.svg', en)).status).toBe(200);
    expect((await get('/gateway/system/api/enum/list?enumName=sex', en)).status).toBe(200);
    expect((await get('/knowledge', { cookie: 'lang=zh' })).status).toBe(200);
  });
});

describe('mobile devices', () => {
  const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' };

  it('are served the desktop pages while no mobile site is configured', async () => {
    expect((await get('/knowledge', phone)).status).toBe(200);
  });

  it('go to the mobile site when one is configured, except on the agreement page', async () => {
    const h5 = await createTestApp({ distDir: dist, h5Url: '/h5' });
    try {
      const at = (path: string) => h5.app.request(`http://localhost${path}`, { headers: phone });
      expect((await at('/knowledge')).headers.get('location')).toBe('/h5/');
      expect((await at('/live/watch/88')).headers.get('location')).toBe('/h5/#/pages/live/watch/watch?id=88');
      expect((await at('/agreement')).status).not.toBe(302);
      expect((await at('/_astro/app.Bx1c9.js')).status).toBe(200);
      expect((await h5.app.request('http://localhost/knowledge')).status).toBe(200);
    } finally {
      await h5.close();
    }
  });
});

describe('gateway beside the site', () => {
  it('still answers unknown gateway paths with the envelope', async () => {
    const res = await get('/gateway/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
    const wrongMethod = await get('/gateway/user/api/user/info/emp/no/pwd');
    expect(wrongMethod.status).toBe(405);
  });

  it('leaves the gateway meta alone under the default prefix', async () => {
    expect(await (await get('/')).text()).toContain('<meta name="xt-gateway" content="/gateway">');
  });

  it('points the pages at a custom gateway prefix', async () => {
    const custom = createApp({ db: gw.database.db, distDir: dist, gatewayPrefix: '/api/gw/' });
    const html = await (await custom.request('http://localhost/knowledge/course/5')).text();
    expect(html).toContain('<meta name="xt-gateway" content="/api/gw">');
    expect(html).not.toContain('content="/gateway"');
    const notFound = await custom.request('http://localhost/en/missing');
    expect(await notFound.text()).toContain('content="/api/gw"');
    const call = await custom.request('http://localhost/api/gw/system/api/enum/list?enumName=sex');
    expect(await call.json()).toMatchObject({ code: 200 });
    // The old prefix is now just an unknown site path.
    expect((await custom.request('http://localhost/gateway/system/api/enum/list?enumName=sex')).status).toBe(404);
  });
});
