// Astro integration: the build keeps only the public pictures of `public/media` (course covers,
// home banners and zone pictures; see src/lib/public-media.ts). Course media (videos with their
// HLS playlists and segments, audio, documents, images, coursewares) stay on disk in
// `public/media` for the gateway (`MEDIA_DIR`), which serves them only through signed URLs, and
// never reach `dist/`, so a CDN or static host serving the build cannot leak them.
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Removes from the built `media/` folder every file whose site path `isPublic` refuses, and the
 * folders left empty.
 *
 * @param {string} distDir the build's folder
 * @param {(sitePath: string) => boolean} isPublic
 * @returns {Promise<string[]>} the site paths removed
 */
export async function dropPrivateMedia(distDir, isPublic) {
  const removed = [];
  /** @param {string} folder @returns {Promise<boolean>} whether the folder is now empty */
  async function prune(folder) {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return false;
    }
    let left = entries.length;
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (await prune(path)) {
          await rmdir(path);
          left--;
        }
        continue;
      }
      const sitePath = `/${relative(distDir, path).split(sep).join('/')}`;
      if (!isPublic(sitePath)) {
        await rm(path, { force: true });
        removed.push(sitePath);
        left--;
      }
    }
    return left === 0;
  }
  const media = join(distDir, 'media');
  if (await prune(media)) await rmdir(media);
  return removed;
}

/** @param {(sitePath: string) => boolean} isPublic */
export function privateMedia(isPublic) {
  return {
    name: 'xuetang:private-media',
    hooks: {
      /** @param {{ dir: URL, logger: { info(message: string): void } }} options */
      'astro:build:done': async ({ dir, logger }) => {
        const removed = await dropPrivateMedia(fileURLToPath(dir), isPublic);
        logger.info(`left ${removed.length} course media files out of the build; they are served only through signed URLs`);
      },
    },
  };
}
