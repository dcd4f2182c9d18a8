import { describe, expect, it } from 'vitest';
import { isoDay, latestToday, memberFieldProblems, memberFormSchema, orgCreateSchema, peopleRuleMessages } from '@/lib/schemas/people';

const ok = { userName: '张三', empNo: 'E9001', phone: '', email: '', idCard: '', joiningTime: '' };

describe('member rules', () => {
  it('accepts a member with only a name and an employee number', () => {
    expect(memberFieldProblems(ok)).toEqual([]);
  });

  it('names each broken field with its rule, in form order', () => {
    const problems = memberFieldProblems({ userName: '名'.repeat(16), empNo: 'E 1', phone: '1234', email: 'a@', idCard: '110105194912310021', joiningTime: '2024-13-01' });
    expect(problems.map((p) => `${p.field}:${p.key}`)).toEqual([
      'userName:people.rule.nameTooLong',
      'empNo:people.rule.empNoFormat',
      'phone:people.rule.phoneInvalid',
      'email:people.rule.emailInvalid',
      'idCard:people.rule.idCardInvalid',
      'joiningTime:people.rule.joiningTimeInvalid',
    ]);
    expect(memberFieldProblems({ ...ok, userName: ' ', empNo: 'E'.repeat(21) }).map((p) => p.key)).toEqual(['people.rule.nameRequired', 'people.rule.empNoTooLong']);
    expect(memberFieldProblems({ ...ok, idCard: '11010519491231002x', phone: '13816620381', email: 'a@b.cn' })).toEqual([]);
  });

  it('refuses a joining date after today, wherever today is', () => {
    expect(memberFieldProblems({ ...ok, joiningTime: '2999-01-01' }, '2026-01-01')[0]!.key).toBe('people.rule.joiningTimeFuture');
    expect(memberFieldProblems({ ...ok, joiningTime: latestToday() })).toEqual([]);
    expect(isoDay('2024-02-29')).toBe('2024-02-29');
    expect(isoDay('2023-02-29')).toBeUndefined();
    expect(isoDay('1899-12-31')).toBeUndefined();
  });

  it('gives the form each problem as a message key under its field', () => {
    const result = memberFormSchema.safeParse({ ...ok, phone: '12' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['phone', 'people.rule.phoneInvalid']]);
    const org = orgCreateSchema.safeParse({ id: 'D 1', parentId: '', nameZh: '', nameEn: 'x' });
    expect(org.error!.issues.map((i) => i.message).sort()).toEqual(['people.rule.orgIdFormat', 'people.rule.orgNameRequired']);
  });

  it('has every message in both languages', () => {
    for (const [key, text] of Object.entries(peopleRuleMessages)) {
      expect(text.zh.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
    }
  });
});
