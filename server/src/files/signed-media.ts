/**
 * Signed URLs of course media and files. A call that has checked the viewer (company, published,
 * purchase, registration, watermark) hands out `<path>?eid=<enterprise>&exp=<unix seconds>&sig=<hmac>`,
 * the HMAC (see `signing.ts`) covering the enterprise, the path and the expiry. `GET /media/…`
 * then answers only such a URL, on a host of that same enterprise, before its expiry; a changed
 * path, expiry or enterprise, another company's host or no signature at all is refused (403).
 * Public pictures (`src/lib/public-media.ts`) are left to the built site.
 *
 * HLS: a signed playlist is answered rewritten, each segment (and variant playlist, key and
 * init section) of this site signed for the same enterprise and the same expiry as the playlist,
 * so segments are reachable only through a playlist that was reachable, and no later than it.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context, Next } from 'hono';
import { isPublicMedia } from '@/lib/public-media';
import { fileExtension } from '@/lib/doc-kind';
import type { Db } from '../db/client';
import { tenantByDomain } from '../tenant';
import { MEDIA_DIR, MEDIA_PATH, mediaFile } from './media';
import { rangedResponse } from './respond';
import { isFresh, signatureMatches, signParts } from './signing';
import { contentTypeOf } from './types';

/** How long a signed URL works by default: documents, pictures, downloads. */
export const MEDIA_URL_SECONDS = 10 * 60;

/** Where stored files are served (`/files/<eid>/<name>`); kept here so that plumbing shares one value. */
export const STORE_PATH = '/files/';

/** The signed purpose, so that a media signature is never an export link's or the other way round. */
const PURPOSE = 'media';

/**
 * How long a signed URL of something played should work: long enough to play it to the end at
 * half speed after the default time to start, as a whole number of seconds.
 *
 * @example playSeconds(600) → 1800 (10 minutes + 2 × 10 minutes)
 */
export function playSeconds(duration: number): number {
  return MEDIA_URL_SECONDS + Math.ceil(2 * Math.max(0, duration || 0));
}

/**
 * The path a URL names as a browser sends it (percent-encoded, dot segments resolved), when it
 * is one of the gateway's files: `/media/…` other than a public picture, or `/files/…`.
 * Undefined for anything else (public pictures, other sites, empty).
 *
 * @example privatePath('/media/demo/手册.pdf?x=1') → '/media/demo/%E6%89%8B%E5%86%8C.pdf'
 * @example privatePath('/media/demo/covers/a.jpg') → undefined
 */
