/** Addresses of the back office's course pages, and names in the page's language. */
import type { CrmCategory } from '@/api/crm-course-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

export function courseListHref(locale: Locale): string {
  return localizePath('/crm/courses', locale);
}

/** The form, of one course or of a new one. */
export function courseEditHref(locale: Locale, id?: string): string {
  return localizePath(`/crm/courses/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`, locale);
}

/**
 * A name in the page's language, the Chinese where the English is empty.
 *
 * @example nameIn('en', { nameZh: '安全', nameEn: '' }) → '安全'
 */
export function nameIn(locale: Locale, item: { nameZh: string; nameEn: string }): string {
  return (locale === 'en' && item.nameEn) || item.nameZh;
}

/** The tree as options in tree order, each with its depth (for an indented select). */
export function categoryOptions(tree: CrmCategory[], locale: Locale, depth = 0): { id: string; name: string; depth: number }[] {
  return tree.flatMap((c) => [{ id: c.id, name: nameIn(locale, c), depth }, ...categoryOptions(c.children, locale, depth + 1)]);
}

/** Non-breaking spaces indent an option under its parent (options take no padding). */
export const indent = (depth: number) => '\u00a0\u00a0\u00a0'.repeat(depth);
