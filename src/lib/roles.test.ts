import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  it('gives an administrator every role, whatever the user type', () => {
    for (const userType of [1, 2, 3]) {
      expect(hasRole({ isAdmin: true, userType }, 'admin')).toBe(true);
      expect(hasRole({ isAdmin: true, userType }, 'lecturer')).toBe(true);
      expect(hasRole({ isAdmin: true, userType }, 'organization')).toBe(true);
    }
  });
  it('gives lecturers and organisation users their own role only', () => {
    expect(hasRole({ isAdmin: false, userType: 2 }, 'lecturer')).toBe(true);
    expect(hasRole({ isAdmin: false, userType: 2 }, 'organization')).toBe(false);
    expect(hasRole({ isAdmin: false, userType: 2 }, 'admin')).toBe(false);
    expect(hasRole({ isAdmin: false, userType: 3 }, 'organization')).toBe(true);
    expect(hasRole({ isAdmin: false, userType: 3 }, 'lecturer')).toBe(false);
  });
  it('gives a learner no back-office role', () => {
    expect(hasRole({ isAdmin: false, userType: 1 }, 'admin')).toBe(false);
    expect(hasRole({ isAdmin: false, userType: 1 }, 'lecturer')).toBe(false);
    expect(hasRole({ isAdmin: false, userType: 1 }, 'organization')).toBe(false);
  });
});
