/**
 * The languages and their path prefixes: zh at `/…` (the default, no prefix), en at `/en/…`.
 * Kept apart from the route table so that the browser code that only localizes paths does not
 * carry the table.
 */
export const locales = ['zh', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh';

/** @example localeFromLang('zh-CN') → 'zh'; localeFromLang('en-US') → 'en' */
export function localeFromLang(lang: string | null | undefined): Locale {
  return lang?.toLowerCase().startsWith('en') ? 'en' : defaultLocale;
}

/** The language of the page in the browser (its `<html lang>`); the default locale elsewhere. */
export function pageLocale(): Locale {
  return typeof document === 'undefined' ? defaultLocale : localeFromLang(document.documentElement.lang);
}

/** Splits a locale prefix off a pathname: `/en/exam` → `{ locale: 'en', path: '/exam' }`. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { locale: 'en', path: pathname.slice(3) || '/' };
  }
  return { locale: defaultLocale, path: pathname || '/' };
}

/** Adds the locale prefix: `localizePath('/exam', 'en')` → `/en/exam`; zh has none. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === defaultLocale) return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/**
 * The value after a parameterised route's path, whatever the language prefix; the layout
 * knows the route, so the browser needs no route table.
 *
 * @example routeParam('/en/knowledge/course/123', '/knowledge/course') → '123'
 */
export function routeParam(pathname: string, routePath: string): string | undefined {
  const { path } = splitLocale(pathname);
  if (!routePath || !path.startsWith(`${routePath}/`)) return undefined;
  const value = path.slice(routePath.length + 1).replace(/\/$/, '');
  return value ? decodeURIComponent(value) : undefined;
}
