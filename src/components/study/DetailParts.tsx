/** Pieces shared by the study task and project pages. */
import BookmarkIcon from 'lucide-react/icons/bookmark';
import { useState, type ReactNode } from 'react';
import type { LearningStatus } from '@/api/learning-types';
import { StatusProgress } from '@/components/learning/StatusProgress';
import { outlineButtonSm } from '@/components/ui/button-class';
import { fill } from '@/i18n/fill';

/** The not-found state of a detail page. */
export function NotFoundNotice({ text }: { text: string }) {
  return (
    <div role="alert" className="bg-card mx-auto max-w-md rounded-xl border p-8 text-center">
      <p className="text-lg font-medium">{text}</p>
    </div>
  );
}

/** Why the caller cannot study now ('The available learning time has expired', …). */
export function AccessAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="border-destructive/30 bg-destructive/5 rounded-lg text-red-700 border px-4 py-3 text-sm font-medium"
    >
      {children}
    </p>
  );
}

/** The caller's status and progress under a detail page's title. */
export function PageProgress({
  status,
  progress,
  messages: m,
}: {
  status: LearningStatus;
  progress: number;
  messages: Record<'learning.progress' | `learning.status.${LearningStatus}`, string>;
}) {
  return (
    <div className="flex items-center gap-3">
      <StatusProgress
        status={status}
        statusText={m[`learning.status.${status}`]}
        progress={progress}
        progressLabel={fill(m['learning.progress'], { value: progress })}
        page
      />
    </div>
  );
}

/** The collect toggle of a detail page. */
export function CollectButton({
  collected,
  disabled,
  onToggle,
  messages: m,
}: {
  collected: boolean;
  disabled: boolean;
  onToggle: () => void;
  messages: Record<'study.collect' | 'study.collected', string>;
}) {
  return (
    <button className={outlineButtonSm} type="button" aria-pressed={collected} disabled={disabled} onClick={onToggle}>
      <BookmarkIcon aria-hidden="true" className={collected ? 'fill-current' : undefined} />
      {collected ? m['study.collected'] : m['study.collect']}
    </button>
  );
}

/**
 * One action at a time: `run` marks the page busy while the call runs. A failed call needs no
 * handling here: the client showed the gateway's message.
 */
export function useBusy(): [boolean, (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };
  return [busy, run];
}
