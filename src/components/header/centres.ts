/**
 * Pure rules of the header's centres (the download centre popover and the message badge),
 * kept apart so they are tested without a browser.
 */
import { DOWNLOAD_PAGE_SIZE, DOWNLOAD_SCROLL_DISTANCE } from '@/api/home-types';

/** Spec sections 4 and 9: the download flag is held this long after a download opens. */
export const DOWNLOAD_HOLD_MS = 2000;

/** The badge shows at most this; above it, `99+`. */
export const UNREAD_BADGE_MAX = 99;

/**
 * The badge text of an unread count: '' for none, `99+` above 99.
 *
 * @example badgeText(3) → '3'; badgeText(120) → '99+'; badgeText(0) → ''
 */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

/**
 * The page to ask for after `loaded` records: records deleted meanwhile shift the gateway's
 * pages, so the page holding the next unseen record is asked for (repeats are dropped by id).
 *
 * @example nextPage(20) → 2; nextPage(19) → 1 (one was deleted: page 1 now ends with a new one)
 */
export function nextPage(loaded: number): number {
  return Math.floor(loaded / DOWNLOAD_PAGE_SIZE) + 1;
}

/**
 * Whether a scroll box is within the infinite-scroll distance of its end.
 *
 * @example nearEnd({ scrollHeight: 1000, scrollTop: 520, clientHeight: 400 }) → true (80 px left)
 */
export function nearEnd(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= DOWNLOAD_SCROLL_DISTANCE;
}
