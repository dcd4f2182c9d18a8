import { describe, expect, it } from 'vitest';
import { readAccountQuery, switchPart, switchTab } from '@/components/account-page/query';

describe('account page query', () => {
  it('reads the tab, record type and training part', () => {
    expect(readAccountQuery('')).toEqual({ change: 1, recordType: null, part: 'progress' });
    for (const change of [1, 2, 3, 15] as const) expect(readAccountQuery(`?change=${change}`).change).toBe(change);
    expect(readAccountQuery('?change=3&recordType=1')).toMatchObject({ change: 3, recordType: 1 });
    expect(readAccountQuery('?change=3&recordType=2')).toMatchObject({ change: 3, recordType: 2 });
    expect(readAccountQuery('?change=4&recordType=3&part=x')).toEqual({ change: 1, recordType: null, part: 'progress' });
    expect(readAccountQuery('?change=2&part=projects').part).toBe('projects');
  });

  it('drops the lists state of the tab it leaves and keeps the rest', () => {
    expect(switchTab('?change=15&num=2&filter=read&page=3&id=x&x=1', 3)).toBe('?change=3&x=1');
    expect(switchTab('?change=3&recordType=1', 1)).toBe('?change=1');
    expect(switchTab('', 15)).toBe('?change=15');
    // The same tab keeps its state.
    expect(switchTab('?change=15&num=2', 15)).toBe('?change=15&num=2');
  });

  it('starts a training part over', () => {
    expect(switchPart('?change=2&filter=joined&page=2', 'projects')).toBe('?change=2&part=projects');
    expect(switchPart('?change=2&part=projects&page=2', 'progress')).toBe('?change=2');
  });
});
