/** The messages the home page's island receives: its own blocks, the course cards and the rankings. */
import { courseCardMessageKeys } from '@/components/learning/messages';
import { rankMessageKeys } from '@/components/rank/messages';
import type { Messages } from '@/i18n/index';

const greetingKeys = [
  'home.greeting.morning',
  'home.greeting.afternoon',
  'home.greeting.evening',
  'home.greeting.tagline',
  'home.exam.title',
  'home.exam.total',
  'home.exam.waiting',
  'home.exam.pass',
  'home.exam.waitingMark',
  'home.exam.centre',
] as const;

const bannerKeys = [
  'home.banner.label',
  'home.banner.slide',
  'home.banner.prev',
  'home.banner.next',
  'home.banner.goTo',
  'home.banner.pause',
  'home.banner.play',
  'home.banner.newTab',
  'home.banner.empty',
] as const;

const noticeKeys = [
  'home.notice.title',
  'home.notice.more',
  'home.notice.moreLabel',
  'home.notice.pinned',
  'home.notice.unread',
  'home.notice.empty',
] as const;

const zoneKeys = [
  'home.zones.empty',
  'home.zone.more',
  'home.zone.moreLabel',
  'home.zone.empty',
  'home.lecturer.courses',
  'home.lecturer.empty',
] as const;

const rankingKeys = ['home.rank.title', 'home.rank.all', 'home.rank.allOf'] as const;

const dynamicKeys = [
  'home.dynamic.title',
  'home.dynamic.subtitle',
  'home.dynamic.1',
  'home.dynamic.2',
  'home.dynamic.3',
  'home.dynamic.4',
  'home.dynamic.5',
  'home.dynamic.unnamed',
  'home.dynamic.empty',
  'home.dynamic.more',
  'home.dynamic.shown',
] as const;

const welcomeKeys = [
  'home.welcome.title',
  'home.welcome.titlePlain',
  'home.welcome.text',
  'home.welcome.signIn',
  'home.welcome.register',
  'home.welcome.features',
  'home.welcome.courses',
  'home.welcome.coursesText',
  'home.welcome.exams',
  'home.welcome.examsText',
  'home.welcome.live',
  'home.welcome.liveText',
  'home.welcome.certificates',
  'home.welcome.certificatesText',
] as const;

export const homeMessageKeys = [
  ...greetingKeys,
  ...bannerKeys,
  ...noticeKeys,
  ...zoneKeys,
  ...rankingKeys,
  ...dynamicKeys,
  ...welcomeKeys,
  ...rankMessageKeys,
  ...courseCardMessageKeys,
] as const;
export type HomeMessages = Messages<(typeof homeMessageKeys)[number]>;
