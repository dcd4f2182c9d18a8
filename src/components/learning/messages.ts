/** The messages the shared learning widgets use; islands that show them add these to their own keys. */
import type { Messages } from '@/i18n/index';

export const courseCardMessageKeys = [
  'learning.status.0',
  'learning.status.1',
  'learning.status.2',
  'learning.progress',
  'learning.duration',
  'learning.minutes',
  'learning.seconds',
  'learning.creditHours',
  'learning.learners',
  'course.ratingValue',
  'course.unrated',
  'course.lecturerNames',
  'course.paid',
  'course.price',
] as const;
export type CourseCardMessages = Messages<(typeof courseCardMessageKeys)[number]>;

/** The texts of {@link LoadState}. */
export const loadMessageKeys = ['learning.loading', 'learning.loadFailed', 'learning.retry', 'learning.empty'] as const;

/** Turning pages: {@link Pager} and the document preview. */
export const pageTurnMessageKeys = ['learning.prev', 'learning.next', 'learning.pageOf'] as const;

/** For {@link LoadState} and {@link Pager}. */
export const loadStateMessageKeys = [...loadMessageKeys, ...pageTurnMessageKeys, 'course.pagination'] as const;
export type LoadStateMessages = Messages<(typeof loadStateMessageKeys)[number]>;

/** The texts of {@link LoadState} from picked messages; `empty` overrides the generic empty text. */
export function loadTexts(m: LoadStateMessages, empty?: string) {
  return {
    loading: m['learning.loading'],
    error: m['learning.loadFailed'],
    retry: m['learning.retry'],
    empty: empty ?? m['learning.empty'],
  };
}

/** The texts of {@link Pager} from picked messages. */
export function pagerTexts(m: LoadStateMessages) {
  return {
    label: m['course.pagination'],
    prev: m['learning.prev'],
    next: m['learning.next'],
    pageOf: m['learning.pageOf'],
  };
}
