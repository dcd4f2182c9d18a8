import { describe, expect, it } from 'vitest';
import { clockOffset, formatClock, isAnswered, mergeAnswers, remainingMs, retryDelay, toggleOption } from './rules';

describe('mergeAnswers', () => {
  const saved = (questionId: string, seq: number, answer: string[]) => ({ questionId, seq, answer, savedAt: '' });
  const kept = (questionId: string, seq: number, answer: string[], confirmed = false) => ({
    paperId: 'p',
    questionId,
    seq,
    answer,
    confirmed,
  });

  it('takes the higher seq per question and re-sends journal entries newer than the gateway', () => {
    const merged = mergeAnswers(
      'p',
      [saved('a', 3, ['A']), saved('b', 5, ['B'])],
      [kept('a', 4, ['C']), kept('b', 2, ['D']), kept('c', 1, ['x'])],
    );
    const by = Object.fromEntries(merged.map((e) => [e.questionId, e]));
    expect(by.a).toMatchObject({ answer: ['C'], seq: 4, confirmed: false });
    expect(by.b).toMatchObject({ answer: ['B'], seq: 5, confirmed: true });
    expect(by.c).toMatchObject({ answer: ['x'], seq: 1, confirmed: false });
  });

  it('counts an equal seq as confirmed (the save arrived, its answer did not)', () => {
    const [entry] = mergeAnswers('p', [saved('a', 2, ['A'])], [kept('a', 2, ['A'])]);
    expect(entry).toMatchObject({ seq: 2, confirmed: true });
  });

  it('ignores journal entries of other papers', () => {
    expect(mergeAnswers('p', [], [{ ...kept('a', 9, ['A']), paperId: 'other' }])).toEqual([]);
  });
});

describe('the clock', () => {
  it('counts to the deadline on the gateway clock, not the browser clock', () => {
    const browserNow = Date.parse('2026-03-01T10:00:00Z');
    // The browser runs 5 minutes fast.
    const offset = clockOffset('2026-03-01T09:55:00Z', browserNow);
    expect(offset).toBe(-300_000);
    expect(remainingMs('2026-03-01T10:25:00Z', offset, browserNow)).toBe(30 * 60_000);
    expect(remainingMs('2026-03-01T09:00:00Z', offset, browserNow)).toBe(0);
  });

  it('formats minutes and hours', () => {
    expect(formatClock(61_500)).toBe('01:02');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3_600_000)).toBe('1:00:00');
  });
});

describe('answers', () => {
  it('knows what counts as answered', () => {
    expect(isAnswered(1, ['A'])).toBe(true);
    expect(isAnswered(2, [])).toBe(false);
    expect(isAnswered(4, ['', '  '])).toBe(false);
    expect(isAnswered(4, ['', 'x'])).toBe(true);
    expect(isAnswered(5, [' '])).toBe(false);
    expect(isAnswered(5, undefined)).toBe(false);
  });

  it('toggles multiple-choice options in the options order', () => {
    expect(toggleOption(['C'], 'A', ['A', 'B', 'C'])).toEqual(['A', 'C']);
    expect(toggleOption(['A', 'C'], 'A', ['A', 'B', 'C'])).toEqual(['C']);
  });

  it('backs off retries up to ten seconds', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
