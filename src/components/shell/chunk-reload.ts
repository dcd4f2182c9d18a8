/**
 * A page chunk that fails to load (usually after a new deployment replaced it) reloads the
 * page, at most once per {@link CHUNK_RELOAD_INTERVAL_MS} (spec section 4), so a chunk that is
 * really missing cannot loop.
 */

/** Spec section 9: page-reload guard on chunk failure. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
/** Session storage key holding the time of the last reload. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

const CHUNK_ERROR =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|failed to load module script|loading (?:css )?chunk [\w-]+ failed|chunkloaderror/i;

/** @example shouldReload(100_000, 30_000) → true; shouldReload(50_000, 30_000) → false */
export function shouldReload(now: number, last: number | null | undefined): boolean {
  return last == null || !Number.isFinite(last) || now - last >= CHUNK_RELOAD_INTERVAL_MS || now < last;
}

/** Whether an error message says a script chunk or dynamic import failed to load. */
export function isChunkLoadError(message: unknown): boolean {
  return typeof message === 'string' && CHUNK_ERROR.test(message);
}

function messageOf(value: unknown): unknown {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'object' && value !== null && 'message' in value) return (value as { message: unknown }).message;
  return value;
}

/** Reloads the page unless it was reloaded for this reason within the interval. Returns whether it did. */
export function reloadOnce(now: number = Date.now()): boolean {
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    last = stored === null ? null : Number(stored);
    if (!shouldReload(now, last)) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without session storage there is no guard: do not risk a loop.
    return false;
  }
  location.reload();
  return true;
}

/**
 * Listens for failed chunk loads: Vite's `vite:preloadError`, and `unhandledrejection` or
 * `error` events whose message says a dynamic import or module script failed. Returns a
 * function that stops listening.
 */
export function installChunkReloadGuard(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnce()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(messageOf(event.reason))) reloadOnce();
  };
  const onError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.message) || isChunkLoadError(messageOf(event.error))) reloadOnce();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
