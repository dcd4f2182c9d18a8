import { describe, expect, it } from 'vitest';
import { liveAttendanceHref, liveEditHref, liveListHref, timeRange, watchedTime } from '@/components/crm/live/links';

describe('live room links', () => {
  it('localizes the addresses of the three pages', () => {
    expect(liveListHref('zh')).toBe('/crm/live');
    expect(liveEditHref('en')).toBe('/en/crm/live/edit');
    expect(liveEditHref('zh', 'a b')).toBe('/crm/live/edit?id=a%20b');
    expect(liveAttendanceHref('en', 'r1')).toBe('/en/crm/live/attendance?id=r1');
  });

  it('writes watched time as m:ss under an hour and h:mm:ss from an hour on', () => {
    expect(watchedTime(0)).toBe('0:00');
    expect(watchedTime(75)).toBe('1:15');
    expect(watchedTime(3600)).toBe('1:00:00');
    expect(watchedTime(3725.9)).toBe('1:02:05');
    expect(watchedTime(-5)).toBe('0:00');
  });

  it('writes a start and end as one range, and a dash for bad times', () => {
    const range = timeRange('en', '2026-05-01T06:00:00Z', '2026-05-01T08:00:00Z');
    expect(range).toMatch(/2026/);
    expect(range).toMatch(/–/);
    expect(timeRange('zh', 'nonsense', '2026-05-01T08:00:00Z')).toBe('—');
  });
});
