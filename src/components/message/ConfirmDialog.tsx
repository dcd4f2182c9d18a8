/**
 * A yes/no question before something that cannot be undone (deleting records, comments).
 * Loaded only when first asked (see use-confirm.tsx); focus starts on the cancel button.
 */
import { AlertDialog } from 'radix-ui';
import { destructiveButtonSm, ghostButtonSm } from '@/components/ui/button-class';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onAnswer: (yes: boolean) => void;
}

export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onAnswer }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root defaultOpen onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="data-[state=open]:animate-in data-[state=open]:fade-in-0 fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="bg-background data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border p-6 shadow-lg sm:max-w-md">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted-foreground text-sm">{text}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={`${ghostButtonSm} border`}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={destructiveButtonSm}
              onClick={() => onAnswer(true)}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
