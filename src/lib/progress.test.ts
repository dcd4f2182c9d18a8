import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, estimatedProgress, type ProgressState } from '@/lib/progress';

let states: ProgressState[];
const make = () => createProgress({ onChange: (s) => states.push({ ...s }) });

beforeEach(() => {
  vi.useFakeTimers();
  states = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('estimatedProgress', () => {
  it('creeps towards 100 without reaching it', () => {
    expect(estimatedProgress(0, 5000)).toBe(0);
    expect(estimatedProgress(5000, 5000)).toBeCloseTo(70.48, 1);
    expect(estimatedProgress(1e9, 5000)).toBe(99);
    expect(estimatedProgress(2000, 5000)).toBeLessThan(estimatedProgress(3000, 5000));
  });
});

describe('createProgress', () => {
  it('stays hidden for loads shorter than the 200 ms throttle', () => {
    const bar = make();
    bar.start();
    vi.advanceTimersByTime(199);
    bar.done();
    vi.advanceTimersByTime(2000);
    expect(states).toEqual([]);
    expect(bar.state).toEqual({ visible: false, value: 0 });
  });

  it('shows after 200 ms and advances over the 5000 ms duration', () => {
    const bar = make();
    bar.start();
    vi.advanceTimersByTime(200);
    expect(bar.state.visible).toBe(true);
    const first = bar.state.value;
    vi.advanceTimersByTime(4800);
    expect(bar.state.value).toBeGreaterThan(first);
    expect(bar.state.value).toBeCloseTo(estimatedProgress(5000, 5000), 0);
  });

  it('fills up on done and hides after 500 ms', () => {
    const bar = make();
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.done();
    expect(bar.state).toEqual({ visible: true, value: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.state.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.state).toEqual({ visible: false, value: 0 });
    const count = states.length;
    vi.advanceTimersByTime(10_000);
    expect(states).toHaveLength(count);
  });

  it('a new start during the hide delay begins again', () => {
    const bar = make();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.done();
    bar.start();
    expect(bar.state).toEqual({ visible: true, value: 0 });
    vi.advanceTimersByTime(700);
    expect(bar.state.visible).toBe(true);
    expect(bar.state.value).toBeGreaterThan(0);
  });
});
