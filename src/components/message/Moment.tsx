/** A time as "3 hours ago", with the full time as its title (and for assistive technology, its datetime). */
import { formatMoment } from '@/components/study/format';
import type { Locale } from '@/i18n/locale-path';
import { formatRelativeTime } from '@/lib/format';

export function Moment({ value, locale, className }: { value: string; locale: Locale; className?: string }) {
  const full = formatMoment(value);
  return (
    <time dateTime={value} title={full} className={className}>
      {formatRelativeTime(value, locale)}
    </time>
  );
}
