/**
 * The states of a data block: loading (a skeleton when given, else a spinner), error with a
 * retry button, empty, or the content. Texts come from the caller.
 */
import type { ReactNode } from 'react';
import { LoaderCircleIcon } from '@/components/layout/icons';
import type { LoadStateMessages } from '@/components/ui/messages';

export type LoadStatus = 'loading' | 'error' | 'empty' | 'ready';

export interface LoadStateTexts {
  loading: string;
  error: string;
  retry: string;
  empty: string;
}

/** The texts of `LoadState` from picked messages; `empty` overrides the generic empty text. */
export function loadTexts(m: LoadStateMessages, empty?: string): LoadStateTexts {
  return {
    loading: m['learning.loading'],
    error: m['learning.loadFailed'],
    retry: m['learning.retry'],
    empty: empty ?? m['learning.empty'],
  };
}

interface LoadStateProps {
  status: LoadStatus;
  texts: LoadStateTexts;
  onRetry?: () => void;
  /** Shown while loading instead of the spinner (keeps the layout still). */
  skeleton?: ReactNode;
  /** Replaces the plain empty text. */
  emptyContent?: ReactNode;
  children?: ReactNode;
}

export function LoadState({ status, texts, onRetry, skeleton, emptyContent, children }: LoadStateProps) {
  if (status === 'ready') return <>{children}</>;
  if (status === 'loading') {
    return (
      <div role="status" aria-live="polite" aria-busy="true">
        {skeleton ? (
          <>
            <span className="sr-only">{texts.loading}</span>
            <div aria-hidden="true">{skeleton}</div>
          </>
        ) : (
          <p className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            {texts.loading}
          </p>
        )}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center text-sm">
        <p className="text-destructive">{texts.error}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-4 py-1.5 font-medium outline-none focus-visible:ring-[3px]"
          >
            {texts.retry}
          </button>
        )}
      </div>
    );
  }
  return emptyContent ?? <p className="text-muted-foreground py-10 text-center text-sm">{texts.empty}</p>;
}
