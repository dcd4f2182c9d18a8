/**
 * How a length in seconds reads on a card or a course page: seconds under a minute (the demo's
 * 12 s video says 12 s, not 1 minute), whole minutes from there, nothing for 0.
 *
 * @example durationText(12) → { key: 'learning.seconds', value: 12 }; durationText(150) → { key: 'learning.minutes', value: 3 }
 */
export const durationText = (seconds: number): { key: 'learning.seconds' | 'learning.minutes'; value: number } | null =>
  !(seconds > 0) || seconds === Infinity
    ? null
    : seconds < 59.5
      ? { key: 'learning.seconds', value: Math.max(1, Math.round(seconds)) }
      : { key: 'learning.minutes', value: Math.round(seconds / 60) };
