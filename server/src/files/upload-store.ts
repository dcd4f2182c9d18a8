/**
 * Where resumable uploads (the tus protocol) collect their bytes until they are complete: a local
 * folder (`<DATA_DIR>/uploads`, `@tus/file-store`) by default, or the S3-compatible bucket of
 * `S3_BUCKET` (`@tus/s3-store`), which every replica reaches, so that a client whose connection
 * dropped may resume on any of them. A complete upload is read from here once by the media job
 * (`modules/authoring/media-job.ts`), which stores what it makes in the file store, then removed.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore as TusFileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { S3Options } from './s3';

/**
 * How long an unfinished upload is kept after it was created: as long as its reservation of the
 * company's bytes (the upload sweeper frees that a day after), then its parts are deleted and a
 * browser that comes back starts the file again.
 */
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60_000;

/** A finished upload as a local file, for tools that want a path (ffmpeg, LibreOffice). */
export interface LocalCopy {
  path: string;
  /** Removes the copy when it was made for the caller (never the upload itself). */
  release(): Promise<void>;
}

export interface UploadStore {
  /** The tus data store the upload route writes through. */
  datastore: DataStore;
  /** The first `bytes` bytes of an upload (fewer when it is shorter). */
  head(id: string, bytes: number): Promise<Uint8Array>;
  /** The upload as a local file. */
  localCopy(id: string): Promise<LocalCopy>;
  /** Forgets the upload and its bytes (idempotent). */
  remove(id: string): Promise<void>;
  /** Deletes the unfinished uploads older than {@link UNFINISHED_UPLOAD_MS}; answers how many. */
  deleteExpired(): Promise<number>;
}

/** Reads at most `bytes` bytes from the start of a stream, then closes it. */
async function readHead(stream: Readable, bytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return new Uint8Array(Buffer.concat(chunks).subarray(0, bytes));
}

const ignoreMissing = (error: unknown) => {
  const status = (error as { status_code?: number } | undefined)?.status_code;
  if (status !== 404 && status !== 410) throw error;
};

/** Uploads in a local folder: the finished file is read where it lies. */
export function localUploadStore(directory: string): UploadStore {
  const datastore = new TusFileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
  return {
    datastore,
    head: async (id, bytes) => readHead(datastore.read(id), bytes),
    async localCopy(id) {
      const path = join(directory, id);
      // Throws when the upload is gone.
      await stat(path);
      return { path, release: async () => {} };
    },
    remove: async (id) => {
      await datastore.remove(id).catch(ignoreMissing);
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

/** Uploads in the bucket of `options` (under `<prefix>uploads/`): the finished file is fetched to a temporary folder when a tool needs it. */
export function s3UploadStore(options: S3Options): UploadStore {
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS,
    s3ClientConfig: {
      bucket: options.bucket,
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    },
  });
  return {
    datastore,
    head: async (id, bytes) => readHead(await datastore.read(id), bytes),
    async localCopy(id) {
      const folder = await mkdtemp(join(tmpdir(), 'xuetang-upload-'));
      const path = join(folder, 'source');
      await pipeline(await datastore.read(id), createWriteStream(path));
      return { path, release: () => rm(folder, { recursive: true, force: true }) };
    },
    remove: async (id) => {
      await datastore.remove(id).catch(ignoreMissing);
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}
