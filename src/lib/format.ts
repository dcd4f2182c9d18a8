/** Display formatting shared by the pages: file sizes and relative times, in zh and en. */
import type { Locale } from '@/i18n/locale-path';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * A byte count for people, base 1024, at most two decimals.
 *
 * @example formatFileSize(1536) → '1.5 KB'; formatFileSize(0) → '0 B'; formatFileSize('x') → ''
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (n == null || !Number.isFinite(n) || n < 0 || (typeof bytes === 'string' && !bytes.trim())) return '';
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 100) / 100);
  return `${shown} ${UNITS[unit]}`;
}

type Bucket = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const zhUnits: Record<Bucket, string> = {
  minute: '分钟',
  hour: '小时',
  day: '天',
  week: '周',
  month: '个月',
  year: '年',
};

function toTime(value: Date | number | string): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  // `2024-05-01 10:00:00` (as gateways often send it) is local time; make it parseable everywhere.
  const text = /^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value;
  return new Date(text).getTime();
}

/**
 * How long ago, in buckets from "just now" to years. Future times read as "just now".
 *
 * @example formatRelativeTime(Date.now() - 3 * 3600_000, 'zh') → '3小时前'
 * @example formatRelativeTime(Date.now() - 60_000, 'en') → '1 minute ago'
 */
export function formatRelativeTime(value: Date | number | string, locale: Locale, now: number = Date.now()): string {
  const time = toTime(value);
  if (!Number.isFinite(time)) return '';
  const diff = Math.max(0, now - time);
  let bucket: Bucket;
  let count: number;
  if (diff < MINUTE) return locale === 'zh' ? '刚刚' : 'just now';
  if (diff < HOUR) [bucket, count] = ['minute', Math.floor(diff / MINUTE)];
  else if (diff < DAY) [bucket, count] = ['hour', Math.floor(diff / HOUR)];
  else if (diff < 7 * DAY) [bucket, count] = ['day', Math.floor(diff / DAY)];
  else if (diff < 30 * DAY) [bucket, count] = ['week', Math.floor(diff / (7 * DAY))];
  else if (diff < 365 * DAY) [bucket, count] = ['month', Math.max(1, Math.floor(diff / (30 * DAY)))];
  else [bucket, count] = ['year', Math.floor(diff / (365 * DAY))];
  if (locale === 'zh') return `${count}${zhUnits[bucket]}前`;
  return `${count} ${bucket}${count === 1 ? '' : 's'} ago`;
}
