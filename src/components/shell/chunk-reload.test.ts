// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  installChunkReloadGuard,
  isChunkLoadError,
  reloadOnce,
  shouldReload,
} from '@/components/shell/chunk-reload';

describe('shouldReload', () => {
  it('allows one reload per 60 s', () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(shouldReload(1_000_000, null)).toBe(true);
    expect(shouldReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(shouldReload(1_000_000, Number.NaN)).toBe(true);
    expect(shouldReload(1_000_000, 2_000_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports and module scripts in the major browsers', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module: https://x/_astro/a.js')).toBe(true);
    expect(isChunkLoadError('TypeError: error loading dynamically imported module')).toBe(true);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
    expect(isChunkLoadError('Unable to preload CSS for /_astro/a.css')).toBe(true);
    expect(isChunkLoadError('Cannot read properties of undefined')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloading', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let uninstall: (() => void) | undefined;

  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn<() => void>();
    vi.spyOn(location, 'reload').mockImplementation(reload);
  });
  afterEach(() => {
    uninstall?.();
    vi.restoreAllMocks();
  });

  it('reloads once and remembers when', () => {
    expect(reloadOnce(100_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('100000');
    expect(reloadOnce(130_000)).toBe(false);
    expect(reloadOnce(160_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads on vite:preloadError and stops the error when it does', () => {
    uninstall = installChunkReloadGuard();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    const again = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);
  });

  it('reloads on an unhandled rejection from a failed dynamic import, not on others', () => {
    uninstall = installChunkReloadGuard();
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection') as Event & { reason: unknown };
      event.reason = reason;
      window.dispatchEvent(event);
    };
    rejection(new TypeError('Something else'));
    expect(reload).not.toHaveBeenCalled();
    rejection(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on an error event about a module script', () => {
    uninstall = installChunkReloadGuard();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Importing a module script failed.' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
