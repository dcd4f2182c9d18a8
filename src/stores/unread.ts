/**
 * The unread count of announcements and messages (the header's message badge). One store for
 * every island of a page; kept current by the gateway's unread stream (or polling), by the
 * message centre's own changes, and across the browser's tabs.
 */
import { atom } from 'nanostores';
import type { UnreadCount } from '@/api/home-types';

/** The caller's unread count; null until known (or signed out). */
export const $unread = atom<UnreadCount | null>(null);

/**
 * A new count from a call's answer (after reading or deleting records): shown at once here
 * and told to the browser's other tabs.
 */
export function setUnread(count: UnreadCount): void {
  // TODO(scaffold): also tell the other tabs.
  $unread.set(count);
}
