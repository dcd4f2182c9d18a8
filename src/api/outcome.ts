/**
 * What a failed call means to a screen. Components branch on these kinds, never on envelope
 * codes: the codes and their meaning (spec section 8) stay in the API layer. Every kind but
 * `network` is an answer of the gateway and carries its message.
 */
import { ApiError, NO_ENVELOPE } from '@/api/client';
import { Code, isSignOutCode } from '@/api/codes';

export type Outcome =
  /**
   * No answer: a network failure, a timeout, a body that is no envelope, or an error that did
   * not come from a call (a cancelled one). `msg` is the client's 'failed to load' text, or ''.
   */
  | { kind: 'network'; msg: string }
  /** The session is over (a sign-out code): the client has already sent the user to sign in. */
  | { kind: 'signedOut'; msg: string }
  /** Wrong account or password (321); `captchaRequired` once the gateway wants the image captcha. */
  | { kind: 'wrongCredentials'; msg: string; captchaRequired: boolean }
  /** Too many requests (429): the client has shown the message already. */
  | { kind: 'tooMany'; msg: string }
  /** What was asked for does not exist, or not for the caller (404). */
  | { kind: 'notFound'; msg: string }
  /** The input was refused (422): `msg` says why; `captchaRequired` when an image captcha must come with it. */
  | { kind: 'invalid'; msg: string; captchaRequired: boolean }
  /** Not allowed for the caller or not any more (460): a handed-in paper, a removed course. */
  | { kind: 'forbidden'; msg: string }
  /** Another refusal the gateway explains (the other codes from 400 to 499). */
  | { kind: 'refused'; msg: string }
  /** A failure of the gateway itself (5xx, or a code outside the table). */
  | { kind: 'failed'; msg: string };

export type OutcomeKind = Outcome['kind'];

/** The codes with a kind of their own; the others are sign-outs, refusals or failures. */
const KINDS: Partial<Record<number, OutcomeKind>> = {
  [NO_ENVELOPE]: 'network',
  [Code.LOGIN_ERROR]: 'wrongCredentials',
  [Code.TOO_MANY_REQUESTS]: 'tooMany',
  [Code.NOT_FOUND]: 'notFound',
  [Code.INVALID]: 'invalid',
  [Code.FORBIDDEN]: 'forbidden',
};

/**
 * The outcome of an error a call rejected with.
 *
 * @example outcomeOf(new ApiError(404, '帖子不存在', null)) → { kind: 'notFound', msg: '帖子不存在' }
 * @example outcomeOf(new TypeError('Failed to fetch')) → { kind: 'network', msg: '' }
 */
export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: 'network', msg: '' };
  const { code, msg, data } = error;
  const kind = KINDS[code] ?? (isSignOutCode(code) ? 'signedOut' : code >= 400 && code < 500 ? 'refused' : 'failed');
  if (kind !== 'wrongCredentials' && kind !== 'invalid') return { kind, msg } as Outcome;
  return { kind, msg, captchaRequired: (data as { captchaRequired?: unknown } | null)?.captchaRequired === true };
}

/**
 * The gateway's own message about a failure, for a page to show in place of what it could not
 * load; undefined when the gateway did not answer (a retry may help) or said nothing.
 *
 * @example gatewayMessage(outcomeOf(new ApiError(460, '课程已下架', null))) → '课程已下架'
 */
export function gatewayMessage(outcome: Outcome): string | undefined {
  return outcome.kind !== 'network' && outcome.msg ? outcome.msg : undefined;
}
