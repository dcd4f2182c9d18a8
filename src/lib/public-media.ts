/**
 * Which files under `/media/…` are public: the pictures shown on listing pages to anyone who may
 * see the list (course and live-room covers, which are also the videos' posters, and the home
 * page's banners and zone pictures). They are served plainly and kept in the build. Every other
 * file there (period videos with their HLS playlists and segments, audio, documents, images,
 * archives, coursewares, playbacks, live streams) leaves only through a signed URL issued by the
 * call that checked the viewer, and is not copied into `dist/`. Pure: the build, the gateway and
 * the nginx sample share it.
 */

/** Folders of public pictures, as site paths. */
export const PUBLIC_MEDIA_FOLDERS = ['/media/demo/covers/', '/media/demo/home/'] as const;

/**
 * Whether a site path (no query) names a public picture: inside a public folder, with no `.`,
 * `..` or empty segment and no encoded slash or backslash that could lead out of it.
 *
 * @example isPublicMedia('/media/demo/covers/welcome.jpg') → true
 * @example isPublicMedia('/media/demo/welcome.mp4') → false
 * @example isPublicMedia('/media/demo/covers/..%2Fwelcome.mp4') → false
 */
export function isPublicMedia(path: string): boolean {
  const folder = PUBLIC_MEDIA_FOLDERS.find((f) => path.startsWith(f));
  if (!folder) return false;
  const rest = path.slice(folder.length);
  if (rest === '' || /%2f|%5c|%2e|%00|\\/i.test(rest)) return false;
  return rest.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
