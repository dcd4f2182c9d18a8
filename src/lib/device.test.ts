import { describe, expect, it } from 'vitest';
import { isMobile, isPhone, isTablet } from '@/lib/device';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  wechat: 'Mozilla/5.0 (Linux; Android 12; V2049A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/101.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
  firefoxTablet: 'Mozilla/5.0 (Android 13; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe('device', () => {
  it('finds phones', () => {
    expect(isPhone(UA.iphone)).toBe(true);
    expect(isPhone(UA.androidPhone)).toBe(true);
    expect(isPhone(UA.wechat)).toBe(true);
    expect(isPhone(UA.ipad)).toBe(false);
  });

  it('finds tablets, iPadOS through touch points', () => {
    expect(isTablet(UA.ipad)).toBe(true);
    expect(isTablet(UA.androidTablet)).toBe(true);
    expect(isTablet(UA.firefoxTablet)).toBe(true);
    expect(isTablet(UA.ipadOs, 5)).toBe(true);
    expect(isTablet(UA.ipadOs, 0)).toBe(false);
    expect(isTablet(UA.androidPhone)).toBe(false);
  });

  it('counts phones and tablets as mobile, desktops not', () => {
    for (const ua of [UA.iphone, UA.ipad, UA.androidPhone, UA.androidTablet, UA.wechat]) expect(isMobile(ua)).toBe(true);
    for (const ua of [UA.windows, UA.mac, UA.linux, '']) expect(isMobile(ua)).toBe(false);
  });
});
