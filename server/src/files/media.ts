/**
 * Demo media and other files the site serves under `/media/…`: the folder `MEDIA_DIR`, by
 * default `<repo>/public/media`, so that the gateway can read what a resource's `url` points to
 * (previews, downloads, file sizes).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Site path prefix of the media folder. */
export const MEDIA_PATH = '/media/';

/** The media folder: `MEDIA_DIR`, else `public/media` of the repository. */
export const MEDIA_DIR = resolve(process.env.MEDIA_DIR ?? fileURLToPath(new URL('../../../public/media', import.meta.url)));

/**
 * The file behind a `/media/…` site path (percent-encoding, query and fragment allowed), or
 * `undefined` for any other path and for one that would leave the media folder.
 *
 * @example mediaFile('/media/demo/welcome.mp4') → '<MEDIA_DIR>/demo/welcome.mp4'
 * @example mediaFile('/media/../../etc/passwd') → undefined
 */
export function mediaFile(url: string, root: string = MEDIA_DIR): string | undefined {
  const path = url.split(/[?#]/, 1)[0]!;
  if (!path.startsWith(MEDIA_PATH)) return undefined;
  let rest: string;
  try {
    rest = decodeURIComponent(path.slice(MEDIA_PATH.length));
  } catch {
    return undefined;
  }
  if (rest === '' || rest.includes('\0') || rest.includes('\\') || rest.startsWith('/')) return undefined;
  if (rest.split('/').some((part) => part === '' || part === '.' || part === '..')) return undefined;
  const file = resolve(root, rest);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..' + sep) || inside === '..' || isAbsolute(inside)) return undefined;
  return file;
}
