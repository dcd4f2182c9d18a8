import { describe, expect, it } from 'vitest';
import { DOWNLOAD_PAGE_SIZE, DOWNLOAD_SCROLL_DISTANCE } from '@/api/home-types';
import { badgeText, DOWNLOAD_HOLD_MS, nearEnd, nextPage } from '@/components/header/centres';
import { fill } from '@/i18n/fill';
import { downloadsEn, downloadsZh } from '@/i18n/sections/downloads';

describe('badgeText', () => {
  it.each([
    [0, ''],
    [-2, ''],
    [Number.NaN, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%d → %j', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('names the link "Messages, 3 unread" in both languages', () => {
    expect(fill(downloadsEn['header.messagesUnread'], { count: badgeText(3) })).toBe('Messages, 3 unread');
    expect(fill(downloadsZh['header.messagesUnread'], { count: badgeText(120) })).toBe('消息中心，99+ 条未读');
  });
});

describe('download centre paging', () => {
  it('uses the spec constants: 20 a page, 100 px, 2 s', () => {
    expect([DOWNLOAD_PAGE_SIZE, DOWNLOAD_SCROLL_DISTANCE, DOWNLOAD_HOLD_MS]).toEqual([20, 100, 2000]);
  });

  it('asks for the page that holds the next unseen record', () => {
    expect(nextPage(0)).toBe(1);
    expect(nextPage(20)).toBe(2);
    expect(nextPage(40)).toBe(3);
    // Deleted records shift the pages back: ask again for the page the next record now sits on.
    expect(nextPage(19)).toBe(1);
    expect(nextPage(39)).toBe(2);
  });

  it('loads more within 100 px of the end', () => {
    expect(nearEnd({ scrollHeight: 1000, scrollTop: 500, clientHeight: 400 })).toBe(true);
    expect(nearEnd({ scrollHeight: 1000, scrollTop: 499, clientHeight: 400 })).toBe(false);
    expect(nearEnd({ scrollHeight: 300, scrollTop: 0, clientHeight: 400 })).toBe(true);
  });
});
