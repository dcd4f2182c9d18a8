/**
 * One page of a page call with its pager: loading, an error with retry, empty, or the page.
 * While the next page (or another filter) loads, the page shown stays, dimmed and busy, so the
 * layout keeps still; a page past the end (the list got shorter) goes to the last one. The page
 * number is the caller's state (the URL, or kept state), so coming back shows it again.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PageResult } from '@/api/types';
import { LoadState, type LoadStateTexts } from '@/components/ui/load-state';
import { Pager, type PagerTexts } from '@/components/ui/pager';

interface PagedBlockProps<R extends PageResult<unknown>> {
  page: number;
  onPage: (page: number) => void;
  /** Loads a page. It is read when `page` or `loadKey` changes, and on retry. */
  load: (page: number, signal: AbortSignal) => Promise<R>;
  /** What else the loaded page depends on (the filters), as a string. */
  loadKey: string;
  texts: LoadStateTexts;
  pager: PagerTexts;
  /** Hears a failed load (beside the error state shown here). */
  onError?: (error: unknown) => void;
  children: (result: R) => ReactNode;
}

export function PagedBlock<R extends PageResult<unknown>>({ page, onPage, load, loadKey, texts, pager, onError, children }: PagedBlockProps<R>) {
  const [result, setResult] = useState<R>();
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, onPage, onError });
  latest.current = { load, onPage, onError };

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    latest.current.load(page, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        if (!found.list.length && page > found.totalPage && found.totalPage > 0) {
          latest.current.onPage(found.totalPage);
          return;
        }
        setResult(found);
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus('error');
        latest.current.onError?.(error);
      },
    );
    return () => controller.abort();
  }, [page, loadKey, attempt]);

  const busy = status === 'loading';
  if (status === 'error' || !result || (busy && !result.list.length)) {
    return <LoadState status={status === 'error' ? 'error' : 'loading'} texts={texts} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (!result.list.length) return <LoadState status="empty" texts={texts} />;
  return (
    <div aria-busy={busy} className={`grid gap-3 transition-opacity ${busy ? 'opacity-60' : ''}`}>
      {children(result)}
      <Pager page={result.pageCurrent} totalPage={result.totalPage} onChange={onPage} texts={pager} disabled={busy} />
    </div>
  );
}
