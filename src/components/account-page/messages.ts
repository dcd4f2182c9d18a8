/**
 * The messages the account page island receives: its own (the cards with the ledgers, the study
 * dynamics), the train page's parts and the message centre's.
 */
import { messageCentreKeys } from '@/components/message/messages';
import { trainMessageKeys } from '@/components/study/messages';
import type { Messages } from '@/i18n/index';

/** The cards tab's ledgers. */
const ledgerKeys = [
  'ledger.title',
  'ledger.kinds',
  'ledger.kind.1',
  'ledger.kind.2',
  'ledger.viewDetails',
  'ledger.summary',
  'ledger.caption',
  'ledger.date',
  'ledger.reason',
  'ledger.source',
  'ledger.amount.1',
  'ledger.amount.2',
  'ledger.source.course',
  'ledger.source.project',
  'ledger.source.exam',
  'ledger.source.manual',
  'ledger.empty.1',
  'ledger.empty.2',
] as const;

/** The caller's study dynamics, worded as on `/watch`. */
const dynamicsKeys = [
  'ledger.dynamics.title',
  'player.activity.1',
  'player.activity.2',
  'player.activity.3',
  'player.activity.4',
  'player.activity.5',
  'player.activity.unnamed',
  'player.activity.empty',
] as const;

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
    ...ledgerKeys,
    ...dynamicsKeys,
  ] as const),
];

export type AccountPageMessages = Messages<(typeof accountPageKeys)[number]>;
