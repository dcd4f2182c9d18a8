import { describe, expect, it } from 'vitest';
import type { CourseResourceItem } from '@/api/learning-types';
import { groupPeriods, isOffline, periodList } from '@/components/player/periods';

const item = (id: string, over: Partial<CourseResourceItem> = {}): CourseResourceItem => ({
  subResourceId: id,
  subResourceName: id,
  contentType: 2,
  resourceType: 2,
  fileName: '',
  totalDuration: 0,
  studyProgress: 0,
  examId: null,
  subTrainingProgress: [],
  ...over,
});

describe('groupPeriods', () => {
  it('groups periods under their chapters, in order', () => {
    const tree = [
      item('c1', { resourceType: 0, subTrainingProgress: [item('p1'), item('p2', { contentType: 3, resourceType: 0 })] }),
      item('c2', { resourceType: 0 }),
      item('loose'),
    ];
    const groups = groupPeriods(tree);
    expect(groups.map((g) => [g.chapter?.subResourceId, g.periods.map((p) => p.subResourceId)])).toEqual([
      ['c1', ['p1', 'p2']],
      ['c2', []],
      [undefined, ['loose']],
    ]);
    expect(periodList(tree).map((p) => p.subResourceId)).toEqual(['p1', 'p2', 'loose']);
  });

  it('tells offline content types', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9].map(isOffline)).toEqual([false, false, false, true, true, true, true, false]);
  });
});
