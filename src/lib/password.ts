/**
 * Password rules (spec section 5). Pure: the change-password form and the gateway share them.
 *
 * A password has 8 to 30 characters, no Chinese characters and no spaces, and mixes at least
 * two of letters, digits and special characters, where letters with special characters only
 * is not accepted: it must hold a digit and a letter or special character.
 */
import type { MessageTable } from '@/lib/messages';

export const PASSWORD_MIN_LENGTH = 8;
/** Also the `maxlength` of the password inputs. */
export const PASSWORD_MAX_LENGTH = 30;

/** The spec gives each text in one language (kept exactly); the other is a translation. */
export const passwordMessages = {
  'validation.password.required': {
    zh: '请输入正确的新密码',
    en: 'Please enter a correct new password',
  },
  'validation.password.chinese': {
    zh: '密码不能含有中文',
    en: 'The password cannot contain Chinese characters',
  },
  'validation.password.spaces': {
    zh: '密码不能含有空格',
    en: 'The password cannot contain spaces',
  },
  'validation.password.rule': {
    zh: '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    en: 'Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits',
  },
  'validation.password.confirmRequired': {
    zh: '请输入正确的确认密码',
    en: 'Please enter the correct confirmation password',
  },
  'validation.password.confirmLength': {
    zh: '密码长度为8至30位字符',
    en: 'The password contains 8 to 30 characters',
  },
  'validation.password.confirmMismatch': {
    zh: '重复密码与新密码不一致',
    en: 'The repeated password does not match the new password',
  },
  'validation.password.sameAsOld': {
    zh: '新密码与旧密码相同，请修改',
    en: 'The new password matches the old password, please modify it',
  },
  'validation.password.inconsistent': {
    zh: '两次输入的密码不一致',
    en: 'The two passwords are inconsistent',
  },
} as const satisfies MessageTable;

export type PasswordMessageKey = keyof typeof passwordMessages;

const CHINESE = /\p{Script=Han}/u;
const SPACE = /\s/;
const DIGIT = /\d/;
const LETTER = /[A-Za-z]/;
const SPECIAL = /[^A-Za-z\d\s]/;

function lengthOk(value: string): boolean {
  const length = [...value].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/**
 * At least two kinds among letters, digits and special characters, one of them digits.
 *
 * @example hasPasswordMix('abc12345') → true; hasPasswordMix('abc!@#$%') → false
 */
export function hasPasswordMix(value: string): boolean {
  return DIGIT.test(value) && (LETTER.test(value) || SPECIAL.test(value));
}

/** The message key for a new password that breaks a rule, or undefined when it is accepted. */
export function validateNewPassword(value: string | null | undefined): PasswordMessageKey | undefined {
  if (!value) return 'validation.password.required';
  if (CHINESE.test(value)) return 'validation.password.chinese';
  if (SPACE.test(value)) return 'validation.password.spaces';
  if (!lengthOk(value) || !hasPasswordMix(value)) return 'validation.password.rule';
  return undefined;
}

/** The message key for a confirmation that breaks a rule or differs from the new password. */
export function validateConfirmPassword(
  value: string | null | undefined,
  newPassword: string | null | undefined,
): PasswordMessageKey | undefined {
  if (!value) return 'validation.password.confirmRequired';
  if (CHINESE.test(value)) return 'validation.password.chinese';
  if (SPACE.test(value)) return 'validation.password.spaces';
  if (!lengthOk(value)) return 'validation.password.confirmLength';
  if (!hasPasswordMix(value)) return 'validation.password.rule';
  if (value !== newPassword) return 'validation.password.confirmMismatch';
  return undefined;
}

/** A new password must differ from the old one. */
export function validatePasswordChanged(oldPassword: string, newPassword: string): PasswordMessageKey | undefined {
  return oldPassword && oldPassword === newPassword ? 'validation.password.sameAsOld' : undefined;
}
