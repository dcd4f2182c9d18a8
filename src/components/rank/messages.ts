/** The messages of the ranking widgets; pages that show them add these to their own keys. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** {@link RankBoard}, {@link RankList} and {@link MyRank}. */
export const rankMessageKeys = [
  ...loadStateMessageKeys,
  'home.rank.integral',
  'home.rank.creditHour',
  'home.rank.certificate',
  'home.rank.unit.integral',
  'home.rank.unit.creditHour',
  'home.rank.unit.certificate',
  'home.rank.mine',
  'home.rank.place',
  'home.rank.unranked',
  'home.rank.total',
  'home.rank.you',
  'home.rank.empty',
  'home.rank.pages',
] as const;
export type RankMessages = Messages<(typeof rankMessageKeys)[number]>;

/** The rankings page (`/home/rank`): the boards, its tabs and the sign-in notice. */
export const rankPageMessageKeys = [
  ...rankMessageKeys,
  'home.rank.tabs',
  'home.rank.intro',
  'auth.loginFirst',
  'study.signIn',
] as const;
export type RankPageMessages = Messages<(typeof rankPageMessageKeys)[number]>;
