/**
 * Marking short answers: the papers of the exams a member marks (exam_markers), and a mark on
 * one answer. Only a marker of the paper's exam may mark, never their own paper (it is not in
 * their queue either), and not while they still sit the exam themselves with an attempt left
 * (their colleagues' papers would show them the key); when every short answer of a paper is
 * marked the paper is marked (status 2) and its task gets pass or fail.
 */
import type { MarkResultOfAnswer, MarkingItem } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { PaperStatus, QuestionType } from '@/api/exam-types';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { paperMarkedNotice } from '../announcement/service';
import { sendMessage } from '../announcement/service';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { closeOverdue, examName, handIn, notFound, refreshTask, resultOf } from './papers';
import { scoped } from '../../db/access';

/** `examMarkingPage`: handed-in papers of the exams the caller marks, but their own, waiting first. */
export async function examMarkingPage(ctx: AuthContext, body: Paging & { status?: number }): Promise<PageResult<MarkingItem>> {
  await closeOverdue(ctx.db, ctx.tenant.id, new Date());
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).exams.markingPage(ctx.member.id, body.status, {
    limit: body.pageSize,
    offset: offsetOf(body),
  });
  return pageResult(
    rows.map((r) => ({
      paperId: r.paper.id,
      examName: examName(r.exam, ctx.lang),
      userName: r.userName,
      empNo: r.empNo,
      submittedAt: (r.paper.submittedAt ?? r.paper.startedAt).toISOString(),
      status: r.paper.status,
      score: r.paper.score,
      unmarked: r.unmarked,
    })),
    body,
    total,
  );
}

/** `examMarkAnswer?id&mark`: a marker of the exam gives a short answer 0 to its score. */
export async function examMarkAnswer(ctx: AuthContext, input: { id: string; mark: number }): Promise<MarkResultOfAnswer> {
  const eid = ctx.tenant.id;
  const s = scoped(ctx.db, eid).exams;
  const found = await s.answerForMarking(input.id);
  if (!found) throw notFound();
  const { paper, question } = found;
  const marker = await s.markerState(paper.examId, ctx.member.id);
  if (marker === 'none') throw new ApiError(Code.FORBIDDEN, 'exam.notMarker');
  if (paper.enterpriseUserId === ctx.member.id) throw new ApiError(Code.FORBIDDEN, 'exam.ownPaper');
  if (marker === 'candidate') throw new ApiError(Code.FORBIDDEN, 'exam.markAfterOwnAttempts');
  if (question.questionType !== QuestionType.short) throw new ApiError(Code.FORBIDDEN, 'exam.shortOnly');
  if (paper.status === PaperStatus.inProgress && paper.deadlineAt.getTime() <= Date.now()) {
    await handIn(ctx.db, eid, paper.id, 'timeout');
  } else if (paper.status === PaperStatus.inProgress) {
    throw new ApiError(Code.FORBIDDEN, 'exam.inProgress');
  }
  if (!Number.isInteger(input.mark) || input.mark < 0 || input.mark > question.score) {
    throw new ApiError(Code.INVALID, 'exam.markRange', null, { max: question.score });
  }
  const marked = await ctx.db.transaction(async (tx) => {
    const t = scoped(tx, eid).exams;
    await t.lockTask(paper.taskId);
    const locked = await t.lockPaper(paper.id);
    const exam = await t.exam(paper.examId);
    if (!locked || !exam) throw notFound();
    await t.markAnswer(input.id, input.mark, ctx.member.id, new Date());
    const answers = await t.answers(paper.id);
    const waiting = answers.some((a) => a.score === null);
    const score = answers.reduce((sum, a) => sum + (a.score ?? 0), 0);
    await t.updatePaper(paper.id, { status: waiting ? PaperStatus.waitingMark : PaperStatus.marked, score });
    await refreshTask(t, paper.taskId, exam.passScore);
    // The candidate hears once, when the last short answer of the paper is marked.
    return !waiting && locked.status !== PaperStatus.marked ? { exam, score } : null;
  });
  if (marked) {
    const { exam, score } = marked;
    await sendMessage(ctx.db, eid, paper.enterpriseUserId, paperMarkedNotice(exam, paper.taskId, score, score >= exam.passScore));
  }
  return { answerId: input.id, gained: input.mark, paper: await resultOf(s, paper.id, ctx.lang) };
}
