/** E-mail addresses (spec section 5). Pure: the browser form and the gateway share it. */
import type { MessageTable } from '@/lib/messages';

export const emailMessages = {
  'validation.email.invalid': {
    zh: '请输入正确的邮箱',
    en: 'Please enter a correct email address',
  },
} as const satisfies MessageTable;

export type EmailMessageKey = keyof typeof emailMessages;

/** local@domain.tld: no spaces, one @, dot-separated labels, a top-level domain of 2+ letters. */
const EMAIL = /^[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** @example isValidEmail('li.lei@example.com') → true; isValidEmail('li.lei@') → false */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) && !email.includes('..') && !email.startsWith('.') && !email.includes('.@');
}

/** The message key for a wrong or empty address, or undefined when it is valid. */
export function validateEmail(value: string | null | undefined): EmailMessageKey | undefined {
  return value && isValidEmail(value) ? undefined : 'validation.email.invalid';
}
