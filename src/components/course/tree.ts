/** Walking a course's chapters and periods (`chapterPeriodList`). */
import type { CourseResourceItem } from '@/api/learning-types';
import { itemKind } from '@/components/learning/type-label';

/** A chapter groups periods: it has children, or it is a content type 2 item without a resource. */
export function isChapter(item: CourseResourceItem): boolean {
  return item.subTrainingProgress.length > 0 || itemKind(item.contentType, item.resourceType).by === 'chapter';
}

/**
 * The periods of a tree in reading order.
 *
 * @example periods(tree)[0]?.subResourceId → the first period to study
 */
export function periods(tree: CourseResourceItem[]): CourseResourceItem[] {
  return tree.flatMap((item) => (isChapter(item) ? periods(item.subTrainingProgress) : [item]));
}

/**
 * The player's address for a period of a course.
 *
 * @example watchPath('c1', 'p1') → '/watch/course?courseId=c1&itemId=p1'
 */
export function watchPath(courseId: string, itemId?: string | null): string {
  const params = new URLSearchParams({ courseId });
  if (itemId) params.set('itemId', itemId);
  return `/watch/course?${params}`;
}
