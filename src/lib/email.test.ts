import { describe, expect, it } from 'vitest';
import { emailMessages, isValidEmail, validateEmail } from '@/lib/email';

describe('email', () => {
  it('accepts standard addresses', () => {
    for (const ok of ['li.lei@example.com', 'a+tag@mail.example.co.uk', 'x_y-z@sub-domain.cn', 'A1@B2.ORG']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const bad of ['', 'li.lei', 'li.lei@', '@example.com', 'li lei@example.com', 'li@example', 'li@@example.com', 'li..lei@example.com', '.li@example.com', 'li.@example.com', 'li@-example.com', 'li@example.c']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('stays fast on hostile input', () => {
    const start = performance.now();
    isValidEmail(`${'a'.repeat(5000)}@${'a.'.repeat(5000)}`);
    expect(performance.now() - start).toBeLessThan(200);
  });

  it("gives the spec's message", () => {
    expect(validateEmail('')).toBe('validation.email.invalid');
    expect(validateEmail('x@y.com')).toBeUndefined();
    expect(emailMessages['validation.email.invalid'].zh).toBe('请输入正确的邮箱');
  });
});
