import { describe, expect, it } from 'vitest';
import { searchHref, searchTypeFor } from '@/components/header/search';

describe('searchTypeFor', () => {
  it.each([
    ['/', 1],
    ['/knowledge/course/3', 1],
    ['/live/watch/3', 2],
    ['/en/live', 2],
    ['/resource', 4],
    ['/resource/list', 4],
    ['/exam', 5],
    ['/en/exam/index_bak', 5],
    ['/account/exam/detail', 5],
    ['/account/task/4', 1],
    ['/community/blog/12', 6],
    ['/blog', 6],
    ['/community/question', 7],
    ['/question/8', 7],
    ['/info', 8],
    ['/information', 1],
    ['/examples', 1],
    ['/communityx', 1],
  ])('%s → %i', (path, type) => {
    expect(searchTypeFor(path)).toBe(type);
  });

  it.each([
    ['/community', '', 6],
    ['/en/community/', '?tab=blog&page=2', 6],
    ['/community', '?tab=question&post=ab12', 7],
    ['/en/community', '?kw=x&tab=question', 7],
    ['/community', '?tab=mine', 6],
    ['/knowledge', '?tab=question', 1],
  ])('%s%s → %i (the community tab)', (path, search, type) => {
    expect(searchTypeFor(path, search)).toBe(type);
  });
});

describe('searchHref', () => {
  it('is undefined for blank text', () => {
    expect(searchHref('', '/', 'zh')).toBeUndefined();
    expect(searchHref('   ', '/', 'en')).toBeUndefined();
  });

  it('encodes the trimmed text and localizes the page', () => {
    expect(searchHref(' Java 入门 ', '/exam', 'zh')).toBe('/search/Java%20%E5%85%A5%E9%97%A8?type=5');
    expect(searchHref('a/b?c', '/en/live/watch/1', 'en')).toBe('/en/search/a%2Fb%3Fc?type=2');
  });
});
