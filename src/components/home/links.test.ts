import { describe, expect, it } from 'vitest';
import { announcementHref, siteLink, targetProps } from '@/components/home/links';

describe('siteLink', () => {
  it('puts site paths in the page language, keeping query and hash', () => {
    expect(siteLink('/knowledge/course/c1', 'zh')).toBe('/knowledge/course/c1');
    expect(siteLink('/knowledge/course/c1', 'en')).toBe('/en/knowledge/course/c1');
    expect(siteLink('/en/exam?status=0#top', 'zh')).toBe('/exam?status=0#top');
    expect(siteLink('/train?tab=live', 'en')).toBe('/en/train?tab=live');
    expect(siteLink('/', 'en')).toBe('/en');
  });

  it('keeps web addresses', () => {
    expect(siteLink('https://example.com/x?y=1', 'en')).toBe('https://example.com/x?y=1');
    expect(siteLink('HTTP://example.com', 'zh')).toBe('HTTP://example.com');
  });

  it('gives no link for anything else', () => {
    expect(siteLink('', 'zh')).toBeUndefined();
    expect(siteLink(null, 'zh')).toBeUndefined();
    expect(siteLink('javascript:alert(1)', 'zh')).toBeUndefined();
    expect(siteLink('//evil.example/x', 'zh')).toBeUndefined();
    expect(siteLink('data:text/html,hi', 'en')).toBeUndefined();
  });
});

describe('announcementHref', () => {
  it('opens the announcement in the message centre', () => {
    expect(announcementHref('a 1', 'zh')).toBe('/account/message?num=1&id=a%201');
    expect(announcementHref('a1', 'en')).toBe('/en/account/message?num=1&id=a1');
  });
});

describe('targetProps', () => {
  it('opens _blank links in a new tab without an opener', () => {
    expect(targetProps('_blank')).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(targetProps('_self')).toEqual({});
    expect(targetProps('')).toEqual({});
  });
});
