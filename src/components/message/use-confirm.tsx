/**
 * `ask(question)` resolves true when the user confirms; `dialog` is the element to render.
 * The dialog's code loads on the first question.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

const ConfirmDialog = lazy(() => import('@/components/message/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

export interface Question {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
}

export function useConfirm(): { dialog: ReactNode; ask: (question: Question) => Promise<boolean> } {
  const [pending, setPending] = useState<{ question: Question; resolve: (yes: boolean) => void }>();
  const ask = useCallback(
    (question: Question) => new Promise<boolean>((resolve) => setPending({ question, resolve })),
    [],
  );
  const dialog = pending ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        {...pending.question}
        onAnswer={(yes) => {
          setPending(undefined);
          pending.resolve(yes);
        }}
      />
    </Suspense>
  ) : null;
  return { dialog, ask };
}
