/** The messages of the course card; islands that show it add these to their own keys. */
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
