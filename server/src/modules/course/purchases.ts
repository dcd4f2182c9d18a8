/**
 * Authorised purchase of a paid course (spec section 6: "join an authorised purchase"): a member
 * asks for a course they may not watch yet, with a note; a company administrator approves (the
 * member then holds the course like a buyer) or refuses with a reason; either way the member gets
 * a message. A member has at most one waiting request per course and may ask again after a
 * refusal. Nobody decides their own request.
 */
import { Code } from '@/api/codes';
import type { CoursePurchaseRequest, CoursePurchaseState } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { purchaseDecidedNotice } from '../announcement/service';
import { sendMessage } from '../announcement/service';
import { accessError, courseAccess } from './access';
import { type CourseData } from '../../db/access/courses';
import { pageResult, type Paging } from '../../paging';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

/** Longest note or refusal reason, in characters after trimming. */
export const PURCHASE_TEXT_MAX = 200;

type RequestRow = Awaited<ReturnType<CourseData['purchaseRequests']>['rows']>[number];

function toRequest(row: RequestRow, lang: Locale): CoursePurchaseRequest {
  const r = row.request;
  return {
    id: r.id,
    courseId: r.courseId,
    courseName: inLang(lang, row.courseZh, row.courseEn),
    status: r.status as CoursePurchaseRequest['status'],
    note: r.note,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    userName: row.userName,
    empNo: row.empNo,
    departmentName: row.departmentName,
  };
}

function requireAdmin(ctx: AuthContext): void {
  if (!ctx.member.isAdmin) throw new ApiError(Code.FORBIDDEN, 'purchase.adminOnly');
}

/** The published course, or not found / 'The course has been removed'. */
async function publishedCourse(ctx: AuthContext, courseId: string) {
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, courseId);
  if (!access.course || access.course.status !== 1) throw accessError(access);
  return access;
}

async function latestOf(data: CourseData, where: Parameters<CourseData['purchaseRequests']>[0], lang: Locale) {
  const [row] = await data.purchaseRequests(where, 1).rows;
  return row ? toRequest(row, lang) : null;
}

/** `coursePurchaseState`: the caller's latest request for the course, if any. */
export async function coursePurchaseState(ctx: AuthContext, courseId: string): Promise<CoursePurchaseState> {
  await publishedCourse(ctx, courseId);
  return { request: await latestOf(scoped(ctx.db, ctx.tenant.id).courses, { courseId, memberId: ctx.member.id }, ctx.lang) };
}

/** `coursePurchaseApply`: asks for a paid course the caller may not watch yet. */
export async function coursePurchaseApply(
  ctx: AuthContext,
  input: { courseId: string; note?: string },
): Promise<CoursePurchaseRequest> {
  const access = await publishedCourse(ctx, input.courseId);
  if (access.course!.isFree) throw new ApiError(Code.INVALID, 'purchase.free');
  if (access.allowed) throw new ApiError(Code.INVALID, 'purchase.alreadyHeld');
  const note = (input.note ?? '').trim();
  if (note.length > PURCHASE_TEXT_MAX) throw new ApiError(Code.INVALID, 'purchase.tooLong', null, { max: PURCHASE_TEXT_MAX });
  const data = scoped(ctx.db, ctx.tenant.id).courses;
  const id = await data.addPurchaseRequest(input.courseId, ctx.member.id, note);
  if (!id) throw new ApiError(Code.INVALID, 'purchase.waiting');
  return (await latestOf(data, { id }, ctx.lang))!;
}

/** `coursePurchaseRequestPage`: the company's requests, newest first (administrators). */
export async function coursePurchaseRequestPage(
  ctx: AuthContext,
  input: Paging & { courseId?: string; status?: number },
): Promise<PageResult<CoursePurchaseRequest>> {
  requireAdmin(ctx);
  const query = scoped(ctx.db, ctx.tenant.id).courses.purchaseRequests(
    { courseId: input.courseId, status: input.status },
    input.pageSize,
    (input.pageCurrent - 1) * input.pageSize,
  );
  const [rows, total] = await Promise.all([query.rows, query.total()]);
  return pageResult(
    rows.map((row) => toRequest(row, ctx.lang)),
    input,
    total,
  );
}

/**
 * `coursePurchaseDecide`: approves a waiting request (the member may then study the course) or
 * refuses it with a reason, then messages the member in the company's two languages.
 */
export async function coursePurchaseDecide(
  ctx: AuthContext,
  input: { id: string; approve: boolean; reason?: string },
): Promise<CoursePurchaseRequest> {
  requireAdmin(ctx);
  const data = scoped(ctx.db, ctx.tenant.id).courses;
  const [found] = await data.purchaseRequests({ id: input.id }, 1).rows;
  if (!found) throw new ApiError(Code.NOT_FOUND, 'learning.notFound');
  if (found.request.enterpriseUserId === ctx.member.id) throw new ApiError(Code.FORBIDDEN, 'purchase.ownRequest');
  const reason = input.approve ? '' : (input.reason ?? '').trim();
  if (!input.approve && reason === '') throw new ApiError(Code.INVALID, 'purchase.reasonRequired');
  if (reason.length > PURCHASE_TEXT_MAX) throw new ApiError(Code.INVALID, 'purchase.tooLong', null, { max: PURCHASE_TEXT_MAX });
  if (!(await data.decidePurchaseRequest(input.id, { approve: input.approve, reason, by: ctx.member.id }))) {
    throw new ApiError(Code.INVALID, 'purchase.decided');
  }
  const { courseZh, courseEn, request } = found;
  await sendMessage(
    ctx.db,
    ctx.tenant.id,
    request.enterpriseUserId,
    purchaseDecidedNotice({ id: request.courseId, nameZh: courseZh, nameEn: courseEn }, input.approve, reason),
  );
  return (await latestOf(data, { id: input.id }, ctx.lang))!;
}
