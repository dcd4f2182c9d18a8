/**
 * Bilingual texts: every object the gateway keeps in both languages (courses, categories,
 * lecturers, tasks, departments, …) answers `/en` callers in English where it has English and
 * in Chinese where not (an English name is optional where the back office makes objects).
 *
 * @example inLang('en', '沟通技巧', '') → '沟通技巧'
 */
import type { Locale } from '@/i18n/routes';

export function inLang<T extends string | null | undefined>(lang: Locale | string, zh: T, en: T): T {
  return lang === 'en' && en ? en : zh;
}
