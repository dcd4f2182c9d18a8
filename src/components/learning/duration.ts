/**
 * Whole minutes of a length in seconds, rounded up, so a 12 s video shows as 1 minute and
 * nothing shows as 0.
 *
 * @example durationMinutes(12) → 1; durationMinutes(0) → 0; durationMinutes(3600) → 60
 */
export function durationMinutes(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 0;
}
