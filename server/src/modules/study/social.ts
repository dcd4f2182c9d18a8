/** Comments and collections on study tasks and projects, and members' notes on courses. */
import type { Comment, CourseUserRecord, TargetType } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { COURSE_NOTE_MAX, noteProblem } from '@/lib/course-note';
import type { comments, courseUserRecords } from '../../db/schema';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { projectAccess, taskAccess } from './access';
import { type StudyTarget } from '../../db/access/study';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { scoped } from '../../db/access';

/** Longest comment, after trimming. */
export const COMMENT_MAX = 500;
/** Longest course note, after trimming (the notes form counts the same way). */
export const RECORD_MAX = COURSE_NOTE_MAX;

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

/** A study target of the company the caller may see: tasks only when assigned to the caller. */
async function requireTarget(ctx: AuthContext, targetType: StudyTarget, targetId: string): Promise<void> {
  if (targetType === 'task') await taskAccess(ctx.db, ctx.tenant.id, ctx.member.id, targetId);
  else await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, targetId);
}

/** The study target of a body; 'course' belongs to the course calls. */
function studyTarget(targetType: TargetType | undefined): StudyTarget {
  if (targetType === undefined || targetType === 'task') return 'task';
  if (targetType === 'project') return 'project';
  throw new ApiError(Code.INVALID, 'invalid.field', null, { field: 'targetType' });
}

function toComment(
  row: { comment: typeof comments.$inferSelect; userName: string; headPortrait: string },
  memberId: string,
): Comment {
  return {
    id: row.comment.id,
    content: row.comment.content,
    userId: row.comment.enterpriseUserId,
    userName: row.userName,
    headPortrait: row.headPortrait,
    createdAt: row.comment.createdAt.toISOString(),
    mine: row.comment.enterpriseUserId === memberId,
  };
}

export async function commentPage(
  ctx: AuthContext,
  body: Paging & { targetId: string; targetType?: TargetType },
): Promise<PageResult<Comment>> {
  const target = studyTarget(body.targetType);
  await requireTarget(ctx, target, body.targetId);
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).study.commentPage(target, body.targetId, pageWindow(body));
  return pageResult(
    rows.map((r) => toComment(r, ctx.member.id)),
    body,
    total,
  );
}

export async function commentSave(
  ctx: AuthContext,
  body: { targetId: string; targetType?: TargetType; content: string },
): Promise<Comment> {
  const target = studyTarget(body.targetType);
  const content = body.content.trim();
  if (content.length === 0) throw new ApiError(Code.INVALID, 'learning.commentEmpty');
  if (content.length > COMMENT_MAX) {
    throw new ApiError(Code.INVALID, 'invalid.tooLong', null, { field: 'content', max: COMMENT_MAX });
  }
  await requireTarget(ctx, target, body.targetId);
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const saved = await scope.insertComment(target, body.targetId, ctx.member.id, content);
  const row = await scope.commentById(saved.id);
  return toComment(row!, ctx.member.id);
}

/** Deletes one of the caller's own comments on a task or project. */
export async function commentDelete(ctx: AuthContext, id: string): Promise<null> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  const row = await scope.commentById(id);
  if (!row || (row.comment.targetType !== 'task' && row.comment.targetType !== 'project')) throw notFound();
  // A task's comments are visible only to its members.
  if (row.comment.targetType === 'task') await taskAccess(ctx.db, ctx.tenant.id, ctx.member.id, row.comment.targetId);
  if (row.comment.enterpriseUserId !== ctx.member.id) throw new ApiError(Code.FORBIDDEN, 'learning.deleteFailed');
  if (!(await scope.deleteComment(id, ctx.member.id))) throw notFound();
  return null;
}

export async function collectionSet(
  ctx: AuthContext,
  body: { targetType: StudyTarget; targetId: string },
  on: boolean,
): Promise<{ collected: boolean }> {
  await requireTarget(ctx, body.targetType, body.targetId);
  await scoped(ctx.db, ctx.tenant.id).study.collect(body.targetType, body.targetId, ctx.member.id, on);
  return { collected: on };
}

function toRecord(row: typeof courseUserRecords.$inferSelect): CourseUserRecord {
  return {
    id: row.id,
    courseId: row.courseId,
    projectId: row.projectId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function recordContent(raw: string): string {
  const problem = noteProblem(raw);
  if (problem === 'empty') throw new ApiError(Code.INVALID, 'learning.noteEmpty');
  if (problem === 'tooLong') throw new ApiError(Code.INVALID, 'learning.noteTooLong', null, { max: RECORD_MAX });
  return raw.trim();
}

/** The caller's own notes on a course (of one project when given), newest first. */
export async function courseUserRecordList(
  ctx: AuthContext,
  query: { courseId: string; projectId?: string },
): Promise<CourseUserRecord[]> {
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  if (!(await scope.course(query.courseId))) throw notFound();
  if (query.projectId) await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, query.projectId);
  return (await scope.records(ctx.member.id, query.courseId, query.projectId)).map(toRecord);
}

export async function courseUserRecordSave(
  ctx: AuthContext,
  body: { courseId: string; projectId?: string; content: string },
): Promise<CourseUserRecord> {
  const content = recordContent(body.content);
  const scope = scoped(ctx.db, ctx.tenant.id).study;
  if (!(await scope.course(body.courseId))) throw notFound();
  if (body.projectId) await projectAccess(ctx.db, ctx.tenant.id, ctx.member.id, body.projectId);
  return toRecord(await scope.insertRecord(ctx.member.id, body.courseId, body.projectId ?? null, content));
}

/** Edits one of the caller's own notes; anyone else's answers like a missing one. */
export async function courseUserRecordEdit(ctx: AuthContext, body: { id: string; content: string }): Promise<CourseUserRecord> {
  const content = recordContent(body.content);
  const row = await scoped(ctx.db, ctx.tenant.id).study.updateRecord(body.id, ctx.member.id, content);
  if (!row) throw notFound();
  return toRecord(row);
}
