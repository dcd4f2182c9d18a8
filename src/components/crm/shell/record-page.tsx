/**
 * The pieces of a back-office page about one record named in its address (`?id=`): loading the
 * record, the link back to its list, and what shows when the address names none or the record
 * cannot be loaded (with a retry, unless it does not exist).
 */
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { Button } from '@/components/ui/button';

export type RecordState<T> = { kind: 'loading' } | { kind: 'ready'; record: T } | { kind: 'failed'; message?: string; notFound: boolean };

type Loader<T> = (id: string, opts: { signal: AbortSignal; isShowErrTip: false }) => Promise<T>;

/**
 * The record `id` as `load` answers it, once `enabled`; a record that does not exist fails with
 * `notFound`, another failure with the gateway's message. `retry` loads it again.
 */
export function useRecord<T>(id: string, load: Loader<T>, notFound: string, enabled: boolean): { state: RecordState<T>; retry: () => void } {
  const [state, setState] = useState<RecordState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled || !id) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(id, { signal: controller.signal, isShowErrTip: false }).then(
      (record) => setState({ kind: 'ready', record }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const outcome = outcomeOf(error);
        const missing = outcome.kind === 'notFound';
        setState({ kind: 'failed', message: missing ? notFound : gatewayMessage(outcome), notFound: missing });
      },
    );
    return () => controller.abort();
  }, [enabled, id, attempt, load, notFound]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/** The page when its record cannot be shown: the way back, what is wrong, and a retry where one can help. */
export function RecordProblem({ back, message, onRetry, retryLabel }: { back: ReactNode; message: string; onRetry?: () => void; retryLabel: string }) {
  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {back}
      <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
        <p>{message}</p>
        {onRetry && (
          <Button type="button" variant="outline" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </div>
    </section>
  );
}

/** What a record page says instead of itself: no id in the address, or the record failed to load ('' when neither). */
export function recordProblem(id: string, state: RecordState<unknown>, texts: { missing: string; loadFailed: string }): string {
  if (!id) return texts.missing;
  return state.kind === 'failed' ? (state.message ?? texts.loadFailed) : '';
}

/**
 * A form's record, named by `?id=` in the address (none: a new one): loaded once access is
 * allowed and handed to `show`. `phase` is 'ready' at once for a new record.
 */
export function useEditedRecord<T>(
  load: Loader<T>,
  show: (record: T) => void,
  notFound: string,
  enabled: boolean,
): { phase: 'loading' | 'ready' | 'failed'; failure?: string; retry: () => void } {
  // Read in the browser only: the page is built without an address.
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(new URLSearchParams(location.search).get('id') ?? ''), []);
  const { state, retry } = useRecord(id ?? '', load, notFound, enabled);
  // Each loaded record is shown once (a later `show` must not undo what was typed since).
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (state.kind !== 'ready' || shown.current === state.record) return;
    shown.current = state.record;
    show(state.record);
  }, [state, show]);
  if (id === null) return { phase: 'loading', retry };
  if (!id) return { phase: 'ready', retry };
  return { phase: state.kind, failure: state.kind === 'failed' ? state.message : undefined, retry };
}

/** Leaving the page with unsaved changes asks first. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [dirty]);
}
