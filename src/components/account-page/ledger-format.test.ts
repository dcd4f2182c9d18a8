import { describe, expect, it } from 'vitest';
import { formatAmount, formatTotal, sourceHref } from '@/components/account-page/ledger-format';

describe('ledger amounts', () => {
  it('shows points whole and credit hours with one decimal, signed', () => {
    expect([formatAmount(5, 1), formatAmount(-50, 1), formatAmount(0.5, 2), formatAmount(-1, 2), formatAmount(2, 2)]).toEqual([
      '+5',
      '\u221250',
      '+0.5',
      '\u22121.0',
      '+2.0',
    ]);
    expect([formatTotal(75, 1), formatTotal(8.5, 2), formatTotal(0, 2), formatTotal(-75, 1), formatTotal(-0.04, 2)]).toEqual([
      '75',
      '8.5',
      '0.0',
      '\u221275',
      '0.0',
    ]);
  });
});

describe('ledger sources', () => {
  const row = { sourceId: 'c 1', sourceName: 'Workplace writing' };
  it('links a course or a project in the page language, nothing else', () => {
    expect(sourceHref({ ...row, sourceType: 'course' }, 'zh')).toBe('/knowledge/course/c%201');
    expect(sourceHref({ ...row, sourceType: 'project' }, 'en')).toBe('/en/knowledge/project/c%201');
    expect(sourceHref({ ...row, sourceType: 'exam' }, 'zh')).toBeUndefined();
    expect(sourceHref({ sourceType: 'course', sourceId: null, sourceName: '' }, 'zh')).toBeUndefined();
    expect(sourceHref({ sourceType: 'course', sourceId: 'c1', sourceName: '' }, 'zh')).toBeUndefined();
  });
});
