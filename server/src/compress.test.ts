import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestGateway } from './testing';

let dist: string;
let gw: TestGateway;

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const html = `<!doctype html><html><head><meta name="xt-gateway" content="/gateway"><title>home</title></head><body>${'<p>学堂</p>'.repeat(300)}</body></html>`;
const files: Record<string, string> = {
  'index.html': html,
  '_astro/app.Cx1.js': script,
  '_astro/tiny.Cx2.js': 'export {};\n',
  'video/clip.mp4': 'x'.repeat(4000),
};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xt-gzip-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), text);
  }
  gw = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, encoding?: string) =>
  gw.app.request(`http://localhost${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });

async function gunzipped(res: Response): Promise<string> {
  return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
}

describe('gzip for the built site', () => {
  it('sends scripts and pages gzipped to a browser that accepts it, with the right length', async () => {
    for (const [path, text] of [['/_astro/app.Cx1.js', script], ['/', html]] as const) {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      const bytes = Number(res.headers.get('content-length'));
      const body = await gunzipped(res);
      expect(body).toBe(text);
      expect(bytes).toBeLessThan(Buffer.byteLength(text) / 3);
    }
    // A second request is served the same bytes (the kept version).
    const again = await get('/_astro/app.Cx1.js', 'gzip');
    expect(await gunzipped(again)).toBe(script);
    expect((await get('/', 'gzip')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends plain bytes without gzip in Accept-Encoding, to q=0, for tiny files and for media', async () => {
    for (const [path, encoding] of [
      ['/_astro/app.Cx1.js', undefined],
      ['/_astro/app.Cx1.js', 'br'],
      ['/_astro/app.Cx1.js', 'gzip;q=0, br'],
      ['/_astro/tiny.Cx2.js', 'gzip'],
      ['/video/clip.mp4', 'gzip'],
    ] as const) {
      const res = await get(path, encoding);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBeNull();
      const text = await res.text();
      expect(text).toBe(files[path.slice(1)]);
      if (res.headers.has('content-length')) expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    }
  });

  it('leaves gateway answers alone', async () => {
    const res = await get('/gateway/system/api/website/view?domain=localhost', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });
});
