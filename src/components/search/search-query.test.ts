import { describe, expect, it } from 'vitest';
import { searchHref } from '@/components/header/search';
import { hitHref } from '@/components/search/hit-link';
import { parseSearchQuery, SEARCH_TYPES, searchUrl } from '@/components/search/search-query';

describe('parseSearchQuery', () => {
  it('reads the keyword from the path, in either language', () => {
    expect(parseSearchQuery('/search/%E6%B2%9F%E9%80%9A', '?type=1')).toEqual({ keyword: '沟通', type: 1, page: 1 });
    expect(parseSearchQuery('/en/search/Java%20%E5%85%A5%E9%97%A8', '?type=5&page=2')).toEqual({
      keyword: 'Java 入门',
      type: 5,
      page: 2,
    });
    expect(parseSearchQuery('/search/a%2Fb%3Fc', '?type=8').keyword).toBe('a/b?c');
  });

  it('reads no keyword from the bare page, a blank one or a malformed one', () => {
    expect(parseSearchQuery('/search', '').keyword).toBe('');
    expect(parseSearchQuery('/en/search/', '').keyword).toBe('');
    expect(parseSearchQuery('/search/%20%20', '').keyword).toBe('');
    expect(parseSearchQuery('/search/%E5', '').keyword).toBe('');
  });

  it('takes unknown types as courses and bad pages as the first', () => {
    for (const type of ['', '3', '0', '9', 'x', '1.5']) {
      expect(parseSearchQuery('/search/x', `?type=${type}`).type).toBe(1);
    }
    for (const page of ['', '0', '-2', '1.5', 'x']) {
      expect(parseSearchQuery('/search/x', `?page=${page}`).page).toBe(1);
    }
  });
});

describe('searchUrl', () => {
  it('writes the keyword as the path segment, page 1 left out', () => {
    expect(searchUrl({ keyword: ' 沟通 ', type: 1, page: 1 }, 'zh')).toBe('/search/%E6%B2%9F%E9%80%9A?type=1');
    expect(searchUrl({ keyword: 'a/b', type: 8, page: 3 }, 'en')).toBe('/en/search/a%2Fb?type=8&page=3');
    expect(searchUrl({ keyword: '', type: 2, page: 1 }, 'en')).toBe('/en/search?type=2');
  });

  it('is the address the header opens, and reads back to the same state', () => {
    for (const type of SEARCH_TYPES) {
      const query = { keyword: 'Excel 高效 100%', type, page: 1 };
      const url = new URL(searchUrl(query, 'en'), 'http://x');
      expect(parseSearchQuery(url.pathname, url.search)).toEqual(query);
    }
    expect(searchUrl({ keyword: 'Java 入门', type: 5, page: 1 }, 'zh')).toBe(searchHref(' Java 入门 ', '/exam', 'zh'));
  });
});

describe('hitHref', () => {
  it('leads each type to its page, in the page language', () => {
    expect(hitHref({ type: 1, id: 'c1' }, 'zh')).toBe('/knowledge/course/c1');
    expect(hitHref({ type: 2, id: 'l1' }, 'en')).toBe('/en/live/watch/l1');
    expect(hitHref({ type: 4, id: 'r1', courseId: 'c1' }, 'zh')).toBe('/knowledge/course/c1');
    expect(hitHref({ type: 4, id: 'r1', courseId: null }, 'en')).toBe('/en/knowledge');
    expect(hitHref({ type: 5, id: 't1' }, 'en')).toBe('/en/account/exam/t1');
    expect(hitHref({ type: 8, id: 'a1' }, 'zh')).toBe('/account/message?num=1&id=a1');
    expect(hitHref({ type: 6, id: 'b1' }, 'zh')).toBe('/community?tab=blog&post=b1');
    expect(hitHref({ type: 7, id: 'q1' }, 'en')).toBe('/en/community?tab=question&post=q1');
  });

  it('escapes the id', () => {
    expect(hitHref({ type: 1, id: '../x?y' }, 'zh')).toBe('/knowledge/course/..%2Fx%3Fy');
    expect(hitHref({ type: 7, id: 'a&b=c' }, 'zh')).toBe('/community?tab=question&post=a%26b%3Dc');
  });
});
