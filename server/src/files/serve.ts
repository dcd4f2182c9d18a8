/**
 * Serves the file store read-only at `/files/<eid>/<name>`: only keys of the store's shape
 * (no folders, no `..`, no listing), and only on a host of the company whose folder the key is
 * in. Pictures (PNG, JPEG: avatars, community pictures) are served plainly to that company's
 * pages, cached for good (names are random and never reused); every other file (a stamped
 * courseware, a course file) only to a URL signed for that company (`signed-media.ts`), with
 * byte ranges. Each answer has its own content type, `nosniff` and a sandboxing content policy.
 */
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { tenantByDomain } from '../tenant';
import { rangedResponse } from './respond';
import { signedHeaders, signPlaylist, STORE_PATH, verifySignedRequest } from './signed-media';
import { isFileKey, type FileStore } from './store';
import { contentTypeOf } from './types';

declare module 'hono' {
  interface ContextVariableMap {
    /** The file store of the app, for upload handlers. */
    files: FileStore;
  }
}

/** Where stored files are served. */
export const FILES_PATH = STORE_PATH.slice(0, -1);

/** Content types served without a signature, by extension; anything else needs one. */
const pictureTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const notFound = (c: Context) => c.text('Not Found', 404);

/** The handler of `GET /files/*` (HEAD included). */
export function serveFiles(store: FileStore, db: Db) {
  return async (c: Context) => {
    const key = c.req.path.slice(FILES_PATH.length + 1);
    if (!isFileKey(key)) return notFound(c);
    // A company's files only on its own hosts.
    const tenant = await tenantByDomain(db, new URL(c.req.url).host);
    if (!tenant || key.slice(0, key.indexOf('/')) !== tenant.id) return notFound(c);

    if (new URL(c.req.url).searchParams.has('sig')) {
      const signed = await verifySignedRequest(db, c);
      if (!signed) return c.text('Forbidden', 403, { 'Cache-Control': 'no-store' });
      const whole = await store.get(key);
      if (!whole) return notFound(c);
      if (key.endsWith('.m3u8')) {
        // A playlist answers with its variants and segments signed like itself.
        const text = await signPlaylist(db, signed.eid, new URL(c.req.url).pathname, signed.exp, await new Response(whole.body).text());
        const headers = { ...signedHeaders(contentTypeOf(key), signed.exp), 'Cache-Control': 'private, no-store', 'Content-Length': String(Buffer.byteLength(text)) };
        return new Response(c.req.method === 'HEAD' ? null : text, { status: 200, headers });
      }
      let unread: typeof whole | undefined = whole;
      const answer = rangedResponse(c.req.method, c.req.header('range'), {
        size: whole.size,
        open: async (range) => {
          // The whole file is read already; a part is read anew.
          if (!range && unread) {
            const body = unread.body;
            unread = undefined;
            return { body };
          }
          const file = await store.get(key, range);
          if (!file) throw new Error(`The stored file ${key} went away`);
          return { body: file.body, ...(file.range ? { range: file.range } : {}) };
        },
      }, { ...signedHeaders(contentTypeOf(key), signed.exp), 'Last-Modified': whole.modified.toUTCString() });
      const res = await answer;
      if (unread) await unread.body.cancel();
      return res;
    }

    const type = pictureTypes[key.slice(key.lastIndexOf('.') + 1)];
    const file = type ? await store.get(key) : undefined;
    if (!file) return notFound(c);
    const headers = {
      'Content-Type': type!,
      'Content-Length': String(file.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Last-Modified': file.modified.toUTCString(),
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.method === 'HEAD') {
      await file.body.cancel();
      return c.body(null, 200, headers);
    }
    return c.body(file.body, 200, headers);
  };
}
