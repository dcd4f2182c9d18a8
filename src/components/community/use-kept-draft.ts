/**
 * A form's values kept as a draft while they are typed (in local storage, with the comment
 * drafts' rules, see `message/draft.ts`), so that nothing is lost when sending fails or an
 * expired session sends the user to sign in; restored when the form opens again.
 */
import { useCallback, useEffect, useState } from 'react';
import { clearDraft, DRAFT_PREFIX, readDraft, writeDraft } from '@/components/message/draft';

/** @example communityDraftKey('u1', 'post', 'new-1') → 'xt-comment-draft:u1:post:new-1' */
export function communityDraftKey(userId: string, kind: 'post' | 'answer', targetId: string): string {
  return `${DRAFT_PREFIX}${userId}:${kind}:${targetId}`;
}

function parse<T extends object>(raw: string, initial: T): T | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? { ...initial, ...value } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The values, an updater that also keeps them, `forget` (after sending; `reset` empties the form),
 * and whether a draft was restored. Without a key (no user yet) nothing is kept.
 */
export function useKeptDraft<T extends object>(
  key: string | undefined,
  initial: T,
): [T, (change: (current: T) => T) => void, (reset?: T) => void, boolean] {
  const [values, setValues] = useState(initial);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!key) return;
    const kept = parse(readDraft(key), initial);
    if (kept) {
      setValues(kept);
      setRestored(true);
    }
    // The initial values only seed the form; a new key (another post) restores its own draft.
  }, [key]);

  const set = useCallback(
    (change: (current: T) => T) => {
      setValues((current) => {
        const next = change(current);
        if (key) writeDraft(key, JSON.stringify(next));
        return next;
      });
    },
    [key],
  );
  const forget = useCallback(
    (reset?: T) => {
      if (reset) setValues(reset);
      if (key) clearDraft(key);
    },
    [key],
  );
  return [values, set, forget, restored];
}
