import { describe, expect, it } from 'vitest';
import { idCardMessages, isValidIdCard, validateIdCard } from '@/lib/id-card';
import { messageText } from '@/lib/messages';

describe('ID card', () => {
  it('accepts numbers whose check character matches', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('440304200002290014')).toBe(true);
    expect(isValidIdCard('320102198808081237')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(validateIdCard('110101199003072316')).toBeUndefined();
  });

  it('refuses a wrong check character', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('320102198808081238')).toBe(false);
  });

  it('refuses wrong lengths and formats', () => {
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('11010519491231002X1')).toBe(false);
    expect(isValidIdCard('11010517491231002X')).toBe(false);
    expect(isValidIdCard('1101051949123100AX')).toBe(false);
  });

  it('refuses months and days that do not exist', () => {
    expect(isValidIdCard('110105194913310027')).toBe(false);
    expect(isValidIdCard('110105194912320023')).toBe(false);
    expect(isValidIdCard('440304200102290010')).toBe(false);
    expect(isValidIdCard('110105194900310020')).toBe(false);
  });

  it("gives the spec's message for empty and wrong numbers", () => {
    expect(validateIdCard('')).toBe('validation.idCard.invalid');
    expect(validateIdCard(undefined)).toBe('validation.idCard.invalid');
    expect(validateIdCard('123')).toBe('validation.idCard.invalid');
    expect(messageText(idCardMessages, 'validation.idCard.invalid', 'zh')).toBe('请输入正确的身份证信息');
    expect(messageText(idCardMessages, 'validation.idCard.invalid', 'en')).toBeTruthy();
  });
});
