import { describe, expect, it } from 'vitest';
import { afterSignIn } from '@/components/auth/redirect';

describe('afterSignIn', () => {
  it('goes home without a usable redirect', () => {
    expect(afterSignIn(null, 'zh')).toBe('/');
    expect(afterSignIn('', 'en')).toBe('/en');
    expect(afterSignIn('https://evil.example/x', 'zh')).toBe('/');
    expect(afterSignIn('//evil.example/x', 'zh')).toBe('/');
    expect(afterSignIn('/\\evil.example', 'zh')).toBe('/');
    expect(afterSignIn('exam', 'zh')).toBe('/');
    expect(afterSignIn('javascript:alert(1)', 'zh')).toBe('/');
  });

  it('does not return to a sign-in page', () => {
    expect(afterSignIn('/login?t=login', 'zh')).toBe('/');
    expect(afterSignIn('/en/login_v2', 'en')).toBe('/en');
  });

  it('keeps a site path with its query, in the current language', () => {
    expect(afterSignIn('/exam?x=1#top', 'zh')).toBe('/exam?x=1#top');
    expect(afterSignIn('/exam', 'en')).toBe('/en/exam');
    expect(afterSignIn('/en/knowledge/course/12', 'zh')).toBe('/knowledge/course/12');
    expect(afterSignIn('/en/account?change=1', 'en')).toBe('/en/account?change=1');
  });
});
