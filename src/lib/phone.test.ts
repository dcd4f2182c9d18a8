import { describe, expect, it } from 'vitest';
import { isValidPhone, PHONE_LENGTH } from './phone';

describe('isValidPhone', () => {
  it('takes 11 digits starting with 1', () => {
    expect(isValidPhone('13816620381')).toBe(true);
    expect('13816620381').toHaveLength(PHONE_LENGTH);
  });
  it('refuses other lengths, other first digits, spaces and signs', () => {
    for (const bad of ['', '1381662038', '138166203812', '23816620381', '138 1662 0381', '+8613816620381', '1381662038a']) {
      expect(isValidPhone(bad), bad).toBe(false);
    }
  });
});
