/**
 * Where uploaded files live. The gateway writes through `FileStore` and serves what it holds
 * at `/files/<key>`; the local folder store is the default, and an S3-compatible bucket can
 * implement the same four calls later without touching the routes.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

/**
 * Keys are `<folder>/<name>`: letters, digits, `_`, `-` and one dot before a short extension
 * in the name; nothing that could climb out of the store.
 *
 * @example isFileKey('0b6f…/Zx3_kq9.png') → true; isFileKey('../etc/passwd') → false
 */
export function isFileKey(key: string): boolean {
  return /^[\w-]{1,64}\/[\w-]{1,64}\.[a-z0-9]{1,8}$/.test(key);
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP `Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** The file's bytes, or only those of {@link range} when it is set. */
  body: ReadableStream<Uint8Array>;
  /** Size of the whole file. */
  size: number;
  /** The part the body holds, when a part was asked for and the store could read just that. */
  range?: ByteRange;
  /** When the file was written; for `Last-Modified`. */
  modified: Date;
}

export interface FileStore {
  /** Writes a file (replacing one with the same key). */
  put(key: string, data: Uint8Array): Promise<void>;
  /** Writes a file from a local path (a large one, streamed; replacing one with the same key). */
  putFile(key: string, path: string): Promise<void>;
  /**
   * The file's content, or undefined when the key holds none. With `range` (within the file) a
   * store may answer just that part, saying so in the answer's `range`.
   */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** A store in a local folder (`<DATA_DIR>/files`); one sub-folder per enterprise. */
export function localFileStore(folder: string): FileStore {
  const root = resolve(folder);

  const pathOf = (key: string): string | undefined => {
    if (!isFileKey(key)) return undefined;
    const path = join(root, ...key.split('/'));
    return path.startsWith(root + sep) ? path : undefined;
  };

  const statOf = async (path: string) => {
    try {
      const stats = await stat(path);
      return stats.isFile() ? stats : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    async put(key, data) {
      const path = pathOf(key);
      if (!path) throw new Error(`Invalid file key "${key}"`);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, path);
    },

    async putFile(key, source) {
      const path = pathOf(key);
      if (!path) throw new Error(`Invalid file key "${key}"`);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${process.pid}.partial`;
      await copyFile(source, partial);
      await rename(partial, path);
    },

    async get(key, range) {
      const path = pathOf(key);
      const stats = path ? await statOf(path) : undefined;
      if (!path || !stats) return undefined;
      const part = range && range.start <= range.end && range.end < stats.size ? range : undefined;
      const body = Readable.toWeb(createReadStream(path, part)) as ReadableStream<Uint8Array>;
      return { body, size: stats.size, modified: stats.mtime, ...(part ? { range: part } : {}) };
    },

    async exists(key) {
      const path = pathOf(key);
      return path ? (await statOf(path)) !== undefined : false;
    },

    async delete(key) {
      const path = pathOf(key);
      if (path) await unlink(path).catch(() => undefined);
    },
  };
}
