/** Addresses of the back office's study task pages, and how a task's times read. */
import { intlLocale } from '@/components/crm/live/links';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

export function taskListHref(locale: Locale): string {
  return localizePath('/crm/tasks', locale);
}

/** The form, of one task or of a new one. */
export function taskEditHref(locale: Locale, id?: string): string {
  return localizePath(`/crm/tasks/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`, locale);
}

/** The assigned members' progress in one task. */
export function taskProgressHref(locale: Locale, id: string): string {
  return localizePath(`/crm/tasks/progress?id=${encodeURIComponent(id)}`, locale);
}

/**
 * A task's start and end as one range of dates, or its start alone with `noEnd` (`{start}`).
 *
 * @example taskTime('en', '2026-05-01T02:00:00Z', null, 'From {start}, no end') → 'From May 1, 2026, no end'
 */
export function taskTime(locale: Locale, startAt: string, endAt: string | null, noEnd: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' });
  const start = new Date(startAt);
  if (Number.isNaN(start.getTime())) return '—';
  if (!endAt) return fill(noEnd, { start: format.format(start) });
  const end = new Date(endAt);
  if (Number.isNaN(end.getTime())) return '—';
  return end > start ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}
