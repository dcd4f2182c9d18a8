/**
 * The messages of the shared loading, empty and error states (`LoadState`) and of the
 * `Pager`; islands that show them add these keys to their own.
 */
import type { Messages } from '@/i18n/index';

/** The texts of `LoadState`. */
export const loadMessageKeys = ['learning.loading', 'learning.loadFailed', 'learning.retry', 'learning.empty'] as const;

/** Turning pages: `Pager` and the document preview. */
export const pageTurnMessageKeys = ['learning.prev', 'learning.next', 'learning.pageOf'] as const;

/** For `LoadState` and `Pager`. */
export const loadStateMessageKeys = [...loadMessageKeys, ...pageTurnMessageKeys, 'course.pagination'] as const;
export type LoadStateMessages = Messages<(typeof loadStateMessageKeys)[number]>;

/** The texts of `LoadState` from picked messages; `empty` overrides the generic empty text. */
export function loadTexts(m: LoadStateMessages, empty?: string) {
  return {
    loading: m['learning.loading'],
    error: m['learning.loadFailed'],
    retry: m['learning.retry'],
    empty: empty ?? m['learning.empty'],
  };
}

/** The texts of `Pager` from picked messages. */
export function pagerTexts(m: LoadStateMessages) {
  return {
    label: m['course.pagination'],
    prev: m['learning.prev'],
    next: m['learning.next'],
    pageOf: m['learning.pageOf'],
  };
}
