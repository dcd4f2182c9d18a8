/**
 * The shared `getStaticPaths` of every route file under `src/pages/[...locale]/`: one build of
 * each page per language, zh at the root (no prefix) and en under `/en`.
 *
 * @example
 * // src/pages/[...locale]/exam.astro
 * export { getStaticPaths } from '@/i18n/paths';
 */
import type { GetStaticPaths } from 'astro';
import { defaultLocale, locales, type Locale } from '@/i18n/routes';

export const getStaticPaths = (() =>
  locales.map((locale) => ({
    params: { locale: locale === defaultLocale ? undefined : locale },
  }))) satisfies GetStaticPaths;

/**
 * The locale of the page being built: `Astro.params.locale ?? 'zh'`.
 *
 * @example pageLocale(Astro) → 'en' on /en/exam
 */
export function pageLocale(astro: { params: Record<string, string | undefined> }): Locale {
  const value = astro.params.locale;
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : defaultLocale;
}
