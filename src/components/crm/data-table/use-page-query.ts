/**
 * Loads a page of a list whenever its parameters change (compared by value, as JSON), aborting
 * the call still under way for older parameters; only the newest call's answer is kept. The
 * previous page stays in `data` while the next one loads.
 *
 * @example
 * const { data, loading, error, reload } = usePageQuery(
 *   (params, signal) => getMemberPage(params, { signal, isShowErrTip: false }),
 *   query,
 *   { enabled: access === 'allowed' },
 * );
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@/api/types';

export type PageLoader<P, T> = (params: P, signal: AbortSignal) => Promise<PageResult<T>>;

export interface PageQuery<T> {
  /** The last page loaded, or null before the first answer. */
  data: PageResult<T> | null;
  loading: boolean;
  /** What the last call threw (null after a successful call). */
  error: unknown;
  /** Loads the same parameters again (after a change, or from a "retry" button). */
  reload: () => void;
}

export interface PageQueryOptions {
  /** False holds the calls back (e.g. until `useCrmAccess` is 'allowed'). Default true. */
  enabled?: boolean;
}

export function usePageQuery<P, T>(loader: PageLoader<P, T>, params: P, options: PageQueryOptions = {}): PageQuery<T> {
  const enabled = options.enabled ?? true;
  const [data, setData] = useState<PageResult<T> | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const loaderRef = useRef(loader);
  const paramsRef = useRef(params);
  const key = JSON.stringify(params);

  // Declared before the loading effect, so it runs first: the call sees this render's values.
  useEffect(() => {
    loaderRef.current = loader;
    paramsRef.current = params;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loaderRef.current(paramsRef.current, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setData(page);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason ?? new Error('load failed'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, enabled, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, error, reload };
}
