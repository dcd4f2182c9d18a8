import { describe, expect, it } from 'vitest';
import { PostKind } from '@/api/community-types';
import { pageBodyOf, postHref, readCommunityQuery, writeCommunityQuery, type CommunityQuery } from '@/components/community/community-query';

const base: CommunityQuery = { tab: 'blog', keyword: '', sort: 'newest', page: 1, view: 'posts', post: null };

describe('community query', () => {
  it('reads every field, falling back to the defaults on anything else', () => {
    expect(readCommunityQuery('')).toEqual(base);
    expect(readCommunityQuery('?tab=mine&kw=%20Excel%20%E9%80%8F%E8%A7%86%20&sort=hottest&page=3&view=collected&post=ab-12')).toEqual({
      tab: 'mine',
      keyword: 'Excel 透视',
      sort: 'hottest',
      page: 3,
      view: 'collected',
      post: 'ab-12',
    });
    expect(readCommunityQuery('?tab=admin&sort=old&page=0&view=all&post=%3Cscript%3E')).toEqual(base);
    expect(readCommunityQuery('?page=1.5').page).toBe(1);
    expect(readCommunityQuery(`?kw=${'字'.repeat(60)}`).keyword).toHaveLength(50);
  });

  it('writes a state back as it is read, defaults left out', () => {
    const states: CommunityQuery[] = [
      base,
      { ...base, tab: 'question', keyword: 'SQL 入门 & more', sort: 'hottest', page: 2, post: 'c0ffee-01' },
      { ...base, tab: 'mine', view: 'collected' },
    ];
    for (const state of states) expect(readCommunityQuery(writeCommunityQuery(state))).toEqual(state);
    expect(writeCommunityQuery(base)).toBe('?tab=blog');
    expect(writeCommunityQuery({ ...base, view: 'collected' })).toBe('?tab=blog');
  });

  it('turns a state into the list call', () => {
    expect(pageBodyOf({ ...base, tab: 'question', keyword: 'SQL', page: 2 })).toEqual({ pageCurrent: 2, sort: 'newest', keyword: 'SQL', kind: 2 });
    expect(pageBodyOf({ ...base, tab: 'mine' })).toEqual({ pageCurrent: 1, sort: 'newest', mine: true });
    expect(pageBodyOf({ ...base, tab: 'mine', view: 'collected', sort: 'hottest' })).toEqual({ pageCurrent: 1, sort: 'hottest', collected: true });
  });

  it('links a post in its tab, in the page’s language', () => {
    expect(postHref('p 1', PostKind.blog, 'zh')).toBe('/community?tab=blog&post=p%201');
    expect(postHref('p1', PostKind.question, 'en')).toBe('/en/community?tab=question&post=p1');
  });
});
