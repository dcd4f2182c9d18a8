import { describe, expect, it } from 'vitest';
import {
  hasPasswordMix,
  passwordMessages,
  validateConfirmPassword,
  validateNewPassword,
  validatePasswordChanged,
} from '@/lib/password';

describe('new password', () => {
  it('accepts 8 to 30 characters mixing digits with letters or specials', () => {
    for (const ok of ['abcd1234', 'ABCD1234', '1234!@#$', 'Abc!1234', 'a1'.repeat(15)]) {
      expect(validateNewPassword(ok), ok).toBeUndefined();
    }
  });

  it('refuses pure letters, pure digits, pure specials and letters with specials only', () => {
    for (const bad of ['abcdefgh', 'ABCDefgh', '12345678', '!@#$%^&*', 'abcd!@#$']) {
      expect(hasPasswordMix(bad), bad).toBe(false);
      expect(validateNewPassword(bad), bad).toBe('validation.password.rule');
    }
  });

  it('refuses lengths outside 8 to 30', () => {
    expect(validateNewPassword('abc1234')).toBe('validation.password.rule');
    expect(validateNewPassword('a1'.repeat(15) + 'b')).toBe('validation.password.rule');
  });

  it('refuses Chinese characters and spaces with their own messages', () => {
    expect(validateNewPassword('abcd1234中')).toBe('validation.password.chinese');
    expect(validateNewPassword('abcd 1234')).toBe('validation.password.spaces');
    expect(validateNewPassword('abcd\t1234')).toBe('validation.password.spaces');
  });

  it('asks for a value when empty', () => {
    expect(validateNewPassword('')).toBe('validation.password.required');
    expect(validateNewPassword(undefined)).toBe('validation.password.required');
  });
});

describe('confirm password', () => {
  it('must be filled, 8 to 30 characters, follow the same rules and match', () => {
    expect(validateConfirmPassword('', 'abcd1234')).toBe('validation.password.confirmRequired');
    expect(validateConfirmPassword('ab12', 'abcd1234')).toBe('validation.password.confirmLength');
    expect(validateConfirmPassword('中文abcd1234', 'abcd1234')).toBe('validation.password.chinese');
    expect(validateConfirmPassword('abcd 1234', 'abcd1234')).toBe('validation.password.spaces');
    expect(validateConfirmPassword('abcdefgh', 'abcdefgh')).toBe('validation.password.rule');
    expect(validateConfirmPassword('abcd12345', 'abcd1234')).toBe('validation.password.confirmMismatch');
    expect(validateConfirmPassword('abcd1234', 'abcd1234')).toBeUndefined();
  });
});

describe('old and new password', () => {
  it('must differ', () => {
    expect(validatePasswordChanged('abcd1234', 'abcd1234')).toBe('validation.password.sameAsOld');
    expect(validatePasswordChanged('abcd1234', 'abcd12345')).toBeUndefined();
  });
});

describe('messages', () => {
  it("keep the spec's texts exactly in their language and translate the other", () => {
    const m = passwordMessages;
    expect(m['validation.password.required'].en).toBe('Please enter a correct new password');
    expect(m['validation.password.chinese'].zh).toBe('密码不能含有中文');
    expect(m['validation.password.spaces'].zh).toBe('密码不能含有空格');
    expect(m['validation.password.rule'].en).toBe(
      'Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits',
    );
    expect(m['validation.password.confirmRequired'].en).toBe('Please enter the correct confirmation password');
    expect(m['validation.password.confirmLength'].en).toBe('The password contains 8 to 30 characters');
    expect(m['validation.password.confirmMismatch'].zh).toBe('重复密码与新密码不一致');
    expect(m['validation.password.sameAsOld'].en).toBe('The new password matches the old password, please modify it');
    expect(m['validation.password.inconsistent'].en).toBe('The two passwords are inconsistent');
    for (const texts of Object.values(m)) {
      expect(texts.zh).toMatch(/\p{Script=Han}/u);
      expect(texts.en).not.toMatch(/\p{Script=Han}/u);
    }
  });
});
