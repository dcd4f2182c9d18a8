/**
 * The unread count of announcements and messages (the header's message badge). One store for
 * every island of a page; kept current by the gateway's unread stream (or polling), by the
 * message centre's own changes, and across the browser's tabs: {@link setUnread} tells the
 * other tabs on a BroadcastChannel, and while anything shows the count this tab applies what
 * the others tell.
 */
import { atom, onMount } from 'nanostores';
import type { UnreadCount } from '@/api/home-types';

/** The caller's unread count; null until known (or signed out). */
export const $unread = atom<UnreadCount | null>(null);

/** The BroadcastChannel name the tabs of one site share. */
export const UNREAD_CHANNEL = 'xt-unread';

let channel: BroadcastChannel | undefined;

/** This tab's one channel: a channel never hears its own messages, so one object both sends and listens. */
function tabs(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(UNREAD_CHANNEL);
  return channel;
}

function isCount(value: unknown): value is UnreadCount {
  const v = value as UnreadCount | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    [v.total, v.announcements, v.messages].every((n) => Number.isInteger(n) && n >= 0)
  );
}

/**
 * A new count from a call's answer (after reading or deleting records): shown at once here
 * and told to the browser's other tabs.
 */
export function setUnread(count: UnreadCount): void {
  $unread.set(count);
  tabs()?.postMessage(count);
}

/**
 * A count this tab learned by itself (its own stream or poll), or null when signed out:
 * shown here only, as every tab follows the gateway on its own.
 */
export function applyUnread(count: UnreadCount | null): void {
  $unread.set(count);
}

onMount($unread, () => {
  const ch = tabs();
  if (!ch) return;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (isCount(event.data)) $unread.set(event.data);
  };
  ch.addEventListener('message', onMessage);
  return () => ch.removeEventListener('message', onMessage);
});
