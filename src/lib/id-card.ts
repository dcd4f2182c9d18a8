/**
 * Mainland China resident ID card numbers (spec section 5). Pure: the browser form and the
 * gateway use the same rule.
 */
import type { MessageTable } from '@/lib/messages';

export const idCardMessages = {
  'validation.idCard.invalid': {
    zh: '请输入正确的身份证信息',
    en: 'Please enter a correct ID card number',
  },
} as const satisfies MessageTable;

export type IdCardMessageKey = keyof typeof idCardMessages;

const FORMAT = /^\d{6}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 18 characters: 6 digits, a birth date from 18xx to 20xx that exists, 3 digits and a check
 * character (a digit or X; a lowercase x is read as X), which the weighted checksum must match.
 *
 * @example isValidIdCard('11010519491231002X') → true
 */
export function isValidIdCard(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (id.length !== 18 || !FORMAT.test(id)) return false;
  if (!isRealDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11] === id[17];
}

/** The message key for a wrong or empty ID card number, or undefined when it is valid. */
export function validateIdCard(value: string | null | undefined): IdCardMessageKey | undefined {
  return value && isValidIdCard(value) ? undefined : 'validation.idCard.invalid';
}
