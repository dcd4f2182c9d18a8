/**
 * Comment drafts kept in local storage while they are typed, so nothing is lost when a post
 * fails, or when an expired session sends the user to sign in (which clears session storage).
 * Keyed by user and target; a draft older than {@link DRAFT_TTL_MS} is dropped; at most
 * {@link DRAFT_MAX} are kept.
 */

export const DRAFT_PREFIX = 'xt-comment-draft:';
export const DRAFT_TTL_MS = 7 * 24 * 3600_000;
export const DRAFT_MAX = 20;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function store(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** @example draftKey('u1', 'comment', 'a1') → 'xt-comment-draft:u1:comment:a1' */
export function draftKey(userId: string, kind: 'comment' | 'reply', targetId: string): string {
  return `${DRAFT_PREFIX}${userId}:${kind}:${targetId}`;
}

function parse(raw: string | null, now: number): { t: number; text: string } | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { t?: unknown; text?: unknown };
    if (typeof value.t !== 'number' || typeof value.text !== 'string' || now - value.t > DRAFT_TTL_MS) return null;
    return { t: value.t, text: value.text };
  } catch {
    return null;
  }
}

/** The kept draft, or ''. */
export function readDraft(key: string, storage = store(), now = Date.now()): string {
  return parse(storage?.getItem(key) ?? null, now)?.text ?? '';
}

/** Keeps (or, for blank text, forgets) a draft; the oldest drafts go beyond {@link DRAFT_MAX}. */
export function writeDraft(key: string, text: string, storage = store(), now = Date.now()): void {
  if (!storage) return;
  try {
    if (!text.trim()) {
      storage.removeItem(key);
      return;
    }
    storage.setItem(key, JSON.stringify({ t: now, text }));
    const drafts: { key: string; t: number }[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const k = storage.key(i);
      if (!k?.startsWith(DRAFT_PREFIX)) continue;
      const found = parse(storage.getItem(k), now);
      if (found) drafts.push({ key: k, t: found.t });
      else drafts.push({ key: k, t: -1 });
    }
    drafts.sort((a, b) => b.t - a.t);
    for (const stale of drafts.filter((d, i) => d.t < 0 || i >= DRAFT_MAX)) storage.removeItem(stale.key);
  } catch {
    // Storage full or refused: the text stays in the form.
  }
}

export function clearDraft(key: string, storage = store()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