export function privatePath(url: string): string | undefined {
  const raw = url.trim().split(/[?#]/, 1)[0]!;
  if (!raw.startsWith(MEDIA_PATH) && !raw.startsWith(STORE_PATH)) return undefined;
  let path: string;
  try {
    path = new URL(raw, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
  if (path.startsWith(MEDIA_PATH)) return isPublicMedia(path) ? undefined : path;
  return path.startsWith(STORE_PATH) ? path : undefined;
}

async function signedPath(db: Db, eid: string, path: string, exp: string): Promise<string> {
  const sig = await signParts(db, [PURPOSE, eid, path, exp]);
  return `${path}?${new URLSearchParams({ eid, exp, sig })}`;
}

const expiryIn = (seconds: number) => String(Math.floor(Date.now() / 1000) + Math.max(1, Math.ceil(seconds)));

/**
 * A URL of enterprise `eid` signed for `seconds` (default {@link MEDIA_URL_SECONDS}) when it names
 * one of the gateway's files; any other URL (a public picture, another site's, empty) as it is.
 * Call it only after the viewer's access was checked.
 *
 * @example await signedUrl(db, eid, '/media/demo/clip.mp4', playSeconds(12)) → '/media/demo/clip.mp4?eid=…&exp=…&sig=…'
 */
export async function signedUrl(db: Db, eid: string, url: string, seconds: number = MEDIA_URL_SECONDS): Promise<string> {
  const path = privatePath(url);
  return path ? signedPath(db, eid, path, expiryIn(seconds)) : url;
}

/**
 * A URL as it was before {@link signedUrl}: its path alone when it names one of the gateway's
 * files and carries a signature; anything else as it is. For a URL the site sends back
 * (a picture an edited post keeps).
 *
 * @example unsignedUrl('/media/demo/a.jpg?eid=1&exp=2&sig=3') → '/media/demo/a.jpg'
 */
export function unsignedUrl(url: string): string {
  const [raw, query = ''] = url.trim().split('?', 2) as [string, string?];
  if (!privatePath(raw) || !new URLSearchParams(query).has('sig')) return url;
  try {
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/**
 * The enterprise and expiry a request's signature vouches for: the URL's `eid` is the enterprise
 * of the request's host, the expiry is not past and the signature is right for both and the path.
 */
export async function verifySignedRequest(db: Db, c: Context): Promise<{ eid: string; exp: string } | undefined> {
  const url = new URL(c.req.url);
  const eid = url.searchParams.get('eid') ?? '';
  const exp = url.searchParams.get('exp') ?? '';
  const sig = url.searchParams.get('sig') ?? '';
  if (!eid || !sig || !isFresh(exp)) return undefined;
  const tenant = await tenantByDomain(db, url.host);
  if (!tenant || tenant.id !== eid) return undefined;
  return (await signatureMatches(db, [PURPOSE, eid, url.pathname, exp], sig)) ? { eid, exp } : undefined;
}

/** Headers of every signed answer: private, kept no longer than the signature, never sniffed or run. */
export function signedHeaders(type: string, exp: string): Record<string, string> {
  const left = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
  return {
    'Content-Type': type,
    'Cache-Control': `private, max-age=${Math.min(left, 3600)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/**
 * A playlist with every URI of this site that needs a signature signed for `eid` until `exp`
 * (relative URIs resolved against the playlist's own path); other sites' URIs and public
 * pictures stay as they are.
 *
 * @example await signPlaylist(db, eid, '/media/demo/welcome/index.m3u8', exp, '#EXTM3U\nsegment-00.ts')
 *   → '#EXTM3U\n/media/demo/welcome/segment-00.ts?eid=…&exp=…&sig=…'
 */
export async function signPlaylist(db: Db, eid: string, playlistPath: string, exp: string, text: string): Promise<string> {
  const base = `http://site.invalid${playlistPath}`;
  const sign = async (uri: string): Promise<string> => {
    let target: URL;
    try {
      target = new URL(uri, base);
    } catch {
      return uri;
    }
    if (target.origin !== 'http://site.invalid') return uri;
    const path = privatePath(target.pathname);
    return path ? signedPath(db, eid, path, exp) : uri;
  };
  const lines = await Promise.all(
    text.split(/\r?\n/).map(async (line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return sign(trimmed);
      const uris = [...trimmed.matchAll(URI_ATTRIBUTE)].map((m) => m[1]!);
      if (uris.length === 0) return line;
      const signed = await Promise.all(uris.map(sign));
      let i = 0;
      return trimmed.replace(URI_ATTRIBUTE, () => `URI="${signed[i++]}"`);
    }),
  );
  return lines.join('\n');
}

const refused = (c: Context) => c.text('Forbidden', 403, { 'Cache-Control': 'no-store' });
const missing = (c: Context) => c.text('Not Found', 404, { 'Cache-Control': 'no-store' });

/**
 * The handler of `GET /media/*`: public pictures go on to the built site; every other file is
 * answered only to a signed URL (see {@link verifySignedRequest}), from the media folder, with
 * byte ranges, and a playlist rewritten with its segments signed.
 */
export function serveMedia(db: Db, root: string = MEDIA_DIR) {
  return async (c: Context, next: Next): Promise<Response | void> => {
    const path = new URL(c.req.url).pathname;
    if (isPublicMedia(path)) return next();
    const signed = await verifySignedRequest(db, c);
    if (!signed) return refused(c);
    const file = mediaFile(path, root);
    const stats = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !stats?.isFile()) return missing(c);
    const headers = signedHeaders(contentTypeOf(file), signed.exp);

    if (fileExtension(file) === 'm3u8') {
      const text = await signPlaylist(db, signed.eid, path, signed.exp, await readFile(file, 'utf8'));
      const body = c.req.method === 'HEAD' ? null : text;
      return new Response(body, { status: 200, headers: { ...headers, 'Cache-Control': 'private, no-store', 'Content-Length': String(Buffer.byteLength(text)) } });
    }
    return rangedResponse(c.req.method, c.req.header('range'), {
      size: stats.size,
      open: async (range) => ({
        body: Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
        ...(range ? { range } : {}),
      }),
    }, { ...headers, 'Last-Modified': stats.mtime.toUTCString() });
  };
}
