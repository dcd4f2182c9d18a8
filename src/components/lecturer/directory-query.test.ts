import { describe, expect, it } from 'vitest';
import { LECTURER_KEYWORD_MAX } from '@/api/lecturer-types';
import { directorySearch, parseDirectoryQuery } from '@/components/lecturer/directory-query';

describe('directory query', () => {
  it('reads the keyword, trimmed, and the page', () => {
    expect(parseDirectoryQuery('?q=%20数据%20&page=3')).toEqual({ keyword: '数据', page: 3 });
    expect(parseDirectoryQuery('?q=Senior+Architect')).toEqual({ keyword: 'Senior Architect', page: 1 });
  });

  it('drops values that are not valid', () => {
    expect(parseDirectoryQuery('?q=%20%20&page=-2')).toEqual({ keyword: undefined, page: 1 });
    expect(parseDirectoryQuery('?page=1.5').page).toBe(1);
    expect(parseDirectoryQuery('?page=abc').page).toBe(1);
    expect(parseDirectoryQuery('').page).toBe(1);
  });

  it('cuts a keyword to the length the gateway accepts', () => {
    const long = '讲'.repeat(LECTURER_KEYWORD_MAX + 10);
    expect(parseDirectoryQuery(`?q=${encodeURIComponent(long)}`).keyword).toHaveLength(LECTURER_KEYWORD_MAX);
  });

  it('writes what it reads, defaults left out', () => {
    expect(directorySearch({ page: 1 })).toBe('');
    expect(directorySearch({ keyword: '数据 分析', page: 2 })).toBe('?q=%E6%95%B0%E6%8D%AE+%E5%88%86%E6%9E%90&page=2');
    for (const search of ['?q=data', '?page=4', '?q=%E5%91%A8&page=2']) {
      expect(directorySearch(parseDirectoryQuery(search))).toBe(search);
    }
  });
});
