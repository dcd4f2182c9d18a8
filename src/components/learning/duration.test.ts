import { describe, expect, it } from 'vitest';
import { durationText } from './duration';

describe('durationText', () => {
  it('says seconds under a minute, so a 12 s video is not "1 minute"', () => {
    expect(durationText(12)).toEqual({ key: 'learning.seconds', value: 12 });
    expect(durationText(0.4)).toEqual({ key: 'learning.seconds', value: 1 });
    expect(durationText(59.4)).toEqual({ key: 'learning.seconds', value: 59 });
  });

  it('says whole minutes from a minute on, and nothing for no length', () => {
    expect(durationText(60)).toEqual({ key: 'learning.minutes', value: 1 });
    expect(durationText(150)).toEqual({ key: 'learning.minutes', value: 3 });
    expect(durationText(3600)).toEqual({ key: 'learning.minutes', value: 60 });
    expect(durationText(0)).toBeNull();
    expect(durationText(Number.NaN)).toBeNull();
  });
});
