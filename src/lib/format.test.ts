import { describe, expect, it } from 'vitest';
import { formatFileSize, formatRelativeTime } from '@/lib/format';

describe('formatFileSize', () => {
  it('uses base 1024 and at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(2.345 * 1024 ** 3)).toBe('2.35 GB');
    expect(formatFileSize('2048')).toBe('2 KB');
  });

  it('gives nothing for values that are not sizes', () => {
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize('')).toBe('');
    expect(formatFileSize('abc')).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0, 0);
  const ago = (ms: number) => now - ms;
  const min = 60_000;
  const hour = 60 * min;
  const day = 24 * hour;

  it('runs from just now to years in Chinese', () => {
    expect(formatRelativeTime(ago(59_000), 'zh', now)).toBe('刚刚');
    expect(formatRelativeTime(ago(5 * min), 'zh', now)).toBe('5分钟前');
    expect(formatRelativeTime(ago(3 * hour), 'zh', now)).toBe('3小时前');
    expect(formatRelativeTime(ago(2 * day), 'zh', now)).toBe('2天前');
    expect(formatRelativeTime(ago(14 * day), 'zh', now)).toBe('2周前');
    expect(formatRelativeTime(ago(90 * day), 'zh', now)).toBe('3个月前');
    expect(formatRelativeTime(ago(800 * day), 'zh', now)).toBe('2年前');
  });

  it('runs from just now to years in English, singular and plural', () => {
    expect(formatRelativeTime(ago(1000), 'en', now)).toBe('just now');
    expect(formatRelativeTime(ago(min), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * min), 'en', now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(hour), 'en', now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(6 * day), 'en', now)).toBe('6 days ago');
    expect(formatRelativeTime(ago(7 * day), 'en', now)).toBe('1 week ago');
    expect(formatRelativeTime(ago(30 * day), 'en', now)).toBe('1 month ago');
    expect(formatRelativeTime(ago(364 * day), 'en', now)).toBe('12 months ago');
    expect(formatRelativeTime(ago(365 * day), 'en', now)).toBe('1 year ago');
  });

  it('accepts dates, timestamps and gateway date strings', () => {
    expect(formatRelativeTime(new Date(ago(2 * hour)), 'en', now)).toBe('2 hours ago');
    const local = new Date(ago(3 * day));
    const text = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:00`;
    expect(formatRelativeTime(text, 'zh', now)).toBe('3天前');
  });

  it('reads future times as just now and rejects nonsense', () => {
    expect(formatRelativeTime(now + hour, 'en', now)).toBe('just now');
    expect(formatRelativeTime('not a date', 'en', now)).toBe('');
  });
});
