/**
 * What to tell the user when a comment call fails: the gateway's own message for a refusal it
 * explains (too long, comments closed, not found), 'Please login first!' when the session is
 * gone, and the given fallback ('Comment on failure!', 'Delete failed!') for anything else.
 */
import { ApiError } from '@/api/client';
import { Code, isSignOutCode } from '@/api/codes';

/** `shown`: the client already told the user (429 answers). */
export type Failure = { kind: 'signIn' } | { kind: 'shown' } | { kind: 'message'; text: string };

/** @example failureOf(new ApiError(422, '评论最多 500 个字', null), '评论失败！') → { kind: 'message', text: '评论最多 500 个字' } */
export function failureOf(error: unknown, fallback: string): Failure {
  if (!(error instanceof ApiError)) return { kind: 'message', text: fallback };
  if (isSignOutCode(error.code)) return { kind: 'signIn' };
  if (error.code === Code.TOO_MANY_REQUESTS) return { kind: 'shown' };
  const explained = error.code >= 400 && error.code < 500;
  return { kind: 'message', text: explained && error.msg ? error.msg : fallback };
}
