import { describe, expect, it } from 'vitest';
import { companyHour, wallClockDate } from './wall-clock';

describe('wallClockDate', () => {
  // Sunday 2026-11-29 04:30 UTC is Sunday 12:30 in UTC+8.
  const now = new Date('2026-11-29T04:30:00Z');

  it('places a time of day some days ahead on the company clock', () => {
    expect(wallClockDate({ inDays: 7, at: '14:00' }, now).toISOString()).toBe('2026-12-06T06:00:00.000Z');
    expect(wallClockDate({ inDays: -14, at: '15:00' }, now).toISOString()).toBe('2026-11-15T07:00:00.000Z');
  });

  it('places a weekday of a coming week', () => {
    // Next week's Monday and Wednesday.
    expect(wallClockDate({ weekday: 1, weeksAhead: 1, at: '09:00' }, now).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(wallClockDate({ weekday: 3, weeksAhead: 1, at: '14:30' }, now).toISOString()).toBe('2026-12-02T06:30:00.000Z');
    // Seeded late on Monday evening in China, still the following Monday.
    const monday = new Date('2026-11-30T14:00:00Z');
    expect(wallClockDate({ weekday: 1, weeksAhead: 1, at: '09:00' }, monday).toISOString()).toBe('2026-12-07T01:00:00.000Z');
  });

  it('reads the local hour back', () => {
    expect(companyHour(wallClockDate({ inDays: 3, at: '19:00' }, now))).toBe(19);
  });
});
