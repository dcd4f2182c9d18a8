/**
 * Binds a sign-in at another service (single sign-on, scan-code) to the browser that started
 * it. Without this, someone who starts a sign-in as themselves and stops before the service
 * sends them back could pass the `code` and `state` link to another person, whose browser would
 * then be signed in to the first one's account.
 *
 * The answer that hands out a `state` sets a random value in an HttpOnly, SameSite=Lax cookie
 * on the gateway's path (Secure over https), for the life of the state; the state keeps only
 * its SHA-256. Finishing the sign-in needs the same value from the cookie, compared in constant
 * time. A browser that already holds a value keeps it, so that sign-ins started in several tabs
 * of one browser all finish. Each service has a cookie of its own: the sign-in page asks for the
 * single sign-on and the scan-code configurations at once, and a browser without a value yet
 * would otherwise get two, the later overwriting the one the other state was bound to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import type { PublicContext } from '../../routing';
import { overTls } from '../../security';
import type { SignInProvider } from '../../db/access/sign-in';
import { sameHash } from '../../hashing';

/**
 * The cookie that holds a browser's binding value for sign-ins at a service.
 *
 * @example bindingCookie('oidc') → 'xt_signin_oidc'
 */
export function bindingCookie(provider: SignInProvider): string {
  return `xt_signin_${provider}`;
}

/** 32 random bytes, base64url. */
const VALUE = /^[\w-]{43}$/;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** The binding value the request's browser holds for a service, if it holds a well-formed one. */
export function browserBinding(ctx: PublicContext, provider: SignInProvider): string | undefined {
  const value = getCookie(ctx.c, bindingCookie(provider));
  return value !== undefined && VALUE.test(value) ? value : undefined;
}

/**
 * Sets the binding cookie of a service on the answer for `ttlSeconds` (the browser's own value,
 * or a new one) and returns the hash to keep with the state.
 */
export function bindBrowser(ctx: PublicContext, provider: SignInProvider, ttlSeconds: number): string {
  const value = browserBinding(ctx, provider) ?? randomBytes(32).toString('base64url');
  setCookie(ctx.c, bindingCookie(provider), value, {
    maxAge: ttlSeconds,
    path: ctx.prefix,
    httpOnly: true,
    sameSite: 'Lax',
    secure: overTls(ctx.c, ctx.trustProxy),
  });
  return hashOf(value);
}

/** Whether the browser's value is the one a state was bound to (false when either is missing). */
export function sameBrowser(bindingHash: string | null, value: string | undefined): boolean {
  return bindingHash !== null && value !== undefined && sameHash(bindingHash, hashOf(value));
}
