/** The messages the player islands receive. */
import { typeLabelKeys } from '@/components/learning/type-label';
import { periodMessageKeys } from '@/components/player/period-messages';
import { loadMessageKeys, pageTurnMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** What {@link VideoPlayer} shows; live rooms and playbacks pick these too. */
export const videoMessageKeys = [
  'learning.videoNotUpdated',
  'player.loadError',
  'player.speed',
  'player.antiSkip',
  'player.fullscreen',
  'player.exitFullscreen',
  'player.play',
  'player.pause',
  'player.mute',
  'player.unmute',
  'player.live',
] as const;

export type VideoMessages = Messages<(typeof videoMessageKeys)[number]>;

/** What a document preview shows (periods and `/watch/previewCourseware`). */
export const documentMessageKeys = [
  ...loadMessageKeys,
  ...pageTurnMessageKeys,
  'player.pdfError',
  'player.download',
  'player.downloading',
  'player.downloadOnly',
] as const;

/** The player page (`/watch/course`, `/watch/task`, `/watch/free_task`, the chapter panels). */
export const playerMessageKeys = [
  ...videoMessageKeys,
  ...documentMessageKeys,
  ...typeLabelKeys,
  ...periodMessageKeys,
  'auth.loginFirst',
  'player.signIn',
  'player.chapters',
  'player.courseProgress',
  'player.periodProgress',
  'player.current',
  'player.prevPeriod',
  'player.nextPeriod',
  'player.autoNext',
  'player.playNow',
  'player.cancel',
  'player.noCourse',
  'player.backToCourse',
  'player.startStudy',
  'player.continueStudy',
  'player.exam.intro',
  'player.exam.start',
  'player.exam.notReady',
  'player.exam.passed',
  'player.exam.viewResult',
  'player.offline.intro',
  'player.pagesRead',
  'player.pageRule',
  'player.countsOnDownload',
] as const;

export type PlayerMessages = Messages<(typeof playerMessageKeys)[number]>;

/** `/watch`: the learner's courses to continue and recently completed, and their recent activity. */
export const watchHomeMessageKeys = [
  ...loadMessageKeys,
  'learning.progress',
  'auth.loginFirst',
  'player.signIn',
  'player.continuing',
  'player.recent',
  'player.continueStudy',
  'player.review',
  'player.activity.title',
  'player.activity.1',
  'player.activity.2',
  'player.activity.3',
  'player.activity.4',
  'player.activity.5',
  'player.activity.unnamed',
  'player.activity.empty',
  'player.activity.loadMore',
] as const;

export type WatchHomeMessages = Messages<(typeof watchHomeMessageKeys)[number]>;

/** `/watch/previewCourseware`. */
export const previewMessageKeys = [...documentMessageKeys, 'auth.loginFirst', 'player.signIn', 'player.backToCourse', 'player.noCourse'] as const;

export type PreviewMessages = Messages<(typeof previewMessageKeys)[number]>;
