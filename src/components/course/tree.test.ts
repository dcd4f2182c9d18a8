import { describe, expect, it } from 'vitest';
import type { CourseResourceItem } from '@/api/learning-types';
import { isChapter, periods, watchPath } from '@/components/course/tree';

function item(id: string, contentType: number, resourceType: number, children: CourseResourceItem[] = []): CourseResourceItem {
  return {
    subResourceId: id,
    subResourceName: id,
    contentType,
    resourceType,
    fileName: '',
    totalDuration: 0,
    studyProgress: 0,
    examId: null,
    subTrainingProgress: children,
  };
}

describe('course tree', () => {
  const tree = [
    item('ch1', 2, 0, [item('video', 2, 2), item('pdf', 2, 4)]),
    item('ch2', 2, 0, [item('exam', 3, 0), item('drill', 6, 0)]),
    item('empty', 2, 0),
  ];

  it('lists the periods in reading order, chapters left out', () => {
    expect(periods(tree).map((p) => p.subResourceId)).toEqual(['video', 'pdf', 'exam', 'drill']);
  });

  it('treats items without a resource as chapters only for content type 2', () => {
    expect(isChapter(item('x', 2, 0))).toBe(true);
    expect(isChapter(item('x', 3, 0))).toBe(false);
    expect(isChapter(item('x', 2, 5))).toBe(false);
  });

  it('builds the player address', () => {
    expect(watchPath('c 1', 'p1')).toBe('/watch/course?courseId=c+1&itemId=p1');
    expect(watchPath('c1', null)).toBe('/watch/course?courseId=c1');
  });
});
