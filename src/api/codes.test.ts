import { describe, expect, it } from 'vitest';
import { Code, httpStatusFor, isSignOutCode } from '@/api/codes';

describe('sign-out codes', () => {
  it('are 300 to 400 except 321, and 999: exactly spec section 8', () => {
    for (const code of [300, 301, 350, 400, 999]) expect(isSignOutCode(code), String(code)).toBe(true);
    for (const code of [200, 208, 299, 321, 401, 402, 404, 429, 460, 500]) expect(isSignOutCode(code), String(code)).toBe(false);
  });

  it('include what the gateway answers for a missing, expired or revoked token', () => {
    expect(Code.UNAUTHORIZED).toBeGreaterThanOrEqual(300);
    expect(Code.UNAUTHORIZED).toBeLessThanOrEqual(400);
    expect(isSignOutCode(Code.UNAUTHORIZED)).toBe(true);
  });

  it('map to HTTP 401 when the gateway mirrors them', () => {
    expect(httpStatusFor(Code.UNAUTHORIZED)).toBe(401);
    expect(httpStatusFor(Code.SESSION_ENDED)).toBe(401);
    expect(httpStatusFor(Code.LOGIN_ERROR)).toBe(200);
  });
});
