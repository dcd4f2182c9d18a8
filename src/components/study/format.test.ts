import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatStudyTime } from '@/components/study/format';

describe('study formats', () => {
  it('shows days and moments numerically', () => {
    expect(formatDay('2026-03-01T08:00:00Z', 'UTC')).toBe('2026-03-01');
    expect(formatMoment('2026-03-01T08:05:00Z', 'UTC')).toBe('2026-03-01 08:05');
    expect(formatMoment('2026-03-01T16:05:00Z', 'Asia/Shanghai')).toBe('2026-03-02 00:05');
  });

  it('gives nothing for missing or bad dates', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
    expect(formatMoment(undefined)).toBe('');
  });

  it('shows study time in minutes or hours and minutes', () => {
    expect(formatStudyTime(0, 'en')).toBe('0 min');
    expect(formatStudyTime(90, 'en')).toBe('2 min');
    expect(formatStudyTime(3720, 'zh')).toBe('1 小时 2 分钟');
    expect(formatStudyTime(Number.NaN, 'zh')).toBe('0 分钟');
  });
});
