/**
 * The messages of the shared loading, empty and error states (`LoadState`) and of the
 * `Pager`; islands that show them add these keys to their own. Read at build time: the
 * islands turn picked messages into texts with `loadTexts` and `pagerTexts`.
 */
import type { Messages } from '@/i18n/index';

/** The texts of `LoadState`. */
export const loadMessageKeys = ['learning.loading', 'learning.loadFailed', 'learning.retry', 'learning.empty'] as const;

/** Turning pages: `Pager` and the document preview. */
export const pageTurnMessageKeys = ['learning.prev', 'learning.next', 'learning.pageOf'] as const;

/** For `LoadState` and `Pager`. */
export const loadStateMessageKeys = [...loadMessageKeys, ...pageTurnMessageKeys, 'course.pagination'] as const;
export type LoadStateMessages = Messages<(typeof loadStateMessageKeys)[number]>;
