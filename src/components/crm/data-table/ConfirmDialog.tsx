/**
 * A controlled confirmation on the alert dialog: the confirm button runs `onConfirm`; while its
 * promise is pending both buttons are disabled and the dialog cannot be closed; it closes when
 * the promise resolves and stays open when it rejects (the API client has already shown the
 * error as a toast).
 *
 * @example
 * <ConfirmDialog open={!!target} onOpenChange={(open) => !open && setTarget(null)}
 *   title={m['crm.members.deleteTitle']} description={fill(m['crm.members.deleteText'], { name })}
 *   confirmLabel={m['crm.members.delete']} cancelLabel={m['crm.table.cancel']} destructive
 *   onConfirm={() => deleteMember(target.id).then(reload)} />
 */
import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/utils';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button (deleting, disabling...). */
  destructive?: boolean;
  /** Runs on confirm; the dialog closes when it settles without throwing. */
  onConfirm: () => unknown;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Stays open: the caller's call has reported the error.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            aria-busy={pending || undefined}
            className={cn(destructive && buttonVariants({ variant: 'destructive' }))}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
