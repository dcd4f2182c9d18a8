import { describe, expect, it } from 'vitest';
import { parseRankQuery, rankSearch } from '@/components/rank/rank-query';

describe('parseRankQuery', () => {
  it('reads the ranking and the page', () => {
    expect(parseRankQuery('?tab=creditHour&page=2')).toEqual({ tab: 'creditHour', page: 2 });
    expect(parseRankQuery('?tab=certificate')).toEqual({ tab: 'certificate', page: 1 });
  });

  it('falls back to the first page of the points ranking for anything else', () => {
    expect(parseRankQuery('')).toEqual({ tab: 'integral', page: 1 });
    expect(parseRankQuery('?tab=salary&page=0')).toEqual({ tab: 'integral', page: 1 });
    expect(parseRankQuery('?page=-3')).toEqual({ tab: 'integral', page: 1 });
    expect(parseRankQuery('?page=2.5')).toEqual({ tab: 'integral', page: 1 });
    expect(parseRankQuery('?page=abc')).toEqual({ tab: 'integral', page: 1 });
    expect(parseRankQuery('?page=99999999')).toEqual({ tab: 'integral', page: 1 });
  });
});

describe('rankSearch', () => {
  it('writes the state and keeps other parameters', () => {
    expect(rankSearch('?from=home', { tab: 'creditHour', page: 3 })).toBe('?from=home&tab=creditHour&page=3');
    expect(rankSearch('?tab=creditHour&page=3', { tab: 'certificate', page: 1 })).toBe('?tab=certificate');
  });

  it('leaves the defaults out', () => {
    expect(rankSearch('?tab=certificate&page=4', { tab: 'integral', page: 1 })).toBe('');
    expect(rankSearch('', { tab: 'integral', page: 2 })).toBe('?page=2');
  });

  it('round-trips', () => {
    const query = { tab: 'certificate', page: 7 } as const;
    expect(parseRankQuery(rankSearch('', query))).toEqual(query);
  });
});
