import { describe, expect, it } from 'vitest';
import { countsForCourse, courseProgressOf, periodPercent } from './study-progress';

describe('study progress', () => {
  it('counts every kind of period: video/directory, exam, image-and-text, survey and the recorded periods', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].filter(countsForCourse)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives a timed period its percent, 100 at the completion ratio', () => {
    expect(periodPercent(6, 12, 95)).toBe(50);
    expect(periodPercent(11.39, 12, 95)).toBe(94);
    expect(periodPercent(11.4, 12, 95)).toBe(100);
    expect(periodPercent(11.9, 12, 100)).toBe(99);
    expect(periodPercent(5, 0, 95)).toBe(0);
  });

  it('averages a course over its counted periods', () => {
    expect(courseProgressOf([100, 50, 0])).toBe(50);
    expect(courseProgressOf([100, 100])).toBe(100);
    expect(courseProgressOf([])).toBe(0);
  });
});
