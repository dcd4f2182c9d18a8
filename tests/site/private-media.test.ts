// The build carries the public pictures of public/media and none of the course media, which the
// gateway serves only through signed URLs (a CDN serving dist/ would otherwise hand them to anyone).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublicMedia } from '@/lib/public-media';

const DIST = 'dist';
const PUBLIC = 'public';

function files(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const sitePath = (root: string, path: string) => `/${relative(root, path).split(sep).join('/')}`;

describe('media in the build', () => {
  const source = files(join(PUBLIC, 'media')).map((f) => sitePath(PUBLIC, f));
  const built = files(join(DIST, 'media')).map((f) => sitePath(DIST, f));

  it('holds every public picture, byte for byte', () => {
    const pictures = source.filter(isPublicMedia);
    expect(pictures.length).toBeGreaterThan(10);
    for (const path of pictures) {
      expect(built, path).toContain(path);
      expect(readFileSync(join(DIST, path))).toEqual(readFileSync(join(PUBLIC, path)));
    }
  });

  it('holds none of the course media', () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'media/demo/manifest.json'), 'utf8')) as { files: Record<string, unknown> };
    const course = Object.keys(manifest.files).map((f) => `/media/demo/${f}`).filter((p) => !isPublicMedia(p));
    expect(course).toEqual(expect.arrayContaining(['/media/demo/welcome.mp4', '/media/demo/welcome/index.m3u8', '/media/demo/handbook.pdf']));
    for (const path of course) expect(existsSync(join(DIST, path)), path).toBe(false);
    expect(built.filter((p) => !isPublicMedia(p))).toEqual([]);
  });
});
