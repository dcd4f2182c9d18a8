/** Dates and durations as the study and live screens show them, in zh and en. */
import type { Locale } from '@/i18n/locale-path';

function valid(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A day, `2026-03-01` in both languages (numeric, unambiguous); '' for no or bad input.
 *
 * @example formatDay('2026-03-01T08:00:00Z', 'UTC') → '2026-03-01'
 */
export function formatDay(value: string | null | undefined, timeZone?: string): string {
  const date = valid(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/**
 * A moment with minutes: `2026-03-01 16:00`; '' for no or bad input.
 *
 * @example formatMoment('2026-03-01T08:00:00Z', 'UTC') → '2026-03-01 08:00'
 */
export function formatMoment(value: string | null | undefined, timeZone?: string): string {
  const date = valid(value);
  if (!date) return '';
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(
    date,
  );
  return `${formatDay(value, timeZone)} ${time}`;
}

/**
 * Seconds of study as minutes (rounded up once started) or hours and minutes.
 *
 * @example formatStudyTime(90, 'en') → '2 min'; formatStudyTime(3720, 'zh') → '1 小时 2 分钟'
 */
export function formatStudyTime(seconds: number, locale: Locale): string {
  const total = Math.max(0, Math.ceil((Number.isFinite(seconds) ? seconds : 0) / 60));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (locale === 'zh') return h ? `${h} 小时 ${m} 分钟` : `${m} 分钟`;
  return h ? `${h} h ${m} min` : `${m} min`;
}
