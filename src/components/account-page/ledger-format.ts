/** How the ledgers of the cards tab show their rows: signed amounts, totals and source links. */
import { AccountRecordKind, type AccountRecord } from '@/api/people-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

/** Typographic minus: a hyphen reads as a dash next to numbers. */
const MINUS = '\u2212';

/**
 * A total: points whole, credit hours with one decimal.
 *
 * @example formatTotal(75, 1) → '75'; formatTotal(8.5, 2) → '8.5'; formatTotal(3, 2) → '3.0'; formatTotal(-5, 1) → '−5'
 */
export function formatTotal(value: number, kind: AccountRecordKind): string {
  const digits = kind === AccountRecordKind.creditHours ? 1 : 0;
  const text = Math.abs(value).toFixed(digits);
  return value < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

/**
 * A row's amount with its sign.
 *
 * @example formatAmount(5, 1) → '+5'; formatAmount(-50, 1) → '−50'; formatAmount(0.5, 2) → '+0.5'
 */
export function formatAmount(amount: number, kind: AccountRecordKind): string {
  const text = formatTotal(amount, kind);
  return amount > 0 ? `+${text}` : text;
}

/**
 * The page of the course or project that earned a row; undefined for other sources and for
 * one that no longer exists.
 *
 * @example sourceHref({ sourceType: 'course', sourceId: 'c1', sourceName: 'Writing', … }, 'en') → '/en/knowledge/course/c1'
 */
export function sourceHref(record: Pick<AccountRecord, 'sourceType' | 'sourceId' | 'sourceName'>, locale: Locale): string | undefined {
  if (!record.sourceId || !record.sourceName) return undefined;
  if (record.sourceType === 'course') return localizePath(`/knowledge/course/${encodeURIComponent(record.sourceId)}`, locale);
  if (record.sourceType === 'project') return localizePath(`/knowledge/project/${encodeURIComponent(record.sourceId)}`, locale);
  return undefined;
}
