/**
 * The sign-in side's field checks (spec sections 5, 9), run before any call. Each returns the
 * dictionary key of the message to show, or undefined when the value is accepted.
 */
import type { MessageKey } from '@/i18n/zh';
import { isValidPhone } from '@/lib/phone';

/** Spec section 9: employee number at most 20 characters. */
export const EMP_NO_MAX = 20;
/** Spec section 9: name at most 15 characters. */
export const USER_NAME_MAX = 15;
/** Enterprise names the gateway accepts: 2 to 50 characters. */
export const ENTERPRISE_NAME_MIN = 2;
export const ENTERPRISE_NAME_MAX = 50;
/** SMS codes have six digits. */
export const CODE_LENGTH = 6;
/** Mainland mobile numbers: 11 digits starting with 1. */

/** A dictionary key of this module's messages, or undefined when the value is accepted. */
type Key<K extends MessageKey> = K | undefined;

const chars = (value: string) => [...value].length;

/** @example validatePhone('13816620381') → undefined; validatePhone('2381662038') → 'login.phoneInvalid' */
export function validatePhone(value: string): Key<'login.phoneRequired' | 'login.phoneInvalid'> {
  if (!value) return 'login.phoneRequired';
  return isValidPhone(value) ? undefined : 'login.phoneInvalid';
}

export function validateEmpNo(value: string): Key<'login.empNoRequired' | 'login.empNoTooLong'> {
  if (!value) return 'login.empNoRequired';
  return chars(value) > EMP_NO_MAX ? 'login.empNoTooLong' : undefined;
}

export function validateLoginPassword(value: string): Key<'login.passwordRequired'> {
  return value ? undefined : 'login.passwordRequired';
}

/** @example validateCode('12345') → 'login.codeInvalid' */
export function validateCode(value: string): Key<'login.codeRequired' | 'login.codeInvalid'> {
  if (!value) return 'login.codeRequired';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value) ? undefined : 'login.codeInvalid';
}

export function validateCaptcha(value: string): Key<'captcha.required'> {
  return value ? undefined : 'captcha.required';
}

export function validateUserName(value: string): Key<'register.userNameRequired' | 'register.userNameTooLong'> {
  if (!value) return 'register.userNameRequired';
  return chars(value) > USER_NAME_MAX ? 'register.userNameTooLong' : undefined;
}

export function validateEnterpriseName(
  value: string,
): Key<'register.enterpriseNameRequired' | 'register.enterpriseNameLength'> {
  if (!value) return 'register.enterpriseNameRequired';
  const n = chars(value);
  return n < ENTERPRISE_NAME_MIN || n > ENTERPRISE_NAME_MAX ? 'register.enterpriseNameLength' : undefined;
}
