import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { parseRange } from './respond';
import { playSeconds, privatePath, signedUrl, signPlaylist, unsignedUrl } from './signed-media';
import { signatureMatches, signParts } from './signing';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
});
afterAll(() => database?.close());

describe('parseRange', () => {
  it('reads one byte range, clipped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('says when a range starts past the end, and ignores what it does not take', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const header of [undefined, '', 'bytes=', 'bytes=5-1', 'bytes=0-1,5-9', 'items=0-1', 'bytes=a-b']) {
      expect(parseRange(header, 1000)).toBeUndefined();
    }
  });
});

describe('signed URLs', () => {
  it('sign only the gateway files: not public pictures, other sites or empty values', async () => {
    expect(privatePath('/media/demo/手册.pdf?v=1')).toBe('/media/demo/%E6%89%8B%E5%86%8C.pdf');
    expect(privatePath('/files/e1/Ab.pdf')).toBe('/files/e1/Ab.pdf');
    for (const url of ['/media/demo/covers/a.jpg', 'https://cdn.example.com/a.mp4', '', '/tenants/localhost/logo.svg']) {
      expect(privatePath(url)).toBeUndefined();
      expect(await signedUrl(database.db, 'e1', url)).toBe(url);
    }
    // Whole seconds: the expiry is 60 s after the second of signing, which the clock may have left since.
    const before = Math.floor(Date.now() / 1000);
    const url = await signedUrl(database.db, 'e1', '/media/demo/clip.mp4', 60);
    const after = Math.floor(Date.now() / 1000);
    const q = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/media/demo/clip.mp4?')).toBe(true);
    expect(Number(q.get('exp'))).toBeGreaterThanOrEqual(before + 60);
    expect(Number(q.get('exp'))).toBeLessThanOrEqual(after + 60);
    expect(await signatureMatches(database.db, ['media', 'e1', '/media/demo/clip.mp4', q.get('exp')!], q.get('sig')!)).toBe(true);
    expect(unsignedUrl(url)).toBe('/media/demo/clip.mp4');
    expect(unsignedUrl('/media/demo/clip.mp4')).toBe('/media/demo/clip.mp4');
    expect(playSeconds(12)).toBe(10 * 60 + 24);
  });

  it('keep the export links and media apart', async () => {
    const sig = await signParts(database.db, ['e1', 'id', '1']);
    expect(await signatureMatches(database.db, ['media', 'e1', 'id', '1'], sig)).toBe(false);
    expect(await signatureMatches(database.db, ['e1', 'id', '1'], sig)).toBe(true);
    expect(await signatureMatches(database.db, ['e1', 'id', '1'], sig.toUpperCase())).toBe(true);
    expect(await signatureMatches(database.db, ['e1', 'id', '1'], `${sig}0`)).toBe(false);
  });

  it('sign every segment, variant, key and map of a playlist with its expiry, nothing else', async () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x1',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:2.0,',
      'segment-00.ts',
      '#EXTINF:2.0,',
      '../other/segment-01.ts?v=1',
      '#EXTINF:2.0,',
      'https://cdn.example.com/segment-02.ts',
      '#EXTINF:2.0,',
      '/media/demo/covers/a.jpg',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    const out = (await signPlaylist(database.db, 'e1', '/media/demo/welcome/index.m3u8', '4102444800', text)).split('\n');
    const signedAt = (line: string) => {
      const url = new URL(line, 'http://x');
      return [url.pathname, url.searchParams.get('eid'), url.searchParams.get('exp'), url.searchParams.get('sig')?.length];
    };
    expect(signedAt(/URI="([^"]+)"/.exec(out[1]!)![1]!)).toEqual(['/media/demo/welcome/key.bin', 'e1', '4102444800', 64]);
    expect(out[1]).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="[^"]+",IV=0x1$/);
    expect(signedAt(/URI="([^"]+)"/.exec(out[2]!)![1]!)).toEqual(['/media/demo/welcome/init.mp4', 'e1', '4102444800', 64]);
    expect(signedAt(out[4]!)).toEqual(['/media/demo/welcome/segment-00.ts', 'e1', '4102444800', 64]);
    expect(signedAt(out[6]!)).toEqual(['/media/demo/other/segment-01.ts', 'e1', '4102444800', 64]);
    expect(out[8]).toBe('https://cdn.example.com/segment-02.ts');
    expect(out[10]).toBe('/media/demo/covers/a.jpg');
    expect([out[0], out[3], out[11], out[12]]).toEqual(['#EXTM3U', '#EXTINF:2.0,', '#EXT-X-ENDLIST', '']);
  });
});
