/**
 * Where signed-out visitors are sent (spec sections 4, 8), in the language of the page they
 * are on. Pure: shared by the client's rules, the session store and the gateway.
 */
import { localizePath, splitLocale } from '@/i18n/locale-path';

/** The sign-in and agreement pages, in any language: a sign-out code does not leave them. */
const SIGN_IN_PAGE = /^\/(?:login(?:_v\d+)?|loginOld|loginsso|agreement)\/?$/;

/** @example isSignInPage('/en/login_v2') → true; isSignInPage('/exam') → false */
export function isSignInPage(pathname: string): boolean {
  return SIGN_IN_PAGE.test(splitLocale(pathname).path);
}

/**
 * The sign-in page for a visitor on `pathname`, optionally with the page to return to.
 *
 * @example loginPath('/en/exam') → '/en/login?t=login'
 * @example loginPath('/exam', '/exam?x=1') → '/login?t=login&redirect=%2Fexam%3Fx%3D1'
 */
export function loginPath(pathname: string, redirect?: string): string {
  const base = `${localizePath('/login', splitLocale(pathname).locale)}?t=login`;
  return redirect ? `${base}&redirect=${encodeURIComponent(redirect)}` : base;
}
