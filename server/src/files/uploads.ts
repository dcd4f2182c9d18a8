/** The upload sweeper: every few minutes, the uploads no saved object names go (see `db/access/uploads.ts`), and resumable uploads left unfinished. */
import type { Db } from '../db/client';
import { sweepUnreferencedUploads } from '../db/access/uploads';
import type { FileStore } from './store';
import type { UploadStore } from './upload-store';

/** How often the upload sweeper runs. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Starts the upload sweeper (first run after one interval); the returned function stops it. */
export function startUploadSweeper(db: Db, files: FileStore, everyMs = UPLOAD_SWEEP_INTERVAL_MS, unfinished?: UploadStore): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Resumable uploads left unfinished past their day go too.
    const expired = unfinished ? unfinished.deleteExpired().catch((error: unknown) => (console.error('[uploads] unfinished uploads not swept:', error), 0)) : Promise.resolve(0);
    Promise.all([sweepUnreferencedUploads(db, files), expired])
      .then(([keys, parts]) => {
        if (keys.length > 0) console.log(`[uploads] removed ${keys.length} upload(s) no saved object names`);
        if (parts > 0) console.log(`[uploads] removed ${parts} unfinished resumable upload(s)`);
      })
      .catch((error: unknown) => console.error('[uploads] sweep failed:', error))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
