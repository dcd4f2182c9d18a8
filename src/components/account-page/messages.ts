/** The messages the account page island receives: its own, the train page's parts and the message centre's. */
import { messageCentreKeys } from '@/components/message/messages';
import { trainMessageKeys } from '@/components/study/messages';
import type { Messages } from '@/i18n/index';

export const accountPageKeys = [
  ...new Set([
    ...trainMessageKeys,
    ...messageCentreKeys,
    'accountPage.tabs',
    'accountPage.tab.1',
    'accountPage.tab.2',
    'accountPage.tab.3',
    'accountPage.tab.15',
    'accountPage.points',
    'accountPage.creditHours',
    'accountPage.certificates',
    'accountPage.rank',
    'accountPage.rankTotal',
    'accountPage.unranked',
    'accountPage.viewRanking',
    'accountPage.viewCertificates',
    'account.profile',
    'account.changePassword',
  ] as const),
];

export type AccountPageMessages = Messages<(typeof accountPageKeys)[number]>;
