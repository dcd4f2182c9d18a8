/** Addresses of the back office's live room pages, and what they show of a room in the page's language. */
import { localizePath, type Locale } from '@/i18n/locale-path';

/** The list of live rooms. */
export function liveListHref(locale: Locale): string {
  return localizePath('/crm/live', locale);
}

/** The form, of one room or of a new one. */
export function liveEditHref(locale: Locale, id?: string): string {
  return localizePath(`/crm/live/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`, locale);
}

/** The attendance of one room. */
export function liveAttendanceHref(locale: Locale, id: string): string {
  return localizePath(`/crm/live/attendance?id=${encodeURIComponent(id)}`, locale);
}

/** How dates and times read in the page's language. */
export const intlLocale = (locale: Locale) => (locale === 'en' ? 'en' : 'zh-CN');

/**
 * A room's start and end in the browser's time zone, as one range.
 *
 * @example timeRange('zh', '2026-05-01T06:00:00Z', '2026-05-01T08:00:00Z') → '2026年5月1日 14:00–16:00' (in UTC+8)
 */
export function timeRange(locale: Locale, startAt: string, endAt: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '—';
  return end > start ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}

/**
 * Seconds as h:mm:ss, or m:ss under an hour.
 *
 * @example watchedTime(75) → '1:15'; watchedTime(3725) → '1:02:05'
 */
export function watchedTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
