import { describe, expect, it } from 'vitest';
import { kindOf, readCentreQuery, readOf, writeCentreQuery } from '@/components/message/query';

const ID = '0b7c1a52-6a8e-4a55-9f7e-3d2f1c0a9b11';

describe('message centre query', () => {
  it('reads num, filter, page and id with defaults for anything else', () => {
    expect(readCentreQuery('')).toEqual({ num: 1, filter: 'all', page: 1, id: null });
    expect(readCentreQuery(`?num=2&filter=unread&page=3&id=${ID}`)).toEqual({ num: 2, filter: 'unread', page: 3, id: ID });
    expect(readCentreQuery('?num=9&filter=x&page=-1&id=<script>')).toEqual({ num: 1, filter: 'all', page: 1, id: null });
    expect(readCentreQuery('?page=1.5')).toMatchObject({ page: 1 });
  });

  it('writes its state and keeps the other parameters', () => {
    expect(writeCentreQuery('?change=15', { num: 2, filter: 'all', page: 1, id: null })).toBe('?change=15&num=2');
    expect(writeCentreQuery('?change=15&page=4&id=x', { num: 1, filter: 'read', page: 2, id: ID })).toBe(
      `?change=15&page=2&id=${ID}&num=1&filter=read`,
    );
  });

  it('round-trips', () => {
    const state = { num: 2, filter: 'unread', page: 5, id: ID } as const;
    expect(readCentreQuery(writeCentreQuery('', state))).toEqual(state);
  });

  it('maps the list and filter to the page call', () => {
    expect(kindOf(1)).toBe(1);
    expect(kindOf(2)).toBe(2);
    expect(readOf('all')).toBeUndefined();
    expect(readOf('read')).toBe(true);
    expect(readOf('unread')).toBe(false);
  });
});
