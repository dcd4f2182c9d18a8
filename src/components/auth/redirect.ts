/**
 * Where the sign-in page sends the user afterwards: the `redirect` query parameter when it is
 * a path of this site (never another origin, never back to a sign-in page), in the user's
 * current language; else the home page.
 */
import { localizePath, splitLocale, type Locale } from '@/i18n/locale-path';
import { isSignInPage } from '@/lib/login-path';

const BASE = 'http://site.invalid';

/**
 * @example afterSignIn('/exam?x=1', 'en') → '/en/exam?x=1'
 * @example afterSignIn('//evil.example/', 'zh') → '/'
 */
export function afterSignIn(redirect: string | null | undefined, locale: Locale): string {
  const home = localizePath('/', locale);
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return home;
  let url: URL;
  try {
    url = new URL(redirect, BASE);
  } catch {
    return home;
  }
  if (url.origin !== BASE || isSignInPage(url.pathname)) return home;
  return localizePath(splitLocale(url.pathname).path, locale) + url.search + url.hash;
}
