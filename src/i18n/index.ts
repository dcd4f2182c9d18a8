/**
 * Interface strings, resolved at build time in `.astro` files. An island receives only the
 * messages it uses, picked with {@link pickMessages}; no dictionary reaches the browser whole.
 */
import { en } from '@/i18n/en';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { zh, type MessageKey } from '@/i18n/zh';

export type { MessageKey };
export type Dictionary = Record<MessageKey, string>;
/** The subset of messages an island receives as a prop. */
export type Messages<K extends MessageKey> = Pick<Dictionary, K>;

export const dictionaries: Record<Locale, Dictionary> = { zh, en };

/** `<html lang>` per locale. */
export const htmlLang: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };

/**
 * The message of a key in a locale, with placeholders filled.
 *
 * @example t('en', 'header.search') → 'Search'
 */
export function t(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  return fill(dictionaries[locale][key], vars);
}

/**
 * A translator bound to one locale, for `.astro` files.
 *
 * @example const tr = useTranslations('zh'); tr('route.exam') → '考试'
 */
export function useTranslations(locale: Locale) {
  return (key: MessageKey, vars?: Record<string, string | number>): string => t(locale, key, vars);
}

/**
 * The messages an island needs, and nothing else.
 *
 * @example pickMessages('en', ['header.search']) → { 'header.search': 'Search' }
 */
export function pickMessages<const K extends MessageKey>(locale: Locale, keys: readonly K[]): Messages<K> {
  const dict = dictionaries[locale];
  return Object.fromEntries(keys.map((key) => [key, dict[key]])) as Messages<K>;
}
