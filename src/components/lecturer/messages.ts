/** The messages the lecturer islands receive: the directory with its ranking, and a lecturer's page. */
import { courseCardMessageKeys } from '@/components/learning/messages';
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** {@link LecturerFigures}, {@link LevelBadge} and the sign-in notice, on both pages. */
const sharedKeys = [
  ...loadStateMessageKeys,
  'auth.loginFirst',
  'lecturer.signIn',
  'lecturer.level.1',
  'lecturer.level.2',
  'lecturer.level.3',
  'lecturer.level.4',
  'lecturer.level.5',
  'lecturer.courses',
  'lecturer.learners',
  'lecturer.rating',
  'lecturer.unrated',
  'lecturer.ratingValue',
] as const;
export type LecturerSharedMessages = Messages<(typeof sharedKeys)[number]>;

export const lecturerDirectoryMessageKeys = [
  ...sharedKeys,
  'lecturer.list',
  'lecturer.filters',
  'lecturer.keyword',
  'lecturer.keywordPlaceholder',
  'lecturer.search',
  'lecturer.resultCount',
  'lecturer.empty',
  'lecturer.emptySearch',
  'lecturer.clearSearch',
  'lecturer.rank.title',
  'lecturer.rank.measure',
  'lecturer.rank.place',
  'lecturer.rank.empty',
] as const;
export type LecturerDirectoryMessages = Messages<(typeof lecturerDirectoryMessageKeys)[number]>;

export const lecturerProfileMessageKeys = [
  ...sharedKeys,
  ...courseCardMessageKeys,
  'lecturer.ratingCount',
  'lecturer.back',
  'lecturer.intro',
  'lecturer.introEmpty',
  'lecturer.courseList',
  'lecturer.coursesEmpty',
  'lecturer.notFound',
  'lecturer.notFoundDetail',
  'lecturer.missingId',
] as const;
export type LecturerProfileMessages = Messages<(typeof lecturerProfileMessageKeys)[number]>;
