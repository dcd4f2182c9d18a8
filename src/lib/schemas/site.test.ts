import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { zh } from '@/i18n/zh';
import { bannerSchema, domainSchema, enumSaveSchema, navItemSchema, siteSettingsSchema } from '@/lib/schemas/site';
import { datesInOrder, isCompanyEnum, isDomain, isHexColour, isSiteLink, normalizeDomain, SITE_ERRORS, sixDigitHex } from '@/lib/site-rules';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? undefined : [result.error!.issues[0]!.path.join('.'), result.error!.issues[0]!.message];

describe('site rules', () => {
  it('knows CSS hex colours and gives the #rrggbb form a colour input takes', () => {
    for (const ok of ['#abc', '#ABCD', '#1d4ed8', '#1d4ed880']) expect(isHexColour(ok), ok).toBe(true);
    for (const bad of ['blue', '#12345', '1d4ed8', '#ggg', 'rgb(0,0,0)', '#1d4ed8x']) expect(isHexColour(bad), bad).toBe(false);
    expect(sixDigitHex('#1AF')).toBe('#11aaff');
    expect(sixDigitHex('#1af8')).toBe('#11aaff');
    expect(sixDigitHex('#1D4ED880')).toBe('#1d4ed8');
    expect(sixDigitHex('nope')).toBe('#000000');
  });

  it('knows host names, and stores them in lower case without a trailing dot', () => {
    expect(normalizeDomain(' Learn.Example.COM. ')).toBe('learn.example.com');
    for (const ok of ['learn.example.com', 'localhost', '127.0.0.1', 'a-b.c0.io']) expect(isDomain(ok), ok).toBe(true);
    for (const bad of ['https://x.com', 'x.com:80', 'a b.com', '-x.com', 'x-.com', 'x..com', '', `${'a'.repeat(64)}.com`, 'x.com/path']) {
      expect(isDomain(bad), bad).toBe(false);
    }
  });

  it('takes site paths and http(s) addresses as links, nothing else', () => {
    for (const ok of ['', '/knowledge', '/knowledge/course/1?x=1#y', 'https://example.com', 'http://a.b/c']) expect(isSiteLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'ftp://x', 'data:text/html,x', 'https://', '/a b', '\\\\evil', 'example.com']) {
      expect(isSiteLink(bad), bad).toBe(false);
    }
  });

  it('orders a banner window, either end open', () => {
    expect(datesInOrder(null, null)).toBe(true);
    expect(datesInOrder('2026-01-01T00:00:00Z', null)).toBe(true);
    expect(datesInOrder('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toBe(true);
    expect(datesInOrder('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(false);
  });

  it('says which enums are company data', () => {
    expect(isCompanyEnum('postLevel')).toBe(true);
    expect(isCompanyEnum('sex')).toBe(false);
    expect(isCompanyEnum('toString')).toBe(false);
  });
});

describe('site schemas', () => {
  const branding = { nameZh: '星辰', nameEn: 'Xingchen', titleZh: '学堂', titleEn: 'Academy', logo: '', icon: '', colorPrimary: '#1d4ed8', colorPrimaryForeground: '#fff', colorAccent: '#dbeafe' };

  it('checks branding: names required, colours in hex', () => {
    expect(siteSettingsSchema.safeParse(branding).success).toBe(true);
    expect(firstMessage(siteSettingsSchema.safeParse({ ...branding, nameZh: ' ' }))).toEqual(['nameZh', SITE_ERRORS.required]);
    expect(firstMessage(siteSettingsSchema.safeParse({ ...branding, colorAccent: 'red' }))).toEqual(['colorAccent', SITE_ERRORS.colour]);
    expect(firstMessage(domainSchema.safeParse({ domain: 'bad host' }))).toEqual(['domain', SITE_ERRORS.domain]);
  });

  it('asks a custom link for an address, and page types for none', () => {
    const item = { titleZh: '帮助', titleEn: 'Help', navMenuType: 10, target: '_self' };
    expect(firstMessage(navItemSchema.safeParse(item))).toEqual(['navUrl', SITE_ERRORS.navLink]);
    expect(navItemSchema.safeParse({ ...item, linkUrl: 'https://help.example.com' }).success).toBe(true);
    expect(navItemSchema.safeParse({ ...item, navMenuType: 2 }).success).toBe(true);
    expect(firstMessage(navItemSchema.safeParse({ ...item, navMenuType: 9 }))).toEqual(['navMenuType', SITE_ERRORS.navType]);
    expect(firstMessage(navItemSchema.safeParse({ ...item, navUrl: 'javascript:x' }))).toEqual(['navUrl', SITE_ERRORS.link]);
  });

  it('checks a banner’s picture and window', () => {
    const banner = { titleZh: '活动', titleEn: 'Event', image: '/files/e/x.png' };
    expect(bannerSchema.safeParse(banner).success).toBe(true);
    expect(firstMessage(bannerSchema.safeParse({ ...banner, image: '' }))).toEqual(['image', SITE_ERRORS.image]);
    expect(firstMessage(bannerSchema.safeParse({ ...banner, activeFrom: '2026-02-01T00:00:00Z', activeUntil: '2026-01-01T00:00:00+08:00' }))).toEqual([
      'activeUntil',
      SITE_ERRORS.dates,
    ]);
    expect(firstMessage(bannerSchema.safeParse({ ...banner, activeFrom: '2026-02-01 10:00' }))).toEqual(['activeFrom', SITE_ERRORS.date]);
  });

  it('checks post levels: group_level values, once each, with their group', () => {
    const level = { value: '1_01', labelZh: '一', labelEn: 'One', groupZh: '1岗', groupEn: 'Post 1' };
    expect(enumSaveSchema.safeParse({ enumName: 'postLevel', options: [level] }).success).toBe(true);
    expect(firstMessage(enumSaveSchema.safeParse({ enumName: 'postLevel', options: [] }))).toEqual(['options', SITE_ERRORS.enumEmpty]);
    expect(firstMessage(enumSaveSchema.safeParse({ enumName: 'postLevel', options: [{ ...level, value: 'one' }] }))).toEqual(['options.0.value', SITE_ERRORS.enumValue]);
    expect(firstMessage(enumSaveSchema.safeParse({ enumName: 'postLevel', options: [level, level] }))).toEqual(['options.1.value', SITE_ERRORS.enumDuplicate]);
    expect(firstMessage(enumSaveSchema.safeParse({ enumName: 'postLevel', options: [{ ...level, groupZh: '' }] }))).toEqual(['options.0.groupZh', SITE_ERRORS.enumGroup]);
  });

  it('has every message in both languages', () => {
    for (const key of Object.values(SITE_ERRORS)) {
      expect(zh[key], key).toBeTruthy();
      expect(en[key], key).toBeTruthy();
    }
  });
});
