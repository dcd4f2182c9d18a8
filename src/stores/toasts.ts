/**
 * Toast messages (spec section 8). A queue the Toaster island renders; any module may add to it.
 *
 * - Identical messages within {@link TOAST_DEDUPE_MS} are shown once.
 * - {@link notify} decides the kind from the text: a message containing 成功, or for English
 *   text the word "success" (any case, also "successfully"; not "unsuccessful"), is a success
 *   toast; everything else is an error toast.
 *
 * The renderer shows each toast for its `duration` and then calls {@link dismissToast}.
 */
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error';

/** A button on a toast (the back office's "undo"): pressing it runs `run` and dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** How long the renderer keeps it on screen, in ms. */
  duration: number;
  action?: ToastAction;
}

/** How long a toast with an action stays, so there is time to press it. */
export const TOAST_ACTION_DURATION_MS = 8000;

/** Spec section 9: duplicate toast suppression. */
export const TOAST_DEDUPE_MS = 2000;
export const TOAST_DURATION_MS = 3000;

export const $toasts = atom<Toast[]>([]);

const lastShown = new Map<string, number>();
let nextId = 1;

/**
 * The kind a message implies: 成功 or the English word "success" make it a success.
 *
 * @example toastKindOf('保存成功') → 'success'; toastKindOf('Saved successfully') → 'success'
 */
export function toastKindOf(message: string): ToastKind {
  return message.includes('成功') || /\bsuccess/i.test(message) ? 'success' : 'error';
}

function push(message: string, kind: ToastKind, action?: ToastAction): number | undefined {
  const text = message.trim();
  if (!text) return undefined;
  const now = Date.now();
  const last = lastShown.get(text);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return undefined;
  lastShown.set(text, now);
  for (const [key, at] of lastShown) if (now - at >= TOAST_DEDUPE_MS) lastShown.delete(key);
  const toast: Toast = action
    ? { id: nextId++, kind, message: text, duration: TOAST_ACTION_DURATION_MS, action }
    : { id: nextId++, kind, message: text, duration: TOAST_DURATION_MS };
  $toasts.set([...$toasts.get(), toast]);
  return toast.id;
}

/** Shows a message, success or error by its text. Returns the toast id, or undefined when suppressed. */
export function notify(message: string): number | undefined {
  return push(message, toastKindOf(message));
}

/** A success toast, with an optional button (undo) that stays longer. */
export function notifySuccess(message: string, action?: ToastAction): number | undefined {
  return push(message, 'success', action);
}

export function notifyError(message: string): number | undefined {
  return push(message, 'error');
}

export function dismissToast(id: number): void {
  const list = $toasts.get();
  if (list.some((t) => t.id === id)) $toasts.set(list.filter((t) => t.id !== id));
}

/** Removes every toast and forgets recent messages. */
export function clearToasts(): void {
  lastShown.clear();
  $toasts.set([]);
}
