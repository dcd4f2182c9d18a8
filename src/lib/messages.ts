/** Message tables of the validators: a key per rule with its text in each language. */
import type { Locale } from '@/i18n/locale-path';

export type MessageTable = Record<string, Record<Locale, string>>;

/** @example messageText(emailMessages, 'validation.email.invalid', 'zh') → '请输入正确的邮箱' */
export function messageText<T extends MessageTable>(table: T, key: keyof T, locale: Locale): string {
  return table[key]![locale];
}
