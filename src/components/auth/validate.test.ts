import { describe, expect, it } from 'vitest';
import {
  validateCaptcha,
  validateCode,
  validateEmpNo,
  validateEnterpriseName,
  validateLoginPassword,
  validatePhone,
  validateUserName,
} from '@/components/auth/validate';

describe('sign-in field checks', () => {
  it('phone: required, 11 digits starting with 1', () => {
    expect(validatePhone('')).toBe('login.phoneRequired');
    expect(validatePhone('13816620381')).toBeUndefined();
    expect(validatePhone('23816620381')).toBe('login.phoneInvalid');
    expect(validatePhone('1381662038')).toBe('login.phoneInvalid');
    expect(validatePhone('138166203810')).toBe('login.phoneInvalid');
    expect(validatePhone('1381662038a')).toBe('login.phoneInvalid');
    expect(validatePhone('+8613816620381')).toBe('login.phoneInvalid');
  });

  it('employee number: required, at most 20 characters', () => {
    expect(validateEmpNo('')).toBe('login.empNoRequired');
    expect(validateEmpNo('E1001')).toBeUndefined();
    expect(validateEmpNo('x'.repeat(20))).toBeUndefined();
    expect(validateEmpNo('x'.repeat(21))).toBe('login.empNoTooLong');
  });

  it('password and captcha: required', () => {
    expect(validateLoginPassword('')).toBe('login.passwordRequired');
    expect(validateLoginPassword(' ')).toBeUndefined();
    expect(validateCaptcha('')).toBe('captcha.required');
    expect(validateCaptcha('ab12')).toBeUndefined();
  });

  it('SMS code: six digits', () => {
    expect(validateCode('')).toBe('login.codeRequired');
    expect(validateCode('123456')).toBeUndefined();
    expect(validateCode('12345')).toBe('login.codeInvalid');
    expect(validateCode('12345a')).toBe('login.codeInvalid');
    expect(validateCode('1234567')).toBe('login.codeInvalid');
  });

  it('name at most 15 characters, counted as characters not UTF-16 units', () => {
    expect(validateUserName('')).toBe('register.userNameRequired');
    expect(validateUserName('张'.repeat(15))).toBeUndefined();
    expect(validateUserName('张'.repeat(16))).toBe('register.userNameTooLong');
    expect(validateUserName('𠀀'.repeat(15))).toBeUndefined();
  });

  it('enterprise name: 2 to 50 characters', () => {
    expect(validateEnterpriseName('')).toBe('register.enterpriseNameRequired');
    expect(validateEnterpriseName('星')).toBe('register.enterpriseNameLength');
    expect(validateEnterpriseName('星辰')).toBeUndefined();
    expect(validateEnterpriseName('星'.repeat(51))).toBe('register.enterpriseNameLength');
  });
});
