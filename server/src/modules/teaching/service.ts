/** The lecturer's back office: the courses they teach, with their learners' figures. */
import type { TeachingCourse, TeachingCourseFilters } from '@/api/teaching-types';
import type { PageResult } from '@/api/types';
import type { AuthContext } from '../../routing';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { oneDecimal } from '../ledger/service';
import type { CourseStatus } from '@/lib/authoring-rules';

/** `teachingCoursePage`: the caller's courses, published first, then drafts, then removed ones. */
export async function teachingCoursePage(ctx: AuthContext, body: Paging & TeachingCourseFilters): Promise<PageResult<TeachingCourse>> {
  const { rows, total } = await ctx.scope.teaching.taughtPage(ctx.member.id, body.keyword?.trim() || undefined, pageWindow(body));
  const en = ctx.lang === 'en';
  const list = rows.map((r): TeachingCourse => {
    const learners = Number(r.learners);
    const completed = Number(r.completed);
    return {
      id: r.id,
      // The English name where the course has one, else the Chinese.
      name: (en && r.name_en) || r.name_zh,
      cover: r.cover,
      status: r.status as CourseStatus,
      courseType: Number(r.course_type),
      categoryName: (en ? r.category_en || r.category_zh : r.category_zh) ?? '',
      periods: Number(r.periods),
      learners,
      completed,
      completionRate: learners ? oneDecimal((completed / learners) * 100) : 0,
      rating: r.rating === null ? 0 : oneDecimal(Number(r.rating)),
      ratingCount: Number(r.rating_count),
      comments: Number(r.comments),
    };
  });
  return pageResult(list, body, total);
}
