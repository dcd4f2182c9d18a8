import { describe, expect, it } from 'vitest';
import { fill } from '@/i18n/fill';

describe('fill', () => {
  it('fills every placeholder it has a value for and leaves the others', () => {
    expect(fill('删除 {name}', { name: '进度.xlsx' })).toBe('删除 进度.xlsx');
    expect(fill('{a} {b} {a}', { a: 1 })).toBe('1 {b} 1');
    expect(fill('no placeholders')).toBe('no placeholders');
  });
});
