/**
 * Envelope codes (`{ code, msg, data }`), shared by the client's rules (spec section 8) and the
 * gateway. The client never relies on the HTTP status: a gateway may answer 200 with the code
 * only in the body, and ours mirrors it in the status where one exists.
 */
export const Code = {
  /** Success: the client returns `data`. */
  OK: 200,
  /** Success where the caller needs the whole envelope. */
  WHOLE: 208,
  /** Sign-in refused (wrong account or password): the client stores the login-error counter. */
  LOGIN_ERROR: 321,
  /**
   * Token missing, expired, revoked or issued for another enterprise: sign out (spec section 8
   * signs out on 300 to 400, 321 aside, and on 999).
   */
  UNAUTHORIZED: 301,
  /** Signed in elsewhere or account disabled: sign out. */
  SESSION_ENDED: 999,
  /** Known to be not allowed for this user (outside the sign-out range on purpose). */
  FORBIDDEN: 460,
  /**
   * The member still has the company's initial password: only what the forced change-password
   * dialog needs is answered until it is changed (not a sign-out code, so the dialog stays).
   */
  PASSWORD_CHANGE_REQUIRED: 461,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Input failed validation: `msg` says what, in the caller's language. */
  INVALID: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The gateway cannot reach its database for now (restarting): try again shortly. */
  UNAVAILABLE: 503,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * Codes that sign the user out and send them to `/login?t=login` (spec sections 4 and 8): 300 to
 * 400 except 321 (which the table handles first), and 999. Nothing else does: a client written
 * to the spec and this one treat every answer of the gateway alike.
 */
export function isSignOutCode(code: number): boolean {
  return code === Code.SESSION_ENDED || (code >= 300 && code <= 400 && code !== Code.LOGIN_ERROR);
}

/** The HTTP status the gateway sends with an envelope code. */
export function httpStatusFor(code: number): number {
  if (code === Code.OK || code === Code.WHOLE || code === Code.LOGIN_ERROR) return 200;
  if (isSignOutCode(code)) return 401;
  if (code === Code.FORBIDDEN || code === Code.PASSWORD_CHANGE_REQUIRED) return 403;
  if (code >= 400 && code <= 599) return code;
  return 400;
}

/** The header that carries the session token on every call. */
export const TOKEN_HEADER = 'token';
/** The header that tells the gateway the caller's language (`zh` | `en`) for its messages. */
export const LANG_HEADER = 'accept-language';

/** The header that carries the stored enterprise id, when one is known. */
export const EID_HEADER = 'eid';
/** Local storage key of the enterprise id sent as the `eid` header. */
export const EID_STORAGE_KEY = 'eid';
/** Where the gateway lives when the page names none (`<meta name="xt-gateway">`). */
export const DEFAULT_GATEWAY_PREFIX = '/gateway';
/** The cookie that holds the session token (spec section 9: expires in 1 day). */
export const TOKEN_COOKIE = 'ENT_WEB_TOKEN';
/** The cookie that holds the chosen language, `zh` or `en` (spec section 9: 365 days). */
export const LANG_COOKIE = 'lang';
