/**
 * The course tree of `chapterPeriodList` as the player walks it: chapters hold periods; a
 * top-level item with a resource or a non-directory content type is a period of its own.
 */
import type { CourseResourceItem } from '@/api/learning-types';

/** A chapter and its periods, in order. */
export interface ChapterGroup {
  chapter: CourseResourceItem | undefined;
  periods: CourseResourceItem[];
}

function isPeriod(item: CourseResourceItem, depth: number): boolean {
  if (item.subTrainingProgress?.length) return false;
  return depth > 0 || item.resourceType > 0 || item.contentType !== 2;
}

/**
 * The tree grouped by chapter; periods outside any chapter form groups without one.
 *
 * @example groupPeriods([{ …chapter, subTrainingProgress: [p1, p2] }]) → [{ chapter, periods: [p1, p2] }]
 */
export function groupPeriods(tree: readonly CourseResourceItem[]): ChapterGroup[] {
  const groups: ChapterGroup[] = [];
  const walk = (items: readonly CourseResourceItem[], depth: number, group: ChapterGroup | undefined) => {
    for (const item of items) {
      if (isPeriod(item, depth)) {
        let target = group ?? groups[groups.length - 1];
        if (!target || (!group && target.chapter)) groups.push((target = { chapter: undefined, periods: [] }));
        target.periods.push(item);
      } else if (depth === 0) {
        const next: ChapterGroup = { chapter: item, periods: [] };
        groups.push(next);
        walk(item.subTrainingProgress ?? [], depth + 1, next);
      } else {
        walk(item.subTrainingProgress ?? [], depth + 1, group);
      }
    }
  };
  walk(tree, 0, undefined);
  return groups;
}

/** Every period of the tree, in order. */
export function periodList(tree: readonly CourseResourceItem[]): CourseResourceItem[] {
  return groupPeriods(tree).flatMap((g) => g.periods);
}

/** Content types 5–8 are done offline; the player explains them. */
export function isOffline(contentType: number): boolean {
  return contentType >= 5 && contentType <= 8;
}
