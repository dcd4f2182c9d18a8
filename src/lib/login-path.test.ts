import { describe, expect, it } from 'vitest';
import { isSignInPage, loginPath } from '@/lib/login-path';

describe('login path', () => {
  it('keeps the language of the page', () => {
    expect(loginPath('/exam')).toBe('/login?t=login');
    expect(loginPath('/en/exam')).toBe('/en/login?t=login');
    expect(loginPath('/en')).toBe('/en/login?t=login');
  });

  it('carries the way back', () => {
    expect(loginPath('/exam', '/exam?x=1')).toBe('/login?t=login&redirect=%2Fexam%3Fx%3D1');
  });

  it('knows the sign-in and agreement pages in both languages', () => {
    for (const p of ['/login', '/login/', '/en/login', '/login_v1', '/login_v4', '/loginOld', '/en/loginsso', '/agreement', '/en/agreement']) {
      expect(isSignInPage(p), p).toBe(true);
    }
    for (const p of ['/', '/exam', '/register', '/en/loginx', '/agreement/x']) expect(isSignInPage(p), p).toBe(false);
  });
});
