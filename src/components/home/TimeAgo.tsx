/** How long ago (spec: "just now" … "years ago"), with the full date and time as its title. */
import type { Locale } from '@/i18n/locale-path';
import { formatRelativeTime } from '@/lib/format';

/** The full date and time ('' when the value cannot be read). */
export function formatFullTime(value: string, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

export function TimeAgo({ value, locale, now, className }: { value: string; locale: Locale; now?: number; className?: string }) {
  return (
    <time dateTime={value} title={formatFullTime(value, locale)} className={className}>
      {formatRelativeTime(value, locale, now)}
    </time>
  );
}
