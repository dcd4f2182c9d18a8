import type { Messages } from '@/i18n/index';

/** The messages of the signed-in user's centres: the download centre popover and the message badge. */
export const centreMessageKeys = [
  'downloads.title',
  'downloads.total',
  'downloads.download',
  'downloads.downloadFile',
  'downloads.downloading',
  'downloads.delete',
  'downloads.deleteFile',
  'downloads.deleted',
  'downloads.clearAll',
  'downloads.clearTitle',
  'downloads.clearConfirm',
  'downloads.clearOk',
  'downloads.cleared',
  'downloads.cancel',
  'downloads.empty',
  'downloads.loading',
  'downloads.loadingMore',
  'downloads.end',
  'downloads.error',
  'downloads.retry',
  'downloads.statusRunning',
  'downloads.statusFailed',
  'downloads.statusUnknown',
  'downloads.createdAt',
  'header.messages',
  'header.messagesUnread',
] as const;

export type CentreMessages = Messages<(typeof centreMessageKeys)[number]>;

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
  ...centreMessageKeys,
] as const;

export type HeaderMessages = Messages<(typeof headerMessageKeys)[number]>;
