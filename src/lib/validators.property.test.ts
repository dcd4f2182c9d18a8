/**
 * Properties of the form validators the browser and the gateway share (spec section 5): for
 * any input they answer without throwing, accept what the rule allows, and refuse the rest with
 * the spec's message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailMessages, isValidEmail, validateEmail } from './email';
import { idCardMessages, isValidIdCard, validateIdCard } from './id-card';
import {
  hasPasswordMix,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
  validateConfirmPassword,
  validateNewPassword,
  validatePasswordChanged,
} from './password';
import { isValidPhone, PHONE_LENGTH } from './phone';

/** Any value a form or a JSON body could hand a validator. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constant(''));
const maybeText = fc.oneof(anyText, fc.constant(null), fc.constant(undefined));

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const label = fc
  .array(fc.oneof(alnum, fc.constant('-')), { minLength: 0, maxLength: 10 })
  .chain((middle) => fc.tuple(alnum, alnum).map(([a, b]) => (middle.length ? a + middle.join('') + b : a)));
/** Addresses of the usual form: name.part@host.example.tld. */
const email = fc
  .tuple(
    fc.array(fc.array(alnum, { minLength: 1, maxLength: 8 }).map((c) => c.join('')), { minLength: 1, maxLength: 3 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.array(lower, { minLength: 2, maxLength: 6 }).map((c) => c.join('')),
  )
  .map(([local, host, tld]) => `${local.join('.')}@${host.join('.')}.${tld}`);

describe('email (请输入正确的邮箱)', () => {
  it('never throws, and refuses with the spec message whatever it does not accept', () => {
    fc.assert(
      fc.property(maybeText, (value) => {
        const key = validateEmail(value);
        expect(key === undefined || key === 'validation.email.invalid').toBe(true);
        if (key === undefined) expect(isValidEmail(value!)).toBe(true);
      }),
    );
    expect(emailMessages['validation.email.invalid'].zh).toBe('请输入正确的邮箱');
  });

  it('accepts addresses of the usual form, also with surrounding spaces', () => {
    fc.assert(fc.property(email, (value) => {
      expect(validateEmail(value)).toBeUndefined();
      expect(validateEmail(` ${value} `)).toBeUndefined();
    }));
  });

  it('refuses an address with no @, two @, a space or markup inside, or no top-level domain', () => {
    fc.assert(
      fc.property(email, fc.constantFrom('@', ' ', '<', '>', '"'), (value, bad) => {
        const at = value.indexOf('@');
        expect(validateEmail(value.replace('@', ''))).toBe('validation.email.invalid');
        expect(validateEmail(`${value.slice(0, at)}${bad}${value.slice(at)}`)).toBe('validation.email.invalid');
        const host = value.slice(at + 1);
        expect(validateEmail(`${value.slice(0, at)}@${host.slice(0, host.indexOf('.'))}`)).toBe('validation.email.invalid');
      }),
    );
  });
});

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkChar = (first17: string) => '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0) % 11]!;
const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** Real ID card numbers: area, a birth date that exists (1900–2099), sequence, checksum. */
const idCard = fc
  .tuple(digits(6), fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), digits(3))
  .map(([area, birth, seq]) => {
    const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
    const first17 = `${area}${date}${seq}`;
    return first17 + checkChar(first17);
  });

describe('ID card (请输入正确的身份证信息)', () => {
  it('never throws, and refuses with the spec message whatever it does not accept', () => {
    fc.assert(
      fc.property(maybeText, (value) => {
        const key = validateIdCard(value);
        expect(key === undefined || key === 'validation.idCard.invalid').toBe(true);
      }),
    );
    expect(idCardMessages['validation.idCard.invalid'].zh).toBe('请输入正确的身份证信息');
  });

  it('accepts every number with a real birth date and the right check character, a lowercase x too', () => {
    fc.assert(fc.property(idCard, (value) => {
      expect(validateIdCard(value)).toBeUndefined();
      expect(validateIdCard(value.toLowerCase())).toBeUndefined();
    }));
  });

  it('refuses a wrong check character, a changed digit, a missing or an extra character', () => {
    fc.assert(
      fc.property(idCard, fc.nat(16), fc.nat(9), (value, at, digit) => {
        for (const other of '0123456789X'.replace(value[17]!, '')) expect(isValidIdCard(value.slice(0, 17) + other)).toBe(false);
        // Every weight is non-zero modulo 11, a prime: one changed digit always moves the checksum.
        const changed = value.slice(0, at) + String((Number(value[at]) + 1 + (digit % 9)) % 10) + value.slice(at + 1);
        expect(isValidIdCard(changed)).toBe(false);
        expect(isValidIdCard(value.slice(0, 17))).toBe(false);
        expect(isValidIdCard(`${value}0`)).toBe(false);
      }),
    );
  });
});

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const special = fc.constantFrom(...'!@#$%^&*()_+-=[]{};:,.<>/?~|');
/** A password by the rule: 8–30 characters, a digit and a letter or special character, nothing else. */
const goodPassword = fc
  .tuple(digit, fc.oneof(letters, special), fc.array(fc.oneof(letters, digit, special), { minLength: 6, maxLength: 28 }))
  .chain(([d, other, rest]) => fc.shuffledSubarray([d, other, ...rest], { minLength: rest.length + 2 }))
  .map((chars) => chars.join(''));

describe('password', () => {
  it('never throws, and answers one of the spec messages', () => {
    const keys = Object.keys(passwordMessages);
    fc.assert(
      fc.property(maybeText, maybeText, (value, other) => {
        for (const key of [validateNewPassword(value), validateConfirmPassword(value, other)]) {
          if (key !== undefined) expect(keys).toContain(key);
        }
      }),
    );
  });

  it('accepts every password by the rule, and its confirmation only when equal', () => {
    fc.assert(
      fc.property(goodPassword, goodPassword, (value, other) => {
        expect(validateNewPassword(value)).toBeUndefined();
        expect(validateConfirmPassword(value, value)).toBeUndefined();
        if (other !== value) expect(validateConfirmPassword(value, other)).toBe('validation.password.confirmMismatch');
        expect(validatePasswordChanged(value, value)).toBe('validation.password.sameAsOld');
      }),
    );
  });

  it('refuses Chinese characters, spaces, a wrong length and a poor mix with their own messages', () => {
    fc.assert(
      fc.property(goodPassword, fc.nat(30), fc.constantFrom('中', '文', '密'), fc.constantFrom(' ', '\t', '\u3000'), (value, at, han, space) => {
        const i = at % (value.length + 1);
        expect(validateNewPassword(value.slice(0, i) + han + value.slice(i))).toBe('validation.password.chinese');
        expect(validateNewPassword(value.slice(0, i) + space + value.slice(i))).toBe('validation.password.spaces');
        expect(validateNewPassword(value.slice(0, PASSWORD_MIN_LENGTH - 1))).toBe('validation.password.rule');
        expect(validateNewPassword(value.padEnd(PASSWORD_MAX_LENGTH + 1, '7'))).toBe('validation.password.rule');
        expect(validateConfirmPassword(value.slice(0, PASSWORD_MIN_LENGTH - 1), value)).toBe('validation.password.confirmLength');
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(letters, { minLength: 8, maxLength: 30 }), fc.array(digit, { minLength: 8, maxLength: 30 }), fc.array(fc.oneof(letters, special), { minLength: 8, maxLength: 30 })), (chars) => {
        const value = chars.join('');
        expect(hasPasswordMix(value)).toBe(false);
        expect(validateNewPassword(value)).toBe('validation.password.rule');
      }),
    );
    expect(validateNewPassword('')).toBe('validation.password.required');
    expect(passwordMessages['validation.password.chinese'].zh).toBe('密码不能含有中文');
    expect(passwordMessages['validation.password.spaces'].zh).toBe('密码不能含有空格');
    expect(passwordMessages['validation.password.rule'].en).toBe(
      'Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits',
    );
  });
});

describe('phone', () => {
  it('accepts exactly 11 digits starting with 1, nothing else', () => {
    fc.assert(fc.property(digits(10), (rest) => {
      expect(isValidPhone(`1${rest}`)).toBe(true);
    }));
    fc.assert(
      fc.property(anyText, (value) => {
        expect(isValidPhone(value)).toBe(value.length === PHONE_LENGTH && /^1\d{10}$/.test(value));
      }),
    );
    fc.assert(fc.property(digits(10), fc.constantFrom('0', '2', '9', '+', ' '), (rest, first) => {
      expect(isValidPhone(first + rest)).toBe(false);
    }));
    fc.assert(fc.property(digits(10), (rest) => {
      expect(isValidPhone(`1${rest}\n`)).toBe(false);
    }));
  });
});
