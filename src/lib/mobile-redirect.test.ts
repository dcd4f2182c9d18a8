import { describe, expect, it } from 'vitest';
import { mobileRedirect } from './mobile-redirect';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('mobileRedirect', () => {
  it('sends phones and tablets to the mobile site', () => {
    expect(mobileRedirect('/knowledge', PHONE, '/h5')).toBe('/h5/');
    expect(mobileRedirect('/en/exam', ANDROID_TABLET, 'https://m.example.com/')).toBe('https://m.example.com/');
  });
  it('sends a live watch page to the mobile live watch page with the last segment as id', () => {
    expect(mobileRedirect('/live/watch/42', PHONE, '/h5')).toBe('/h5/#/pages/live/watch/watch?id=42');
    expect(mobileRedirect('/en/live/watch/a%20b/', PHONE, '/h5')).toBe('/h5/#/pages/live/watch/watch?id=a%20b');
  });
  it('serves the agreement, the mobile site itself, desktops, and everything when no mobile site is set', () => {
    expect(mobileRedirect('/agreement', PHONE, '/h5')).toBeUndefined();
    expect(mobileRedirect('/en/agreement', PHONE, '/h5')).toBeUndefined();
    expect(mobileRedirect('/h5/index.html', PHONE, '/h5')).toBeUndefined();
    expect(mobileRedirect('/knowledge', DESKTOP, '/h5')).toBeUndefined();
    expect(mobileRedirect('/knowledge', PHONE, '')).toBeUndefined();
  });
});
