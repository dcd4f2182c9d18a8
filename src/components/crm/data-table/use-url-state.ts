/**
 * A flat filter / paging / sort object kept in the page's query string, so a list's filters
 * survive a reload and can be shared as a link. Values are typed by `defaults`: numbers and
 * booleans are parsed back (an unreadable value falls back to its default), values equal to
 * their default are left out of the URL, query parameters not named in `defaults` are kept.
 * The URL is changed with `history.replaceState` (no new history entry); every hook on the page
 * follows it, and back/forward (`popstate`) is followed too. On the server and during
 * hydration the state is `defaults`.
 *
 * @example
 * const [query, setQuery, resetQuery] = useUrlState({ pageCurrent: 1, pageSize: 20, keyword: '', sortField: '', sortDesc: false });
 * setQuery({ keyword: 'li', pageCurrent: 1 }); // → ?keyword=li
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';

export type UrlValue = string | number | boolean;
export type UrlState = Record<string, UrlValue>;
export type UrlStatePatch<T extends UrlState> = Partial<T> | ((current: T) => Partial<T>);

/** Fired on `window` after `writeUrlState` changed the URL. */
const CHANGE_EVENT = 'url-state-change';

/** Reads the values of `defaults`' keys from a query string. */
export function parseUrlState<T extends UrlState>(search: string, defaults: T): T {
  const params = new URLSearchParams(search);
  const out: UrlState = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = params.get(key);
    if (raw === null) continue;
    if (typeof fallback === 'number') {
      const n = Number(raw);
      if (raw.trim() !== '' && Number.isFinite(n)) out[key] = n;
    } else if (typeof fallback === 'boolean') {
      if (raw === 'true' || raw === '1') out[key] = true;
      else if (raw === 'false' || raw === '0') out[key] = false;
    } else {
      out[key] = raw;
    }
  }
  return out as T;
}

/** The query string (with `?`, or '') for `state`: other parameters of `search` kept, defaults dropped. */
export function formatUrlState<T extends UrlState>(search: string, state: T, defaults: T): string {
  const params = new URLSearchParams(search);
  for (const key of Object.keys(defaults)) {
    const value = state[key];
    if (value === undefined || value === defaults[key]) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Merges `patch` into the state in the URL and replaces the URL (no history entry). */
export function writeUrlState<T extends UrlState>(patch: UrlStatePatch<T>, defaults: T): void {
  const { location, history } = window;
  const current = parseUrlState(location.search, defaults);
  const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
  const search = formatUrlState(location.search, next, defaults);
  if (search === location.search) return;
  history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/**
 * `[state, setState, reset]`: `setState(patch)` merges a partial object (or a function of the
 * current state) into the URL; `reset()` goes back to `defaults`. `defaults` is read once, on
 * the first render.
 */
export function useUrlState<T extends UrlState>(defaults: T): [T, (patch: UrlStatePatch<T>) => void, () => void] {
  const defaultsRef = useRef(defaults);
  const cache = useRef<{ search: string; state: T } | null>(null);

  const getSnapshot = useCallback((): T => {
    const search = window.location.search;
    if (cache.current?.search !== search) {
      cache.current = { search, state: parseUrlState(search, defaultsRef.current) };
    }
    return cache.current.state;
  }, []);
  const getServerSnapshot = useCallback((): T => defaultsRef.current, []);

  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setState = useCallback((patch: UrlStatePatch<T>) => writeUrlState(patch, defaultsRef.current), []);
  const reset = useCallback(() => writeUrlState(() => defaultsRef.current, defaultsRef.current), []);
  return [state, setState, reset];
}
