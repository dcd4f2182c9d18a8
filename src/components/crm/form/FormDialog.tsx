/**
 * The frame of the back office's form dialogs: the dialog, a form (`noValidate`: the shared
 * schema checks it) with the title and description, the fields, the gateway's problem with the
 * whole form, and the cancel and submit buttons (the submit shows its pending text meanwhile).
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export function FormDialog({
  title,
  description,
  descriptionHidden = false,
  contentClassName,
  onSubmit,
  onClose,
  pending,
  problem,
  cancelLabel,
  submitLabel,
  pendingLabel,
  lockWhilePending = false,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** The description is for screen readers only. */
  descriptionHidden?: boolean;
  contentClassName?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  pending: boolean;
  /** The gateway's word about the whole form. */
  problem?: string;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  /** While pending, the dialog does not close and its cancel button is disabled. */
  lockWhilePending?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !(lockWhilePending && pending) && onClose()}>
      <DialogContent className={contentClassName}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className={descriptionHidden ? 'sr-only' : undefined}>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={lockWhilePending ? pending : undefined} onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
