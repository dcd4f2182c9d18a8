import { describe, expect, it } from 'vitest';
import { departmentOptions, learnerFilters, learnerSearch, NO_FILTERS, reachTree, readLearnerQuery } from '@/components/organization/query';

describe('learner query', () => {
  it('reads the filters and page, ignoring what is not one', () => {
    expect(readLearnerQuery('')).toEqual(NO_FILTERS);
    expect(readLearnerQuery('?keyword=%20张伟%20&department=D100&status=2&page=3')).toEqual({
      keyword: '张伟',
      departmentId: 'D100',
      learningStatus: 2,
      page: 3,
    });
    expect(readLearnerQuery('?status=3&page=0')).toEqual(NO_FILTERS);
    expect(readLearnerQuery('?status=x&page=2.5')).toEqual(NO_FILTERS);
    expect(readLearnerQuery(`?keyword=${'字'.repeat(60)}`).keyword).toBe('字'.repeat(50));
  });

  it('writes back only what is set, and round-trips', () => {
    expect(learnerSearch(NO_FILTERS)).toBe('');
    const query = { keyword: 'E1 & 2', departmentId: 'D100', learningStatus: 0, page: 2 } as const;
    expect(learnerSearch(query)).toBe('?keyword=E1+%26+2&department=D100&status=0&page=2');
    expect(readLearnerQuery(learnerSearch(query))).toEqual(query);
  });

  it('gives the calls only the filters that are set', () => {
    expect(learnerFilters(NO_FILTERS)).toEqual({});
    expect(learnerFilters({ keyword: 'E10', departmentId: '', learningStatus: 0, page: 4 })).toEqual({ keyword: 'E10', learningStatus: 0 });
  });
});

describe('department options', () => {
  const tree = [
    { id: 'D1', name: 'R&D', parentId: '', children: [{ id: 'D11', name: 'QA', parentId: 'D1', children: [{ id: 'D111', name: 'Lab', parentId: 'D11' }] }] },
    { id: 'D2', name: 'Sales', parentId: '' },
  ];

  it('flattens the tree in order with depths', () => {
    expect(departmentOptions(tree)).toEqual([
      { id: 'D1', name: 'R&D', depth: 0 },
      { id: 'D11', name: 'QA', depth: 1 },
      { id: 'D111', name: 'Lab', depth: 2 },
      { id: 'D2', name: 'Sales', depth: 0 },
    ]);
  });

  it('keeps the subtree an organisation user reports on, the whole tree for an administrator', () => {
    expect(reachTree(tree, undefined)).toBe(tree);
    expect(departmentOptions(reachTree(tree, 'D11'))).toEqual([
      { id: 'D11', name: 'QA', depth: 0 },
      { id: 'D111', name: 'Lab', depth: 1 },
    ]);
    expect(departmentOptions(reachTree(tree, 'D2'))).toEqual([{ id: 'D2', name: 'Sales', depth: 0 }]);
    expect(reachTree(tree, '')).toEqual([]);
    expect(reachTree(tree, 'D9')).toEqual([]);
  });
});
