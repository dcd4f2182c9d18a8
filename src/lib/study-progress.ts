/**
 * How study progress is computed, once for the gateway's player and the demo seed: a timed
 * period's percent from the seconds covered, and a course's progress from the periods that count.
 */

/**
 * Content types whose periods make a course's progress: 2 directory or video, 3 exam (100 once
 * the exam is passed), 4 image (and text), 5 research (the questionnaire submitted), 6–8 offline
 * training, real operation and job evaluation (a recorded pass).
 */
const COUNTED_CONTENT_TYPES = new Set<number>([2, 3, 4, 5, 6, 7, 8]);

/**
 * Whether a period of this content type counts towards its course's progress (every kind of
 * period the product has does).
 *
 * @example countsForCourse(3) → true; countsForCourse(9) → false
 */
export function countsForCourse(contentType: number): boolean {
  return COUNTED_CONTENT_TYPES.has(contentType);
}

/**
 * Progress 0–100 of a timed period from the seconds covered: 100 once the course's completion
 * ratio is reached, at most 99 before.
 *
 * @example periodPercent(6, 12, 95) → 50; periodPercent(11.5, 12, 95) → 100
 */
export function periodPercent(covered: number, duration: number, completeRatio: number): number {
  if (duration <= 0) return 0;
  if (Math.round(covered * 1000) / 1000 >= (duration * completeRatio) / 100) return 100;
  return Math.min(99, Math.floor((covered / duration) * 100));
}

/**
 * A course's progress: the floored mean of its counted periods' progress (0 when none count).
 *
 * @example courseProgressOf([100, 50, 0]) → 50
 */
export function courseProgressOf(periodProgress: readonly number[]): number {
  if (periodProgress.length === 0) return 0;
  return Math.floor(periodProgress.reduce((sum, p) => sum + p, 0) / periodProgress.length);
}
