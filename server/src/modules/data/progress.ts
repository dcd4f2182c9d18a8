/** Learners' course progress: a learner's own rows; every member's for organisation users and administrators. */
import type { CourseProgressRow, LearningStatus } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { Member } from '../../db/access';
import type { AuthContext } from '../../routing';
import { type ProgressAudience, type ProgressFilters, type ProgressRecord } from '../../db/access/reports';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { scoped, type Scoped } from '../../db/access';
import { inLang } from '../../localized';

/** userType of organisation accounts. */
const ORGANISATION = 3;

/** Whose course progress a member may see: organisation users and administrators see the whole company. */
export function progressAudience(member: Pick<Member, 'id' | 'userType' | 'isAdmin'>): ProgressAudience {
  return member.userType === ORGANISATION || member.isAdmin ? 'enterprise' : { memberId: member.id };
}

function toLearningStatus(value: number): LearningStatus {
  return value === 1 || value === 2 ? value : 0;
}

function toRow(record: ProgressRecord, lang: Locale): CourseProgressRow {
  return {
    userId: record.userId,
    userName: record.userName,
    empNo: record.empNo,
    departmentName: record.departmentName,
    courseId: record.courseId,
    courseName: inLang(lang, record.courseNameZh, record.courseNameEn),
    studyProgress: record.progress,
    learningStatus: toLearningStatus(record.status),
    studySeconds: record.studySeconds,
    startedAt: record.startedAt.toISOString(),
    completedAt: record.completedAt?.toISOString() ?? null,
  };
}

/** `courseProgressPage`. */
export async function courseProgressPage(
  ctx: AuthContext,
  filters: ProgressFilters,
  paging: Paging,
): Promise<PageResult<CourseProgressRow>> {
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).reports.progressPage(
    progressAudience(ctx.member),
    filters,
    offsetOf(paging),
    paging.pageSize,
  );
  return pageResult(
    rows.map((r) => toRow(r, ctx.lang)),
    paging,
    total,
  );
}

/** Every course progress row the member may see, page by page (for exports). */
export async function* allCourseProgress(
  scope: Scoped['reports'],
  member: Pick<Member, 'id' | 'userType' | 'isAdmin'>,
  filters: ProgressFilters,
  lang: Locale,
  batch = 500,
): AsyncGenerator<CourseProgressRow[]> {
  const audience = progressAudience(member);
  for (let offset = 0; ; offset += batch) {
    const { rows } = await scope.progressPage(audience, filters, offset, batch);
    if (rows.length > 0) yield rows.map((r) => toRow(r, lang));
    if (rows.length < batch) return;
  }
}
