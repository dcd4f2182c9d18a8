import { describe, expect, it } from 'vitest';
import { clipIntervals, coveredSeconds, limitIntervals, mergeIntervals, subtractIntervals } from './intervals';

describe('intervals', () => {
  it('merges overlapping and touching spans, drops empty and broken ones', () => {
    expect(mergeIntervals([[5, 8], [0, 3], [2, 6]])).toEqual([[0, 8]]);
    expect(mergeIntervals([[0, 1], [1, 2], [3, 3], [4, 2], [Number.NaN, 5]])).toEqual([[0, 2]]);
    expect(mergeIntervals([[0, 1], [1.4, 2]], 0.5)).toEqual([[0, 2]]);
    expect(mergeIntervals([[0, 1], [1.6, 2]], 0.5)).toEqual([[0, 1], [1.6, 2]]);
  });

  it('counts covered seconds once', () => {
    expect(coveredSeconds([[0, 10], [5, 15], [20, 25]])).toBe(20);
    expect(coveredSeconds([])).toBe(0);
  });

  it('subtracts what is covered', () => {
    expect(subtractIntervals([[0, 10]], [[2, 4], [6, 8]])).toEqual([[0, 2], [4, 6], [8, 10]]);
    expect(subtractIntervals([[3, 5]], [[0, 10]])).toEqual([]);
    expect(subtractIntervals([[0, 5], [20, 30]], [[4, 25]])).toEqual([[0, 4], [25, 30]]);
  });

  it('clips to the medium and limits to a length', () => {
    expect(clipIntervals([[-2, 3], [8, 14]], 10)).toEqual([[0, 3], [8, 10]]);
    expect(limitIntervals([[0, 4], [10, 20]], 7)).toEqual([[0, 4], [10, 13]]);
    expect(limitIntervals([[0, 4]], 0)).toEqual([]);
  });
});
