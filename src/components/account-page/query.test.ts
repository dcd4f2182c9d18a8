import { describe, expect, it } from 'vitest';
import { readAccountQuery, switchLedger, switchPart, switchTab, withPage } from '@/components/account-page/query';

describe('account page query', () => {
  it('reads the tab, record type and training part', () => {
    expect(readAccountQuery('')).toEqual({ change: 1, recordType: null, part: 'progress', ledger: 1, page: 1, activityPage: 1 });
    for (const change of [1, 2, 3, 15] as const) expect(readAccountQuery(`?change=${change}`).change).toBe(change);
    expect(readAccountQuery('?change=3&recordType=1')).toMatchObject({ change: 3, recordType: 1 });
    expect(readAccountQuery('?change=3&recordType=2')).toMatchObject({ change: 3, recordType: 2 });
    expect(readAccountQuery('?change=4&recordType=3&part=x')).toEqual({ change: 1, recordType: null, part: 'progress', ledger: 1, page: 1, activityPage: 1 });
    expect(readAccountQuery('?change=2&part=projects').part).toBe('projects');
  });

  it('reads the ledger and its page: recordType 1 always opens the points ledger', () => {
    expect(readAccountQuery('?change=3&ledger=2&page=3')).toMatchObject({ ledger: 2, page: 3 });
    expect(readAccountQuery('?change=3&recordType=1&ledger=2')).toMatchObject({ recordType: 1, ledger: 1 });
    expect(readAccountQuery('?change=3&recordType=2&ledger=2')).toMatchObject({ recordType: 2, ledger: 2 });
    for (const bad of ['ledger=3', 'ledger=x&page=0', 'page=-2', 'page=1.5', 'page=x']) {
      expect(readAccountQuery(`?change=3&${bad}`)).toMatchObject({ ledger: 1, page: 1 });
    }
  });

  it('switches the ledger from page 1 and lets the picked card go; pages keep the rest', () => {
    expect(switchLedger('?change=3&recordType=1&page=2', 2)).toBe('?change=3&ledger=2');
    expect(switchLedger('?change=3&ledger=2&page=4&x=1', 1)).toBe('?change=3&x=1');
    expect(withPage('?change=3&ledger=2', 3)).toBe('?change=3&ledger=2&page=3');
    expect(withPage('?change=3&page=3', 1)).toBe('?change=3');
    expect(switchTab('?change=3&ledger=2&page=2', 1)).toBe('?change=1');
  });

  it('keeps the study dynamics page on every tab', () => {
    expect(readAccountQuery('?change=15&activity=3').activityPage).toBe(3);
    expect(readAccountQuery('?activity=0').activityPage).toBe(1);
    expect(withPage('?change=1', 2, 'activity')).toBe('?change=1&activity=2');
    expect(withPage('?change=1&activity=2', 1, 'activity')).toBe('?change=1');
    expect(switchTab('?change=3&page=2&activity=2', 15)).toBe('?change=15&activity=2');
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
