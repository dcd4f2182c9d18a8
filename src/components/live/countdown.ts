/** The time left until a live class starts, split for display. */
export interface Countdown {
  d: number;
  h: number;
  m: number;
  s: number;
  /** Whole seconds left; 0 once the start has come. */
  total: number;
}

/**
 * Days, hours, minutes and seconds from `now` until `start` (ms since the epoch), never negative.
 *
 * @example countdown(90_061_000, 0) → { d: 1, h: 1, m: 1, s: 1, total: 90061 }
 */
export function countdown(start: number, now: number): Countdown {
  const total = Math.max(0, Math.ceil((start - now) / 1000));
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
    total,
  };
}
