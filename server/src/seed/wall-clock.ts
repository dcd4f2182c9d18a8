/**
 * Demo times on the company's clock (China, UTC+8, no daylight saving): a sitting named
 * "下周一上午场" starts on next Monday morning whenever the demo is seeded, not at the seeding
 * hour plus a week.
 */

/** The company's offset from UTC, in hours. */
export const COMPANY_UTC_OFFSET = 8;

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface WallClock {
  /** Days from the seeding day; with `weekday`, weeks count instead. */
  inDays?: number;
  /** 1 Monday … 7 Sunday of the week `weeksAhead` weeks from the seeding week. */
  weekday?: number;
  weeksAhead?: number;
  /** Local time of day, `HH:MM`. */
  at: string;
}

/**
 * The instant of a wall-clock time relative to `now`.
 *
 * @example wallClockDate({ weekday: 1, weeksAhead: 1, at: '09:00' }, now) → next Monday 09:00 in UTC+8
 */
export function wallClockDate(clock: WallClock, now: Date, offsetHours = COMPANY_UTC_OFFSET): Date {
  const local = now.getTime() + offsetHours * HOUR;
  const midnight = Math.floor(local / DAY) * DAY;
  let day = midnight + (clock.inDays ?? 0) * DAY;
  if (clock.weekday !== undefined) {
    // 1970-01-01 was a Thursday: weekday 4.
    const todayWeekday = ((Math.floor(local / DAY) + 3) % 7) + 1;
    day = midnight + ((clock.weeksAhead ?? 0) * 7 + clock.weekday - todayWeekday) * DAY;
  }
  const [h, m] = clock.at.split(':').map(Number) as [number, number];
  return new Date(day + h * HOUR + m * 60_000 - offsetHours * HOUR);
}

/** The local hour (0–23) of an instant on the company's clock. */
export function companyHour(at: Date, offsetHours = COMPANY_UTC_OFFSET): number {
  return new Date(at.getTime() + offsetHours * HOUR).getUTCHours();
}

/** Start and end of a seeded span: hours from the seeding moment, or a wall-clock start and a length. */
export function seededSpan(
  span: { startInHours?: number; endInHours?: number; start?: WallClock; hours?: number },
  now: Date,
): { startAt: Date; endAt: Date } {
  if (span.start && span.hours) {
    const startAt = wallClockDate(span.start, now);
    return { startAt, endAt: new Date(startAt.getTime() + span.hours * HOUR) };
  }
  return {
    startAt: new Date(now.getTime() + (span.startInHours ?? 0) * HOUR),
    endAt: new Date(now.getTime() + (span.endInHours ?? 0) * HOUR),
  };
}
