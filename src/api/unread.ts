/**
 * The unread count of announcements and messages: the plain call. The gateway's stream of
 * counts and the feed that follows it live in `@/api/unread-stream`, which only the header
 * loads (lazily), so pages that just need the count do not carry them.
 */
import { call, type CallOptions } from '@/api/client';
import type { UnreadCount } from '@/api/home-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The caller's unread announcements and messages. */
export function getUnreadCount(opts?: Extra): Promise<UnreadCount> {
  return call<UnreadCount>('unreadCount', opts);
}
