/**
 * The page language (spec section 4: zh or en, kept in the `lang` cookie for 365 days).
 * The page's `<html lang>` is the source: `zh-CN` → zh, `en` → en.
 */
import Cookies from 'js-cookie';
import { atom } from 'nanostores';
import { LANG_COOKIE } from '@/api/codes';
import { localizePath, pageLocale, splitLocale, type Locale } from '@/i18n/locale-path';

/** Spec section 9: the language cookie lasts 365 days. */
export const LANG_COOKIE_DAYS = 365;

export const $locale = atom<Locale>(pageLocale());

$locale.listen((locale) => {
  Cookies.set(LANG_COOKIE, locale, {
    expires: LANG_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
});

/** The same page in another language, keeping query and hash: `/exam?a=1` → `/en/exam?a=1`. */
export function pathInLocale(locale: Locale, at: Pick<Location, 'pathname' | 'search' | 'hash'> = location): string {
  return localizePath(splitLocale(at.pathname).path, locale) + at.search + at.hash;
}

/** Stores the language in the cookie and opens the current page in it. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  const target = pathInLocale(locale);
  if (target !== location.pathname + location.search + location.hash) location.assign(target);
}

/**
 * Source of an inline script for pages whose language links must work before their island
 * hydrates (the sign-in page): a click on `a[data-lang-switch="en"]` stores the language in the
 * cookie and keeps the page's query and hash, as `setLocale` does.
 */
export function langSwitchScript(): string {
  return `document.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[data-lang-switch]');if(!a||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;var l=a.getAttribute('data-lang-switch');document.cookie='${LANG_COOKIE}='+l+'; path=/; max-age='+${LANG_COOKIE_DAYS}*86400+'; samesite=lax'+(location.protocol==='https:'?'; secure':'');e.preventDefault();location.assign(a.getAttribute('href')+location.search+location.hash)});`;
}

/**
 * Source of an inline `<head>` script: with cookie `lang=en` on a path without the `/en`
 * prefix, it replaces the location with the `/en` form before anything renders. With `zh` or
 * no cookie it does nothing. The gateway does the same on the server; this covers plain
 * static hosts.
 */
export function langRedirectScript(): string {
  return `(function(){try{var m=document.cookie.match(/(?:^|; )${LANG_COOKIE}=([^;]*)/);if(!m||m[1]!=='en')return;var p=location.pathname;if(p==='/en'||p.indexOf('/en/')===0)return;location.replace('/en'+(p==='/'?'':p)+location.search+location.hash)}catch(e){}})();`;
}
