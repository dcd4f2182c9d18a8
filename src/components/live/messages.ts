/** The messages the live watch island receives. */
import { videoMessageKeys } from '@/components/player/messages';
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

export const liveMessageKeys = [
  ...loadStateMessageKeys,
  ...videoMessageKeys,
  'auth.loginFirst',
  'study.signIn',
  'live.status.1',
  'live.status.2',
  'live.status.3',
  'live.notFound',
  'live.lecturer',
  'live.time',
  'live.countdown',
  'live.countdownParts',
  'live.startingSoon',
  'live.sign',
  'live.signing',
  'live.signed',
  'live.signSuccess',
  'live.playback',
  'live.noPlayback',
  'live.player',
  'live.playbackPlayer',
] as const;
export type LiveMessages = Messages<(typeof liveMessageKeys)[number]>;
