/** Study tasks as their members see them: pages, counts, details and ratings. */
import type {
  LearningStatus,
  MarkResult,
  StudyTaskCount,
  StudyTaskDetail,
  StudyTaskItem,
  StudyTaskPageBody,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { nameAndIntro } from '../../db/access/rows';
import { taskAccess, type StudyTaskRow } from './access';
import { EMPTY_STATS, type ContainerStats } from '../../db/access/study';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

/** A task card from its row, the caller's stats and assignment. */
export function toTaskItem(
  task: StudyTaskRow,
  stats: ContainerStats,
  completedAt: Date | null,
  lang: Locale,
  now = Date.now(),
): StudyTaskItem {
  const done = stats.learningStatus === 2 || completedAt !== null;
  return {
    id: task.id,
    ...nameAndIntro(task, lang),
    cover: task.cover,
    taskType: task.taskType,
    startAt: task.startAt.toISOString(),
    endAt: task.endAt ? task.endAt.toISOString() : null,
    courseCount: stats.courseCount,
    studyProgress: stats.progress,
    learningStatus: stats.learningStatus,
    expired: task.endAt !== null && task.endAt.getTime() < now && !done,
  };
}

export async function studyTaskPage(
  ctx: AuthContext,
  body: Paging & Omit<StudyTaskPageBody, 'pageCurrent' | 'pageSize'>,
): Promise<PageResult<StudyTaskItem>> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const memberId = ctx.member.id;
  const { ids, total } = await scope.taskPage(
    memberId,
    { taskType: body.taskType, keyword: body.keyword, learningStatus: body.learningStatus },
    pageWindow(body),
  );
  const [rows, stats] = await Promise.all([scope.tasksOf(memberId, ids), scope.statsOf('task', memberId, ids)]);
  const byId = new Map(rows.map((r) => [r.task.id, r]));
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toTaskItem(row.task, stats.get(id) ?? EMPTY_STATS, row.completedAt, ctx.lang)] : [];
  });
  return pageResult(list, body, total);
}

export async function studyTaskCount(ctx: AuthContext): Promise<StudyTaskCount> {
  const counts = await scoped(ctx.db, ctx.tenant.id).study.taskStatusCounts(ctx.member.id);
  const n = (s: LearningStatus) => counts.get(s) ?? 0;
  return { total: n(0) + n(1) + n(2), notStarted: n(0), learning: n(1), completed: n(2) };
}

export async function studyTaskView(ctx: AuthContext, id: string): Promise<StudyTaskDetail> {
  const { db, lang } = ctx;
  const eid = ctx.tenant.id;
  const memberId = ctx.member.id;
  const { task } = await taskAccess(db, eid, memberId, id);
  const scope = scoped(db, eid).study;
  const [[assignment], stats, items, exams, rating, collected] = await Promise.all([
    scope.tasksOf(memberId, [id]),
    scope.statsOf('task', memberId, [id]),
    scope.taskCourses(id),
    scope.taskExams(id, memberId),
    scope.rating('task', id, memberId),
    scope.isCollected('task', id, memberId),
  ]);
  const ids = items.flatMap((i) => (i.courseId ? [i.courseId] : []));
  const cards = new Map((await scoped(db, eid).cards.forMember(memberId, lang, ids)).map((c) => [c.id, c]));
  return {
    ...toTaskItem(task, stats.get(id) ?? EMPTY_STATS, assignment?.completedAt ?? null, lang),
    courses: items.flatMap((i) => {
      const card = i.courseId ? cards.get(i.courseId) : undefined;
      return card ? [{ ...card, required: i.required }] : [];
    }),
    exams: exams.map((e) => ({ examId: e.examId, taskId: e.taskId, name: inLang(lang, e.nameZh, e.nameEn), status: e.status })),
    rating: rating.rating,
    myRating: rating.myRating,
    collected,
  };
}

export async function studyTaskMarkSave(ctx: AuthContext, body: { targetId: string; score: number }): Promise<MarkResult> {
  if (!Number.isInteger(body.score) || body.score < 1 || body.score > 5) {
    throw new ApiError(Code.INVALID, 'learning.ratingRange');
  }
  await taskAccess(ctx.db, ctx.tenant.id, ctx.member.id, body.targetId);
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  await scope.saveRating('task', body.targetId, ctx.member.id, body.score);
  return scope.rating('task', body.targetId, ctx.member.id);
}
