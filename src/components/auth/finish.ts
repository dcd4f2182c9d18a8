/**
 * What every sign-in way does once the gateway has said yes: start the session, then go to the
 * enterprise choice when the person belongs to more than one enterprise, else to where they
 * were going. The `redirect` survives a trip to an identity provider or chat tool in session
 * storage.
 */
import { EID_HEADER, TOKEN_HEADER } from '@/api/codes';
import type { LoginResult } from '@/api/types';
import { getEnterpriseList } from '@/api/user-sign-in';
import { afterSignIn } from '@/components/auth/redirect';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { completeSignIn } from '@/stores/session';

const REDIRECT_KEY = 'signin.redirect';

/** Keeps the page's `redirect` for the return from an identity provider or chat tool. */
export function rememberRedirect(): void {
  const redirect = new URLSearchParams(location.search).get('redirect');
  try {
    if (redirect) sessionStorage.setItem(REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage blocked: the person lands on the home page instead.
  }
}

function takeRedirect(): string | null {
  const fromQuery = new URLSearchParams(location.search).get('redirect');
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage blocked.
  }
  return fromQuery ?? stored;
}

/** `/company?redirect=…` in the page's language. */
export function companyPath(next: string, locale: Locale): string {
  return `${localizePath('/company', locale)}?redirect=${encodeURIComponent(next)}`;
}

/**
 * Starts the session of a sign-in answer and leaves the sign-in page. The enterprise list is
 * asked for with the new token before the session is stored, so the page shows the person
 * signed in only as it leaves.
 */
export async function finishSignIn(result: LoginResult, locale: Locale): Promise<void> {
  const next = afterSignIn(takeRedirect(), locale);
  let enterprises = 1;
  try {
    const headers = { [TOKEN_HEADER]: result.token, [EID_HEADER]: result.user.eid };
    enterprises = (await getEnterpriseList({ isShowErrTip: false, headers })).length;
  } catch {
    // The list is a convenience here: without it the person goes on with this enterprise.
  }
  completeSignIn(result);
  location.assign(enterprises > 1 ? companyPath(next, locale) : next);
}
