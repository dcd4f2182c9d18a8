/**
 * Serves the file store read-only at `/files/<eid>/<name>`: only keys of the store's shape
 * (no folders, no `..`, no listing), only known image types, each with its own content type,
 * `nosniff` and a sandboxing content policy, cached for good (names are random and never reused).
 */
import type { Context } from 'hono';
import { isFileKey, type FileStore } from './store';

declare module 'hono' {
  interface ContextVariableMap {
    /** The file store of the app, for upload handlers. */
    files: FileStore;
  }
}

/** Where stored files are served. */
export const FILES_PATH = '/files';

/** Content types served, by extension; anything else is not served. */
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The handler of `GET /files/*` (HEAD included). */
export function serveFiles(store: FileStore) {
  return async (c: Context) => {
    const key = c.req.path.slice(FILES_PATH.length + 1);
    const type = contentTypes[key.slice(key.lastIndexOf('.') + 1)];
    const file = isFileKey(key) && type ? await store.get(key) : undefined;
    if (!file) return c.text('Not Found', 404);
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
