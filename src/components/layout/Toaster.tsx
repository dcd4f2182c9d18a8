import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, XIcon } from '@/components/layout/icons';
import { $toasts, dismissToast, type Toast } from '@/stores/toasts';

interface ToasterProps {
  messages: { region: string; dismiss: string };
  /** What a toast shows after its text (the back office's undo button); nothing by default. */
  extra?: (toast: Toast) => ReactNode;
}

function ToastItem({ toast, dismissLabel, extra }: { toast: Toast; dismissLabel: string; extra?: ToasterProps['extra'] }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration]);

  const error = toast.kind === 'error';
  return (
    <li
      data-kind={toast.kind}
      className="bg-popover text-popover-foreground animate-in fade-in-0 slide-in-from-top-2 pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-3 pe-2 text-sm shadow-lg data-[kind=error]:border-destructive/40 data-[kind=success]:border-success/40"
    >
      {error ? (
        <CircleAlertIcon className="text-destructive mt-0.5 size-4 shrink-0" />
      ) : (
        <CircleCheckIcon className="text-success mt-0.5 size-4 shrink-0" />
      )}
      <p className="flex-1 break-words">{toast.message}</p>
      {extra?.(toast)}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={dismissLabel}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 -my-1 rounded-sm p-1 outline-none focus-visible:ring-[3px]"
      >
        <XIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * Renders the toast queue of `@/stores/toasts` (spec section 8: errors and successes, deduplicated
 * there). The list is a live region that exists from the first paint, so screen readers
 * announce what is added to it.
 */
export function Toaster({ messages, extra }: ToasterProps) {
  const toasts = useStore($toasts);
  return (
    <section aria-label={messages.region} className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4">
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} dismissLabel={messages.dismiss} extra={extra} />
        ))}
      </ol>
    </section>
  );
}
