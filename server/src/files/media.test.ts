import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_DIR, mediaFile } from './media';

describe('mediaFile', () => {
  const root = '/srv/media';

  it('maps a /media/ site path to the file under the media folder', () => {
    expect(mediaFile('/media/demo/welcome.mp4', root)).toBe('/srv/media/demo/welcome.mp4');
    expect(mediaFile('/media/demo/welcome/index.m3u8?v=2#t=3', root)).toBe('/srv/media/demo/welcome/index.m3u8');
    expect(mediaFile('/media/demo/%E6%89%8B%E5%86%8C.pdf', root)).toBe('/srv/media/demo/手册.pdf');
    expect(mediaFile('/media/demo/handbook.pdf')).toBe(join(MEDIA_DIR, 'demo/handbook.pdf'));
  });

  it('refuses other paths and any way out of the folder', () => {
    for (const url of [
      '/files/x.png',
      'media/demo/a.mp4',
      '/media/',
      '/media/../../etc/passwd',
      '/media/demo/../../secret',
      '/media/%2e%2e/secret',
      '/media/demo/%2F..%2F..%2Fsecret',
      '/media//etc/passwd',
      '/media/demo\\..\\..\\secret',
      '/media/demo/a%00.mp4',
      '/media/%E0%A4%A',
      '/media/demo/./a.mp4',
    ]) {
      expect(mediaFile(url, root), url).toBeUndefined();
    }
  });
});
