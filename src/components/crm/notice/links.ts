/** Addresses of the back office's announcement pages. */
import { localizePath, type Locale } from '@/i18n/locale-path';

/** The list of announcements. */
export function listHref(locale: Locale): string {
  return localizePath('/crm/announcements', locale);
}

/** The editor, of one announcement or of a new one. */
export function editHref(locale: Locale, id?: string): string {
  return localizePath(`/crm/announcements/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`, locale);
}

/** The read statistics of one announcement. */
export function readsHref(locale: Locale, id: string): string {
  return localizePath(`/crm/announcements/reads?id=${encodeURIComponent(id)}`, locale);
}

/** An announcement's title in the page's language (the other when that one is empty). */
export function titleIn(locale: Locale, notice: { titleZh: string; titleEn: string }): string {
  return (locale === 'en' ? notice.titleEn : notice.titleZh) || notice.titleZh || notice.titleEn;
}
