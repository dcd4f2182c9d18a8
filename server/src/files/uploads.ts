/** The upload sweeper: every few minutes, the uploads no saved object names go (see `db/access/uploads.ts`). */
import type { Db } from '../db/client';
import { sweepUnreferencedUploads } from '../db/access/uploads';
import type { FileStore } from './store';

/** How often the upload sweeper runs. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Starts the upload sweeper (first run after one interval); the returned function stops it. */
export function startUploadSweeper(db: Db, files: FileStore, everyMs = UPLOAD_SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepUnreferencedUploads(db, files)
      .then((keys) => keys.length > 0 && console.log(`[uploads] removed ${keys.length} upload(s) no saved object names`))
      .catch((error: unknown) => console.error('[uploads] sweep failed:', error))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
