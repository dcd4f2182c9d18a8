import { describe, expect, it } from 'vitest';
import { countdown } from '@/components/live/countdown';

describe('countdown', () => {
  it('splits the time left', () => {
    expect(countdown(90_061_000, 0)).toEqual({ d: 1, h: 1, m: 1, s: 1, total: 90_061 });
    expect(countdown(7 * 86_400_000, 0)).toMatchObject({ d: 7, h: 0, m: 0, s: 0 });
  });

  it('rounds a part second up and stops at zero', () => {
    expect(countdown(1500, 1000).total).toBe(1);
    expect(countdown(1000, 5000)).toEqual({ d: 0, h: 0, m: 0, s: 0, total: 0 });
  });
});
