import type { Messages } from '@/i18n/index';

/** The messages the header island receives; nothing else of the dictionary ships with it. */
export const headerMessageKeys = [
  'header.home',
  'header.nav',
  'header.more',
  'header.menu',
  'header.search',
  'header.searchLabel',
  'header.searchPlaceholder',
  'header.searchEmpty',
  'header.signIn',
  'header.userMenu',
  'header.admin',
  'header.upload',
  'header.newTab',
  'menu.account',
  'menu.company',
  'menu.points',
  'menu.certificate',
  'menu.task',
  'menu.card',
  'menu.train',
  'menu.logout',
  'account.profile',
  'account.changePassword',
  'account.organization',
  'account.lecturer',
  'lang.zh',
  'lang.en',
  'lang.switch',
] as const;

export type HeaderMessages = Messages<(typeof headerMessageKeys)[number]>;
