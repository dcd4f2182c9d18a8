/**
 * A modal dialog on the platform's own `<dialog>` element (focus kept inside, Escape, a
 * backdrop), so the runner brings no dialog library into its first load.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface RunnerDialogProps {
  open: boolean;
  title: string;
  /** Escape and the backdrop close it only when given; a dialog without it waits for its buttons. */
  onDismiss?: () => void;
  /** `alertdialog` for a message the candidate must read. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  actions?: ReactNode;
}

export function RunnerDialog({ open, title, onDismiss, role = 'dialog', children, actions }: RunnerDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss?.();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onDismiss?.();
      }}
      className="bg-background text-foreground m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border p-0 shadow-lg backdrop:bg-black/50"
    >
      {open && (
        <div className="grid gap-4 p-6">
          <h2 id={`${id}-title`} className="text-lg leading-snug font-semibold">
            {title}
          </h2>
          <div id={`${id}-body`} className="text-muted-foreground grid gap-2 text-sm">
            {children}
          </div>
          {actions && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
