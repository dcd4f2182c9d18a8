/** The course module's logic: catalogue, detail, tree, comments, likes, ratings, collections, courseware. */
import { createHash } from 'node:crypto';
import { Code } from '@/api/codes';
import { COURSE_STATUS } from '@/lib/authoring-rules';
import type {
  AdmireResult,
  Category,
  Comment,
  CollectionBody,
  CourseCount,
  CourseDetail,
  CourseItem,
  CourseResourceItem,
  Courseware,
  CoursewarePreview,
  LearningStatus,
  MarkResult,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { ApiError } from '../../envelope';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { FILES_PATH } from '../../files/serve';
import { MEDIA_URL_SECONDS, playSeconds, signedUrl } from '../../files/signed-media';
import type { AuthContext } from '../../routing';
import { accessError, courseAccess, type CourseAccess, type CourseRow } from './access';
import { scoped, isUuid } from '../../db/access';
import { toLearningStatus } from '../../db/access/course-cards';
import { inAudience, visibleCourses } from './audience';
import { catalogue } from '../../db/access/catalogue-cache';
import { completeOnDownload } from '../progress/service';
import { type CategoryRow, type CourseData, type CourseFilter, type ResourceRow } from '../../db/access/courses';
import { downloadNameOf, downloadResponse, fileUrlOf, openFile, previewKindOf, sheetParagraphs, textParagraphs, watermarkPdf, type OpenedFile } from '../../files/resources';
import { inLang } from '../../localized';

/** Longest comment, in characters after trimming. */
export const COMMENT_MAX = 500;

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');

function dataOf(ctx: AuthContext): CourseData {
  return scoped(ctx.db, ctx.tenant.id).courses;
}


// ---- categories

/** A category and every category under it, as ids. */
export function withDescendants(rows: Pick<CategoryRow, 'id' | 'parentId'>[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (r.parentId) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  if (!rows.some((r) => r.id === rootId)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export async function categoryTree(ctx: AuthContext): Promise<Category[]> {
  const data = dataOf(ctx);
  const [rows, counts] = await Promise.all([data.categories(), data.publishedPerCategory(await visibleCourses(ctx.db, ctx.tenant.id, ctx.member))]);
  const own = new Map(counts.map((c) => [c.categoryId, c.n]));
  const byId = new Map<string, Category>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      name: inLang(ctx.lang, r.nameZh, r.nameEn),
      parentId: r.parentId,
      courseCount: 0,
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const total = (node: Category, depth: number): number => {
    // Depth bound: a parent loop in stored data cannot recurse forever.
    if (depth > 32) return 0;
    node.courseCount = (own.get(node.id) ?? 0) + node.children.reduce((sum, child) => sum + total(child, depth + 1), 0);
    return node.courseCount;
  };
  for (const root of roots) total(root, 0);
  return roots;
}

// ---- course lists

export interface CoursePageInput extends Paging {
  categoryId?: string;
  keyword?: string;
  learningStatus?: LearningStatus;
  collected?: boolean;
  courseType?: 1 | 2;
  sort?: 'new' | 'hot' | 'rating';
}

async function pageOfCourses(ctx: AuthContext, filter: CourseFilter, paging: Paging): Promise<PageResult<CourseItem>> {
  const offset = offsetOf(paging);
  const read = () => dataOf(ctx).coursePageIds(ctx.member.id, filter, offset, paging.pageSize);
  // A page that depends on the caller's own rows is read each time; others are the same for everyone.
  const personal = filter.learningStatus !== undefined || Boolean(filter.collected);
  const { ids, total } = personal
    ? await read()
    : await catalogue.remember(ctx.tenant.id, `page:${JSON.stringify([filter, offset, paging.pageSize])}`, read);
  const list = await scoped(ctx.db, ctx.tenant.id).cards.forMember(ctx.member.id, ctx.lang, ids);
  return pageResult(list, paging, total);
}

async function filterOf(ctx: AuthContext, input: Omit<CoursePageInput, keyof Paging>): Promise<CourseFilter> {
  const filter: CourseFilter = {
    visible: await visibleCourses(ctx.db, ctx.tenant.id, ctx.member),
    keyword: input.keyword?.trim() || undefined,
    learningStatus: input.learningStatus,
    collected: input.collected,
    courseType: input.courseType,
    sort: input.sort,
  };
  if (input.categoryId) {
    const rows = await catalogue.remember(ctx.tenant.id, 'categories', () => dataOf(ctx).categories());
    filter.categoryIds = withDescendants(rows, input.categoryId);
  }
  return filter;
}

export async function coursePage(ctx: AuthContext, input: CoursePageInput): Promise<PageResult<CourseItem>> {
  return pageOfCourses(ctx, await filterOf(ctx, input), input);
}

export async function lecturerCoursePage(
  ctx: AuthContext,
  input: Paging & { lecturerId: string },
): Promise<PageResult<CourseItem>> {
  if (!(await dataOf(ctx).lecturer(input.lecturerId))) throw notFound();
  return pageOfCourses(ctx, { lecturerId: input.lecturerId, visible: await visibleCourses(ctx.db, ctx.tenant.id, ctx.member) }, input);
}

/** Counts of the published courses matching the catalogue's category and keyword. */
export async function courseCount(ctx: AuthContext, input: Pick<CoursePageInput, 'categoryId' | 'keyword'>): Promise<CourseCount> {
  const c = await dataOf(ctx).courseCounts(ctx.member.id, await filterOf(ctx, input));
  return {
    total: c.total,
    notStarted: c.total - c.learning - c.completed,
    learning: c.learning,
    completed: c.completed,
    collected: c.collected,
  };
}

// ---- one course

/** The course of the caller's enterprise if it is published; not found or 'The course has been removed' otherwise. */
async function publishedCourse(ctx: AuthContext, courseId: string): Promise<CourseAccess> {
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, courseId);
  if (!access.course) throw notFound();
  if (access.course.status !== 1) throw accessError(access);
  return access;
}

/** The course if the caller may watch and download it; throws the refusal otherwise. */
async function watchableCourse(ctx: AuthContext, courseId: string): Promise<CourseAccess> {
  const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, courseId);
  if (!access.allowed) throw accessError(access);
  return access;
}

/**
 * A course as the caller sees it. What every learner sees alike (the card, the course row, the
 * rating and comment counts) comes from the catalogue cache; the caller's own rows take one query.
 * A course of another company, a draft or none answers not found, a removed one 'The course has been removed'.
 */
export async function courseView(ctx: AuthContext, courseId: string): Promise<CourseDetail> {
  if (!isUuid(courseId)) throw notFound();
  const eid = ctx.tenant.id;
  const [shared, mine] = await Promise.all([
    catalogue.remember(eid, `detail:${ctx.lang}:${courseId}`, async () => {
      const [cards, talk] = await Promise.all([scoped(ctx.db, eid).cards.shared(ctx.lang, [courseId]), dataOf(ctx).courseTalk(courseId)]);
      const found = cards.get(courseId);
      return found ? { ...found, ...talk } : null;
    }),
    dataOf(ctx).courseMine(ctx.member.id, courseId),
  ]);
  // A draft (status 2) was never the learners': it is not there for them; nor is a course for others.
  if (!shared || shared.course.status === COURSE_STATUS.draft) throw notFound();
  const { course } = shared;
  if (!(await inAudience(ctx.db, eid, ctx.member, course))) throw notFound();
  // Nothing of the course leaves before the access rule passes.
  if (course.status !== COURSE_STATUS.published) throw accessError({ course, allowed: false, messageKey: 'learning.courseRemoved' });
  return {
    ...shared.card,
    studyProgress: mine.progress,
    learningStatus: toLearningStatus(mine.status),
    status: course.status,
    purchased: course.isFree || mine.purchased,
    watermark: course.watermark,
    antiSkip: course.antiSkip,
    ratingCount: shared.ratingCount,
    commentCount: shared.commentCount,
    myRating: mine.myRating,
    admired: mine.admired,
    collected: mine.collected,
    lastItemId: mine.lastItemId,
    createdAt: new Date(course.createdAt).toISOString(),
  };
}

function resourceFields(resource: ResourceRow | null) {
  if (!resource) return { resourceType: 0, fileName: '', totalDuration: 0 };
  return {
    resourceType: resource.resourceType,
    fileName: resource.fileName,
    totalDuration: resource.resourceType === 2 || resource.resourceType === 3 ? resource.duration : 0,
  };
}

export async function chapterPeriodTree(ctx: AuthContext, courseId: string): Promise<CourseResourceItem[]> {
  await publishedCourse(ctx, courseId);
  const data = dataOf(ctx);
  const [rows, progress] = await Promise.all([data.items(courseId), data.periodProgress(ctx.member.id, courseId)]);
  const progressOf = new Map(progress.map((p) => [p.itemId, p.progress]));
  const ids = new Set(rows.map((r) => r.item.id));
  const nodes = new Map<string, CourseResourceItem>();
  for (const { item, resource } of rows) {
    nodes.set(item.id, {
      subResourceId: item.id,
      subResourceName: inLang(ctx.lang, item.nameZh, item.nameEn),
      contentType: item.contentType,
      ...resourceFields(resource),
      studyProgress: progressOf.get(item.id) ?? 0,
      examId: item.examId,
      resourceId: resource?.id ?? null,
      subTrainingProgress: [],
    });
  }
  const roots: CourseResourceItem[] = [];
  for (const { item } of rows) {
    const node = nodes.get(item.id)!;
    if (item.parentId && ids.has(item.parentId) && item.parentId !== item.id) {
      nodes.get(item.parentId)!.subTrainingProgress.push(node);
    } else {
      roots.push(node);
    }
  }
  // A chapter's progress is the mean of its periods'.
  for (const root of roots) {
    const periods = root.subTrainingProgress;
    if (periods.length > 0) {
      root.studyProgress = Math.round(periods.reduce((sum, p) => sum + p.studyProgress, 0) / periods.length);
    }
  }
  return roots;
}

// ---- comments

export async function commentPage(ctx: AuthContext, input: Paging & { targetId: string }): Promise<PageResult<Comment>> {
  const data = dataOf(ctx);
  if (!(await data.course(input.targetId))) throw notFound();
  const { rows, total } = await data.commentPage(ctx.member.id, input.targetId, offsetOf(input), input.pageSize);
  const list = rows.map((r) => ({ ...r, mine: Boolean(r.mine), createdAt: new Date(r.createdAt).toISOString() }));
  return pageResult(list, input, total);
}

/** A comment's text as stored: trimmed, 1 to {@link COMMENT_MAX} characters. */
export function commentText(content: string): string {
  const text = content.trim();
  if (text === '') throw new ApiError(Code.INVALID, 'learning.commentEmpty');
  if ([...text].length > COMMENT_MAX) {
    throw new ApiError(Code.INVALID, 'invalid.tooLong', null, { field: 'content', max: COMMENT_MAX });
  }
  return text;
}

export async function saveComment(ctx: AuthContext, input: { targetId: string; content: string }): Promise<Comment> {
  const content = commentText(input.content);
  await publishedCourse(ctx, input.targetId);
  const row = await dataOf(ctx).addComment(ctx.member.id, input.targetId, content);
  await catalogue.forget(ctx.tenant.id);
  return {
    id: row.id,
    content: row.content,
    userId: ctx.member.id,
    userName: ctx.member.userName,
    headPortrait: ctx.member.headPortrait,
    createdAt: new Date(row.createdAt).toISOString(),
    mine: true,
  };
}

export async function deleteComment(ctx: AuthContext, id: string): Promise<null> {
  const data = dataOf(ctx);
  const comment = await data.courseComment(id);
  if (!comment) throw notFound();
  if (comment.enterpriseUserId !== ctx.member.id || !(await data.deleteComment(ctx.member.id, id))) {
    throw new ApiError(Code.FORBIDDEN, 'learning.deleteFailed');
  }
  await catalogue.forget(ctx.tenant.id);
  return null;
}

// ---- likes, ratings, collections

export async function toggleAdmire(ctx: AuthContext, courseId: string): Promise<AdmireResult> {
  await publishedCourse(ctx, courseId);
  const data = dataOf(ctx);
  const admired = await data.toggleLike(ctx.member.id, courseId);
  await catalogue.forget(ctx.tenant.id);
  return { admired, admireCount: await data.likeCount(courseId) };
}

/** A rating must be a whole number from 1 to 5 (spec section 5). */
export function checkScore(score: number): number {
  if (!Number.isInteger(score) || score < 1 || score > 5) throw new ApiError(Code.INVALID, 'learning.ratingRange');
  return score;
}

export async function saveMark(ctx: AuthContext, input: { targetId: string; score: number }): Promise<MarkResult> {
  const score = checkScore(input.score);
  await publishedCourse(ctx, input.targetId);
  const data = dataOf(ctx);
  await data.saveRating(ctx.member.id, input.targetId, score);
  await catalogue.forget(ctx.tenant.id);
  const summary = await data.ratingSummary(input.targetId);
  return { rating: summary.rating, ratingCount: summary.ratingCount, myRating: score };
}

export async function setCollected(ctx: AuthContext, input: CollectionBody, collected: boolean): Promise<{ collected: boolean }> {
  const data = dataOf(ctx);
  if (!(await data.targetExists(input.targetType, input.targetId))) throw notFound();
  if (collected) await data.collect(ctx.member.id, input.targetType, input.targetId);
  else await data.uncollect(ctx.member.id, input.targetType, input.targetId);
  return { collected };
}

// ---- courseware and resources

async function sizeOf(ctx: AuthContext, resource: ResourceRow): Promise<number> {
  if (resource.size > 0) return resource.size;
  return (await openFile(ctx.c.get('files'), fileUrlOf(resource)))?.size ?? 0;
}

export async function coursewareList(ctx: AuthContext, courseId: string): Promise<Courseware[]> {
  await publishedCourse(ctx, courseId);
  const rows = await dataOf(ctx).coursewares(courseId);
  return Promise.all(
    rows.map(async ({ id, resource }) => {
      const fileName = downloadNameOf(resource, ctx.lang);
      const kind = previewKindOf(fileName, resource.resourceType);
      return {
        id,
        resourceId: resource.id,
        name: inLang(ctx.lang, resource.nameZh, resource.nameEn),
        fileName,
        resourceType: resource.resourceType,
        size: await sizeOf(ctx, resource),
        previewable: kind !== 'none',
        watermarkable: kind === 'pdf',
      };
    }),
  );
}

/** A courseware of a course the caller may watch, with its resource and that course. */
async function watchableCourseware(ctx: AuthContext, id: string) {
  const courseware = await dataOf(ctx).courseware(id);
  if (!courseware) throw notFound();
  const { course } = await watchableCourse(ctx, courseware.courseId);
  return { ...courseware, course: course! };
}

/**
 * A resource used by a course the caller may watch (`courseId` when given, else any course that
 * uses it), with that course; the refusal of the most open such course otherwise. Of several
 * courses the caller may watch, one with the watermark on wins, so that a stamped file stays stamped.
 */
async function watchableResource(
  ctx: AuthContext,
  resourceId: string,
  courseId?: string,
): Promise<{ resource: ResourceRow; course: CourseRow }> {
  const data = dataOf(ctx);
  const resource = await data.resource(resourceId);
  if (!resource) throw notFound();
  const using = await data.coursesUsing(resourceId);
  const courseIds = courseId ? using.filter((id) => id === courseId) : using;
  let refusal: ApiError | undefined;
  let allowed: CourseRow | undefined;
  for (const courseId of courseIds) {
    const access = await courseAccess(ctx.db, ctx.tenant.id, ctx.member.id, courseId);
    if (access.allowed && access.course) {
      if (!allowed || (access.course.watermark && !allowed.watermark)) allowed = access.course;
      if (allowed.watermark) break;
    } else {
      refusal ??= accessError(access);
    }
  }
  if (allowed) return { resource, course: allowed };
  throw refusal ?? notFound();
}

async function fileOf(ctx: AuthContext, resource: ResourceRow): Promise<OpenedFile> {
  const file = await openFile(ctx.c.get('files'), fileUrlOf(resource));
  if (!file) throw notFound();
  return file;
}

/** Whether the caller gets a resource's file only as a copy stamped with their name: a PDF of a course with the watermark on. */
function stampedOnly(course: Pick<CourseRow, 'watermark'>, resource: ResourceRow, lang: AuthContext['lang']): boolean {
  return course.watermark && previewKindOf(downloadNameOf(resource, lang), resource.resourceType) === 'pdf';
}

/**
 * The caller's stamped copy of a PDF resource, kept in the file store under the company's own
 * folder (one per resource, viewer, stamp and original), made on first use: its key.
 */
async function stampedCopy(ctx: AuthContext, resource: ResourceRow): Promise<string> {
  const files = ctx.c.get('files');
  const original = await fileOf(ctx, resource);
  const stamp = `${ctx.member.userName} ${ctx.member.empNo}`;
  const name = createHash('sha256')
    .update([resource.id, fileUrlOf(resource), String(original.size), ctx.member.id, stamp].join('\u0000'))
    .digest('base64url')
    .slice(0, 40);
  const key = `${ctx.tenant.id}/wm-${name}.pdf`;
  if (await files.exists(key)) {
    await original.stream().cancel();
    return key;
  }
  await files.put(key, await watermarkPdf(await original.bytes(), stamp));
  return key;
}

/**
 * The URL the caller may open a resource's file at (`url`, one of the resource's own): signed
 * for the caller's company, for `seconds` (long enough to play a medium to its end by default),
 * and for a PDF of a watermarked course the caller's stamped copy instead. Call it only after
 * the caller's access to `course` was checked.
 */
export async function viewerFileUrl(
  ctx: AuthContext,
  course: Pick<CourseRow, 'watermark'>,
  resource: ResourceRow,
  url: string,
  seconds?: number,
): Promise<string> {
  const eid = ctx.tenant.id;
  if (stampedOnly(course, resource, ctx.lang)) {
    return signedUrl(ctx.db, eid, `${FILES_PATH}/${await stampedCopy(ctx, resource)}`);
  }
  const timed = resource.resourceType === 2 || resource.resourceType === 3;
  return signedUrl(ctx.db, eid, url, seconds ?? (timed ? playSeconds(resource.duration) : MEDIA_URL_SECONDS));
}

/** The file as the caller may have it: the stamped copy for a watermarked course's PDF, else the original. */
async function download(ctx: AuthContext, course: CourseRow, resource: ResourceRow): Promise<Response> {
  const fileName = downloadNameOf(resource, ctx.lang);
  if (stampedOnly(course, resource, ctx.lang)) return stampedDownload(ctx, resource, fileName);
  const file = await fileOf(ctx, resource);
  return downloadResponse(file.stream(), file.size, fileName);
}

async function stampedDownload(ctx: AuthContext, resource: ResourceRow, fileName: string): Promise<Response> {
  const stored = await ctx.c.get('files').get(await stampedCopy(ctx, resource));
  if (!stored) throw notFound();
  return downloadResponse(stored.body, stored.size, fileName);
}

/**
 * The caller's download of a course's file: the file as they may have it; a file without
 * preview then completes their periods of that course that show it.
 */
async function downloadForCourse(ctx: AuthContext, course: CourseRow, resource: ResourceRow): Promise<Response> {
  const response = await download(ctx, course, resource);
  await completeOnDownload(ctx, course.id, resource.id);
  return response;
}

export async function coursewareDownload(ctx: AuthContext, id: string): Promise<Response> {
  const { resource, course } = await watchableCourseware(ctx, id);
  return downloadForCourse(ctx, course, resource);
}

export async function resourceDownload(ctx: AuthContext, resourceId: string, courseId?: string): Promise<Response> {
  const { resource, course } = await watchableResource(ctx, resourceId, courseId);
  return downloadForCourse(ctx, course, resource);
}

export async function coursewareWatermarkDownload(ctx: AuthContext, id: string): Promise<Response> {
  const { resource } = await watchableCourseware(ctx, id);
  const fileName = downloadNameOf(resource, ctx.lang);
  if (previewKindOf(fileName, resource.resourceType) !== 'pdf') {
    throw new ApiError(Code.INVALID, 'learning.watermarkPdfOnly');
  }
  return stampedDownload(ctx, resource, fileName);
}

export async function coursewarePreview(
  ctx: AuthContext,
  input: { id?: string; resourceId?: string; courseId?: string },
): Promise<CoursewarePreview> {
  let found: { resource: ResourceRow; course: CourseRow };
  if (input.id) found = await watchableCourseware(ctx, input.id);
  else if (input.resourceId) found = await watchableResource(ctx, input.resourceId, input.courseId);
  else throw new ApiError(Code.INVALID, 'invalid.missing', null, { field: 'id' });
  const { resource, course } = found;

  const fileName = downloadNameOf(resource, ctx.lang);
  const kind = previewKindOf(fileName, resource.resourceType);
  // An Office file the media job converted: its PDF copy is shown in the page (not in a
  // watermarked course, whose viewers get only stamped PDFs, and the copy is not stamped).
  const copy = (kind === 'none' || kind === 'sheet') && !course.watermark ? resource.playUrls.find((p) => p.type === 'pdf' && p.url) : undefined;
  if (copy) return { kind: 'pdf', url: await viewerFileUrl(ctx, course, resource, copy.url), fileName, paragraphs: [] };
  if (kind === 'text' || kind === 'sheet') {
    const bytes = await (await fileOf(ctx, resource)).bytes();
    const paragraphs = kind === 'text' ? textParagraphs(bytes) : await sheetParagraphs(bytes);
    return { kind: 'text', url: '', fileName, paragraphs };
  }
  if (kind === 'none') return { kind, url: '', fileName, paragraphs: [] };
  const url = kind === 'video' && resource.url ? resource.url : fileUrlOf(resource);
  return { kind, url: await viewerFileUrl(ctx, course, resource, url), fileName, paragraphs: [] };
}

export { accessError, courseAccess, requireCourseAccess, type CourseAccess, type CourseRow } from './access';

export { inAudience, visibleCourses } from './audience';
