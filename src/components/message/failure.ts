/**
 * What to tell the user when a comment call fails: the gateway's own message for a refusal it
 * explains (too long, comments closed, not found), 'Please login first!' when the session is
 * gone, and the given fallback ('Comment on failure!', 'Delete failed!') for anything else.
 */
import { outcomeOf } from '@/api/outcome';

/** `shown`: the client already told the user (429 answers). */
export type Failure = { kind: 'signIn' } | { kind: 'shown' } | { kind: 'message'; text: string };

/** @example failureOf(new ApiError(422, '评论最多 500 个字', null), '评论失败！') → { kind: 'message', text: '评论最多 500 个字' } */
export function failureOf(error: unknown, fallback: string): Failure {
  const outcome = outcomeOf(error);
  switch (outcome.kind) {
    case 'signedOut':
      return { kind: 'signIn' };
    case 'tooMany':
      return { kind: 'shown' };
    case 'notFound':
    case 'invalid':
    case 'forbidden':
    case 'refused':
      return { kind: 'message', text: outcome.msg || fallback };
    default:
      return { kind: 'message', text: fallback };
  }
}
