/** The lecturer module's logic: the directory, the ranking and a lecturer's page, in the caller's language. */
import { Code } from '@/api/codes';
import { LECTURER_RANK_SIZE, type LecturerDetail, type LecturerItem, type LecturerRankEntry } from '@/api/lecturer-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { scoped, isUuid } from '../../db/access';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { toLecturerBrief } from '../../db/access/course-cards';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { type LecturerWithStats } from '../../db/access/lecturers';
import { inLang } from '../../localized';

function toItem({ lecturer, courseCount, learnerCount, rating }: LecturerWithStats, lang: Locale): LecturerItem {
  return {
    ...toLecturerBrief(lecturer, lang),
    level: lecturer.level,
    intro: inLang(lang, lecturer.introZh, lecturer.introEn),
    courseCount,
    learnerCount,
    rating,
  };
}

/** `lecturerPage`: the company's lecturers in its order, filtered by a keyword. */
export async function lecturerPage(ctx: AuthContext, input: Paging & { keyword?: string }): Promise<PageResult<LecturerItem>> {
  const { limit, offset } = pageWindow(input);
  const keyword = input.keyword?.trim() || undefined;
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).lecturers.page(keyword, offset, limit);
  return pageResult(rows.map((r) => toItem(r, ctx.lang)), input, total);
}

/** `lecturerRankList`: the company's top lecturers by learners taught, with their places. */
export async function lecturerRankList(ctx: AuthContext): Promise<LecturerRankEntry[]> {
  const rows = await scoped(ctx.db, ctx.tenant.id).lecturers.ranking(ctx.lang, LECTURER_RANK_SIZE);
  return rows.map((r, i) => ({ rank: i + 1, ...toItem(r, ctx.lang) }));
}

/** `lecturerView?lecturerId`: one lecturer of the caller's company; any other id is not found. */
export async function lecturerView(ctx: AuthContext, lecturerId: string): Promise<LecturerDetail> {
  const row = isUuid(lecturerId) ? await scoped(ctx.db, ctx.tenant.id).lecturers.one(lecturerId) : undefined;
  if (!row) throw new ApiError(Code.NOT_FOUND, 'lecturer.notFound');
  return { ...toItem(row, ctx.lang), ratingCount: row.ratingCount };
}
