/** The messages the search results island receives. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

export const searchMessageKeys = [
  ...loadStateMessageKeys,
  'auth.loginFirst',
  'search.signIn',
  'search.form',
  'search.label',
  'search.placeholder',
  'search.submit',
  'search.summary',
  'search.tabs',
  'search.type.1',
  'search.type.2',
  'search.type.4',
  'search.type.5',
  'search.type.6',
  'search.type.7',
  'search.type.8',
  'search.tabCount',
  'search.resultCount',
  'search.empty',
  'search.emptyHint',
  'search.emptyTry',
] as const;
export type SearchMessages = Messages<(typeof searchMessageKeys)[number]>;
