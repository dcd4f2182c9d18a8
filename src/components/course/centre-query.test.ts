import { describe, expect, it } from 'vitest';
import { centreSearch, coursePageBody, isFiltered, parseCentreQuery } from '@/components/course/centre-query';

const ID = '0b6f3c2e-5d7a-4c1e-9f8a-1234567890ab';

describe('centre query', () => {
  it('reads every filter and the page', () => {
    expect(parseCentreQuery(`?category=${ID}&q=%20沟通%20&status=2&sort=rating&collected=1&page=3`)).toEqual({
      categoryId: ID,
      keyword: '沟通',
      learningStatus: 2,
      sort: 'rating',
      collected: true,
      page: 3,
    });
  });

  it('drops values that are not valid', () => {
    expect(parseCentreQuery('?category=abc&status=7&sort=x&page=-2&collected=yes')).toEqual({
      categoryId: undefined,
      keyword: undefined,
      learningStatus: undefined,
      sort: 'new',
      collected: false,
      page: 1,
    });
    expect(parseCentreQuery('?page=1.5').page).toBe(1);
  });

  it('writes what it reads, defaults left out', () => {
    const search = `?category=${ID}&q=%E6%B2%9F&status=0&sort=hot&collected=1&page=2`;
    expect(centreSearch(parseCentreQuery(search))).toBe(search);
    expect(centreSearch(parseCentreQuery(''))).toBe('');
  });

  it('makes the page call body and tells when filters narrow the list', () => {
    const q = parseCentreQuery('?status=0&page=2');
    expect(coursePageBody(q, 8)).toEqual({ pageCurrent: 2, pageSize: 8, learningStatus: 0, sort: 'new' });
    expect(isFiltered(q)).toBe(true);
    expect(isFiltered(parseCentreQuery('?page=4&sort=hot'))).toBe(false);
  });
});
