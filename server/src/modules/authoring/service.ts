/**
 * Course authoring in the back office (administrators): the category tree and the courses. A
 * course made here starts as a draft (status 2), which no learner sees; publishing makes it
 * one of the catalogue's, exactly as a seeded course; unpublishing takes it back to a draft;
 * removing leaves it in place for those who studied it, who are told 'The course has been
 * removed'. A copy is a draft with the same lecturers, chapters, periods and coursewares. Every
 * change is audited in its transaction and forgets the company's catalogue in every gateway
 * process.
 */
import { Code } from '@/api/codes';
import type { CrmCategory, CrmChapter, CrmCourse, CrmCourseFilters, CrmCourseItem, CrmCourseware, CrmOption, CrmPeriod, CrmResource } from '@/api/crm-course-types';
import type { PageResult } from '@/api/types';
import { type ResourceState, COURSE_AUDIENCE, COURSE_STATUS, COURSEWARE_RESOURCE_TYPES, IMAGE_RESOURCE_TYPE, MAX_COURSEWARES, PLAYABLE_RESOURCE_TYPES, type CourseStatus } from '@/lib/authoring-rules';
import type { CategorySaveBody, CourseItemSaveBody, CourseSaveBody } from '@/lib/schemas/authoring';
import { changesOf, recordAudit } from '../../audit';
import { retryProcessing } from './reviews';
import { scoped, type Scoped } from '../../db/access';
import type { AuthoredCourseRow, CategoryRow } from '../../db/access/authoring';
import { catalogue } from '../../db/access/catalogue-cache';
import { ApiError } from '../../envelope';
import { t } from '../../i18n';
import { inLang } from '../../localized';
import type { Locale } from '@/i18n/routes';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { checkedPicture } from '../site/service';

const CATEGORY_FIELDS = ['parentId', 'nameZh', 'nameEn'] as const;
const COURSE_FIELDS = [
  'nameZh',
  'nameEn',
  'introZh',
  'introEn',
  'cover',
  'categoryId',
  'creditHours',
  'points',
  'isFree',
  'priceFen',
  'watermark',
  'antiSkip',
  'audience',
  'status',
] as const;

const categoryNotFound = () => new ApiError(Code.NOT_FOUND, 'authoring.categoryNotFound');
const courseNotFound = () => new ApiError(Code.NOT_FOUND, 'authoring.courseNotFound');

// ---- categories

/** `crmCategoryTree`: every category, as a tree in order. */
export async function crmCategoryTree(ctx: AuthContext): Promise<CrmCategory[]> {
  const rows = await ctx.scope.authoring.categories();
  const nodes = new Map<string, CrmCategory>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, nameZh: r.nameZh, nameEn: r.nameEn, sort: r.sort, courseCount: r.courseCount, children: [] }]),
  );
  const roots: CrmCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Whether `id` is `ancestor` or lies under it. */
async function isUnder(s: Scoped, id: string, ancestor: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let at: string | null = id; at && !seen.has(at); ) {
    if (at === ancestor) return true;
    seen.add(at);
    at = (await s.authoring.category(at))?.parentId ?? null;
  }
  return false;
}

/** `crmCategorySave`: a new category (last under its parent), or a rename or move of one. */
export async function crmCategorySave(ctx: AuthContext, body: CategorySaveBody): Promise<CategoryRow> {
  const eid = ctx.tenant.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = body.id ? await s.authoring.category(body.id) : undefined;
    if (body.id && !before) throw categoryNotFound();
    if (body.parentId) {
      if (!(await s.authoring.category(body.parentId))) throw categoryNotFound();
      if (before && (await isUnder(s, body.parentId, before.id))) throw new ApiError(Code.INVALID, 'authoring.categoryLoop');
    }
    const values = { parentId: body.parentId, nameZh: body.nameZh, nameEn: body.nameEn };
    let row: CategoryRow | undefined;
    if (!before) row = await s.authoring.insertCategory(values);
    else if (before.parentId !== body.parentId) {
      // A move goes last under its new parent.
      const last = (await s.authoring.siblings(body.parentId)).at(-1);
      row = await s.authoring.updateCategory(before.id, { ...values, sort: last ? last.sort + 1 : 0 });
    } else row = await s.authoring.updateCategory(before.id, values);
    if (!row) throw categoryNotFound();
    await recordAudit(s, ctx.member, [
      {
        action: !before ? 'create' : before.parentId !== row.parentId ? 'move' : 'update',
        objectType: 'category',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: changesOf(before, row, CATEGORY_FIELDS),
      },
    ]);
    return row;
  });
  await catalogue.forget(eid);
  return saved;
}

/** `crmCategoryDelete`: only a category with no category and no course in it. */
export async function crmCategoryDelete(ctx: AuthContext, id: string): Promise<null> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.authoring.category(id);
    if (!before) throw categoryNotFound();
    const use = await s.authoring.categoryUse(id);
    if (use.children || use.courses) throw new ApiError(Code.FORBIDDEN, 'authoring.categoryInUse', null, use);
    if (!(await s.authoring.deleteCategory(id))) throw categoryNotFound();
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'category', objectId: id, objectLabel: before.nameZh, changes: changesOf(before, null, CATEGORY_FIELDS) },
    ]);
  });
  await catalogue.forget(eid);
  return null;
}

/** `crmCategoryReorder`: the categories under one parent in a new order, each of them once. */
export async function crmCategoryReorder(ctx: AuthContext, body: { parentId: string | null; ids: string[] }): Promise<CrmCategory[]> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const current = await s.authoring.siblings(body.parentId);
    const known = new Set(current.map((c) => c.id));
    if (current.length !== body.ids.length || !body.ids.every((id) => known.has(id))) {
      throw new ApiError(Code.INVALID, 'authoring.reorderMismatch', null, { count: current.length });
    }
    await s.authoring.reorderCategories(body.ids);
    const names = (ids: string[]) => ids.map((id) => current.find((c) => c.id === id)!.nameZh);
    const changes = changesOf({ order: names(current.map((c) => c.id)) }, { order: names(body.ids) }, ['order']);
    if (changes.length) {
      await recordAudit(s, ctx.member, [{ action: 'reorder', objectType: 'category', objectId: body.parentId ?? eid, objectLabel: 'order', changes }]);
    }
  });
  await catalogue.forget(eid);
  return crmCategoryTree(ctx);
}

// ---- courses

async function courseOf(s: Scoped, row: AuthoredCourseRow, lecturerIds: string[], lang: Locale = 'zh'): Promise<CrmCourse> {
  const audience = row.audience === COURSE_AUDIENCE.chosen ? await s.authoring.audienceOf(row.id) : [];
  return {
    id: row.id,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    introZh: row.introZh,
    introEn: row.introEn,
    cover: row.cover,
    categoryId: row.categoryId,
    lecturerIds,
    creditHours: row.creditHours,
    points: row.points,
    isFree: row.isFree,
    priceFen: row.priceFen,
    watermark: row.watermark,
    antiSkip: row.antiSkip,
    status: row.status as CourseStatus,
    audience: row.audience === COURSE_AUDIENCE.chosen ? 1 : 0,
    audienceDepartments: audience.flatMap((a) => (a.departmentId ? [a.departmentId] : [])),
    audienceMembers: audience.flatMap((a) =>
      a.memberId
        ? [{ id: a.memberId, userName: a.userName ?? '', empNo: a.empNo ?? '', departmentName: a.departmentNameZh ? inLang(lang, a.departmentNameZh, a.departmentNameEn ?? '') : '' }]
        : [],
    ),
  };
}

/** `crmCoursePage`: the company's courses of any status, newest first. */
export async function crmCoursePage(ctx: AuthContext, body: Paging & CrmCourseFilters): Promise<PageResult<CrmCourseItem>> {
  const s = ctx.scope.authoring;
  const { rows, total } = await s.coursePage({ ...body, keyword: body.keyword?.trim() || undefined }, pageWindow(body));
  const lecturers = await s.lecturersOf(rows.map((r) => r.course.id));
  const list = rows.map(({ course, categoryZh, categoryEn, periods, learners }): CrmCourseItem => ({
    id: course.id,
    nameZh: course.nameZh,
    nameEn: course.nameEn,
    cover: course.cover,
    status: course.status as CourseStatus,
    categoryId: course.categoryId,
    categoryName: categoryZh === null ? '' : inLang(ctx.lang, categoryZh, categoryEn ?? ''),
    lecturerNames: lecturers.filter((l) => l.courseId === course.id).map((l) => inLang(ctx.lang, l.nameZh, l.nameEn)),
    periods: Number(periods),
    learners: Number(learners),
    isFree: course.isFree,
    priceFen: course.priceFen,
    createdAt: course.createdAt.toISOString(),
  }));
  return pageResult(list, body, total);
}

/** `crmCourseView?id`: one course as its form edits it. */
export async function crmCourseView(ctx: AuthContext, id: string): Promise<CrmCourse> {
  const row = await ctx.scope.authoring.course(id);
  if (!row) throw courseNotFound();
  return courseOf(ctx.scope, row, (await ctx.scope.authoring.lecturersOf([id])).map((l) => l.id), ctx.lang);
}

/** `crmCourseSave`: a new course (a draft) or an edit of one, with its lecturers in order. */
export async function crmCourseSave(ctx: AuthContext, body: CourseSaveBody): Promise<CrmCourse> {
  const eid = ctx.tenant.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = body.id ? await s.authoring.course(body.id) : undefined;
    if (body.id && !before) throw courseNotFound();
    if (body.categoryId && !(await s.authoring.category(body.categoryId))) throw categoryNotFound();
    if ((await s.authoring.lecturerCount(body.lecturerIds)) !== body.lecturerIds.length) {
      throw new ApiError(Code.INVALID, 'authoring.lecturersNotFound');
    }
    const values = {
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      introZh: body.introZh,
      introEn: body.introEn,
      cover: await checkedPicture(s, 'cover', body.cover, before?.cover ?? ''),
      categoryId: body.categoryId,
      creditHours: body.creditHours,
      points: body.points,
      isFree: body.isFree,
      priceFen: body.isFree ? null : body.priceFen,
      watermark: body.watermark,
      antiSkip: body.antiSkip,
      audience: body.audience,
    };
    const chosen = body.audience === COURSE_AUDIENCE.chosen;
    const audienceDepartments = chosen ? body.audienceDepartments : [];
    const audienceMembers = chosen ? body.audienceMembers : [];
    const found = await s.authoring.audienceCounts(audienceDepartments, audienceMembers);
    if (found.departments !== audienceDepartments.length || found.members !== audienceMembers.length) {
      throw new ApiError(Code.INVALID, 'authoring.audienceNotFound');
    }
    const row = before ? await s.authoring.updateCourse(before.id, values) : await s.authoring.insertCourse({ ...values, status: COURSE_STATUS.draft });
    if (!row) throw courseNotFound();
    const lecturersBefore = before ? (await s.authoring.lecturersOf([before.id])).map((l) => l.id) : [];
    await s.authoring.setLecturers(row.id, body.lecturerIds);
    const audienceBefore = before ? await s.authoring.audienceOf(before.id) : [];
    await s.authoring.setAudience(row.id, audienceDepartments, audienceMembers);
    const shownTo = (rows: { departmentId: string | null; memberId: string | null }[]) => rows.map((a) => a.departmentId ?? a.memberId).sort();
    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'course',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: [
          ...changesOf(before, row, COURSE_FIELDS),
          ...changesOf({ lecturerIds: lecturersBefore }, { lecturerIds: body.lecturerIds }, ['lecturerIds']),
          ...changesOf(
            { audienceIds: shownTo(audienceBefore) },
            { audienceIds: [...audienceDepartments, ...audienceMembers].sort() },
            ['audienceIds'],
          ),
        ],
      },
    ]);
    return courseOf(s, row, body.lecturerIds, ctx.lang);
  });
  await catalogue.forget(eid);
  return saved;
}

const STATUS_ACTIONS: Record<CourseStatus, string> = { 0: 'remove', 1: 'publish', 2: 'unpublish' };

/** `crmCourseStatus`: publish (1), take back to a draft (2) or remove (0). */
export async function crmCourseStatus(ctx: AuthContext, body: { id: string; status: CourseStatus }): Promise<CrmCourse> {
  const eid = ctx.tenant.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.authoring.course(body.id);
    if (!before) throw courseNotFound();
    const row = await s.authoring.updateCourse(body.id, { status: body.status });
    if (!row) throw courseNotFound();
    if (before.status !== row.status) {
      await recordAudit(s, ctx.member, [
        { action: STATUS_ACTIONS[body.status], objectType: 'course', objectId: row.id, objectLabel: row.nameZh, changes: changesOf(before, row, ['status']) },
      ]);
    }
    return courseOf(s, row, (await s.authoring.lecturersOf([row.id])).map((l) => l.id));
  });
  await catalogue.forget(eid);
  return saved;
}

/** `crmCourseCopy`: a draft with the course's settings, lecturers, chapters, periods and coursewares. */
export async function crmCourseCopy(ctx: AuthContext, id: string): Promise<CrmCourse> {
  const eid = ctx.tenant.id;
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const from = await s.authoring.course(id);
    if (!from) throw courseNotFound();
    const { id: _id, enterpriseId: _e, createdAt: _c, ...settings } = from;
    const row = await s.authoring.insertCourse({
      ...settings,
      nameZh: t('zh', 'authoring.copyName', { name: from.nameZh }).slice(0, 60),
      nameEn: from.nameEn ? t('en', 'authoring.copyName', { name: from.nameEn }).slice(0, 120) : '',
      status: COURSE_STATUS.draft,
    });
    const lecturerIds = (await s.authoring.lecturersOf([id])).map((l) => l.id);
    await s.authoring.setLecturers(row.id, lecturerIds);
    await s.authoring.copyContent(id, row.id);
    await recordAudit(s, ctx.member, [
      { action: 'copy', objectType: 'course', objectId: row.id, objectLabel: row.nameZh, changes: [{ field: 'copiedFrom', before: null, after: from.nameZh }] },
    ]);
    return courseOf(s, row, lecturerIds);
  });
}

// ---- chapters and periods

const itemNotFound = () => new ApiError(Code.NOT_FOUND, 'authoring.itemNotFound');
const ITEM_FIELDS = ['nameZh', 'nameEn', 'contentType', 'resourceId', 'examId'] as const;

/** `crmCourseItems?courseId`: the course's chapters with their periods, in order. */
export async function crmCourseItems(ctx: AuthContext, courseId: string): Promise<CrmChapter[]> {
  if (!(await ctx.scope.authoring.course(courseId))) throw courseNotFound();
  const rows = await ctx.scope.authoring.items(courseId);
  const chapters: CrmChapter[] = rows
    .filter((r) => r.item.parentId === null)
    .map(({ item }) => ({ id: item.id, nameZh: item.nameZh, nameEn: item.nameEn, periods: [] }));
  for (const r of rows) {
    if (r.item.parentId === null) continue;
    const period: CrmPeriod = {
      id: r.item.id,
      nameZh: r.item.nameZh,
      nameEn: r.item.nameEn,
      contentType: r.item.contentType,
      resourceId: r.item.resourceId,
      resourceName: r.resourceZh === null ? '' : inLang(ctx.lang, r.resourceZh, r.resourceEn ?? ''),
      resourceType: r.resourceType,
      examId: r.item.examId,
      examName: r.examZh === null ? '' : inLang(ctx.lang, r.examZh, r.examEn ?? ''),
    };
    chapters.find((c) => c.id === r.item.parentId)?.periods.push(period);
  }
  return chapters;
}

/** What a period of `contentType` plays: the resource or exam it must name, checked to be the company's. */
async function periodContent(s: Scoped, body: CourseItemSaveBody): Promise<{ resourceId: string | null; examId: string | null }> {
  const type = body.contentType;
  if (type === 2 || type === 4) {
    const required = type === 2 ? 'authoring.resourceRequired' : 'authoring.imageRequired';
    if (!body.resourceId) throw new ApiError(Code.INVALID, required);
    const resource = await s.authoring.resource(body.resourceId);
    if (!resource) throw new ApiError(Code.INVALID, 'authoring.resourceNotFound');
    const fits = type === 2 ? (PLAYABLE_RESOURCE_TYPES as readonly number[]).includes(resource.resourceType) : resource.resourceType === IMAGE_RESOURCE_TYPE;
    if (!fits) throw new ApiError(Code.INVALID, required);
    return { resourceId: resource.id, examId: null };
  }
  if (type === 3) {
    if (!body.examId) throw new ApiError(Code.INVALID, 'authoring.examRequired');
    if (!(await s.authoring.exam(body.examId))) throw new ApiError(Code.INVALID, 'authoring.examNotFound');
    return { resourceId: null, examId: body.examId };
  }
  return { resourceId: null, examId: null };
}

/** `crmCourseItemSave`: a new chapter or period (last), or an edit of one; a chapter keeps no content. */
export async function crmCourseItemSave(ctx: AuthContext, body: CourseItemSaveBody): Promise<CrmChapter[]> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const course = await s.authoring.course(body.courseId);
    if (!course) throw courseNotFound();
    const before = body.id ? await s.authoring.item(body.id) : undefined;
    if (body.id && (!before || before.courseId !== course.id)) throw itemNotFound();
    if (before && (before.parentId === null) !== (body.parentId === null)) throw new ApiError(Code.INVALID, 'authoring.chapterIsChapter');
    if (body.parentId) {
      const chapter = await s.authoring.item(body.parentId);
      if (!chapter || chapter.courseId !== course.id || chapter.parentId !== null) throw new ApiError(Code.INVALID, 'authoring.chapterNotFound');
    }
    const content = body.parentId ? await periodContent(s, body) : { resourceId: null, examId: null };
    const values = { nameZh: body.nameZh, nameEn: body.nameEn, contentType: body.parentId ? body.contentType : 2, ...content };
    let row;
    if (!before) row = await s.authoring.insertItem({ courseId: course.id, parentId: body.parentId, ...values });
    else if (before.parentId !== body.parentId) {
      // A period moved to another chapter goes last there.
      const last = (await s.authoring.siblingItems(course.id, body.parentId)).at(-1);
      row = await s.authoring.updateItem(before.id, { ...values, parentId: body.parentId, sort: last ? last.sort + 1 : 0 });
    } else row = await s.authoring.updateItem(before.id, values);
    if (!row) throw itemNotFound();
    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: body.parentId ? 'period' : 'chapter',
        objectId: row.id,
        objectLabel: `${course.nameZh} · ${row.nameZh}`,
        changes: changesOf(before, row, before && before.parentId !== row.parentId ? [...ITEM_FIELDS, 'parentId'] : ITEM_FIELDS),
      },
    ]);
  });
  await catalogue.forget(eid);
  return crmCourseItems(ctx, body.courseId);
}

/** `crmCourseItemDelete`: a period, or a chapter with no period left in it. */
export async function crmCourseItemDelete(ctx: AuthContext, id: string): Promise<CrmChapter[]> {
  const eid = ctx.tenant.id;
  const courseId = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.authoring.item(id);
    if (!before) throw itemNotFound();
    if (before.parentId === null) {
      const periods = await s.authoring.siblingItems(before.courseId, before.id);
      if (periods.length) throw new ApiError(Code.FORBIDDEN, 'authoring.chapterNotEmpty', null, { count: periods.length });
    }
    const course = await s.authoring.course(before.courseId);
    if (!(await s.authoring.deleteItem(id))) throw itemNotFound();
    await recordAudit(s, ctx.member, [
      {
        action: 'delete',
        objectType: before.parentId ? 'period' : 'chapter',
        objectId: id,
        objectLabel: `${course?.nameZh ?? ''} · ${before.nameZh}`,
        changes: changesOf(before, null, ITEM_FIELDS),
      },
    ]);
    return before.courseId;
  });
  await catalogue.forget(eid);
  return crmCourseItems(ctx, courseId);
}

/** `crmCourseItemReorder`: a course's chapters, or one chapter's periods, in a new order. */
export async function crmCourseItemReorder(ctx: AuthContext, body: { courseId: string; parentId: string | null; ids: string[] }): Promise<CrmChapter[]> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const course = await s.authoring.course(body.courseId);
    if (!course) throw courseNotFound();
    const current = await s.authoring.siblingItems(course.id, body.parentId);
    const known = new Set(current.map((c) => c.id));
    if (current.length !== body.ids.length || !body.ids.every((x) => known.has(x))) {
      throw new ApiError(Code.INVALID, 'authoring.itemsMismatch', null, { count: current.length });
    }
    await s.authoring.reorderItems(body.ids);
    const names = (ids: string[]) => ids.map((x) => current.find((c) => c.id === x)!.nameZh);
    const changes = changesOf({ order: names(current.map((c) => c.id)) }, { order: names(body.ids) }, ['order']);
    if (changes.length) {
      await recordAudit(s, ctx.member, [
        { action: 'reorder', objectType: body.parentId ? 'period' : 'chapter', objectId: body.parentId ?? course.id, objectLabel: course.nameZh, changes },
      ]);
    }
  });
  await catalogue.forget(eid);
  return crmCourseItems(ctx, body.courseId);
}

/** `crmResourceOptions`: library resources a period may play, by name. */
export async function crmResourceOptions(ctx: AuthContext, query: { keyword?: string; resourceType?: number }): Promise<CrmOption[]> {
  const rows = await ctx.scope.authoring.resourceOptions(query.keyword?.trim() || undefined, query.resourceType);
  return rows.map((r) => ({ id: r.id, name: inLang(ctx.lang, r.nameZh, r.nameEn), resourceType: r.resourceType, duration: r.duration }));
}

/** `crmExamOptions`: exams an exam period may name, by name. */
export async function crmExamOptions(ctx: AuthContext, query: { keyword?: string }): Promise<CrmOption[]> {
  const rows = await ctx.scope.authoring.examOptions(query.keyword?.trim() || undefined);
  return rows.map((r) => ({ id: r.id, name: inLang(ctx.lang, r.nameZh, r.nameEn) }));
}

// ---- coursewares

/** `crmCoursewareList?courseId`: the files the course offers for download, in order. */
export async function crmCoursewareList(ctx: AuthContext, courseId: string): Promise<CrmCourseware[]> {
  if (!(await ctx.scope.authoring.course(courseId))) throw courseNotFound();
  const rows = await ctx.scope.authoring.coursewares(courseId);
  return rows.map(({ id, resource }) => ({
    id,
    resourceId: resource.id,
    name: inLang(ctx.lang, resource.nameZh, resource.nameEn),
    resourceType: resource.resourceType,
    fileName: resource.fileName,
    size: resource.size,
  }));
}

/** `crmCoursewareAdd`: offers a library file (not a video) with the course, last. */
export async function crmCoursewareAdd(ctx: AuthContext, body: { courseId: string; resourceId: string }): Promise<CrmCourseware[]> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const course = await s.authoring.course(body.courseId);
    if (!course) throw courseNotFound();
    const resource = await s.authoring.resource(body.resourceId);
    if (!resource) throw new ApiError(Code.INVALID, 'authoring.resourceNotFound');
    if (!(COURSEWARE_RESOURCE_TYPES as readonly number[]).includes(resource.resourceType)) throw new ApiError(Code.INVALID, 'authoring.coursewareType');
    const current = await s.authoring.coursewares(course.id);
    if (current.some((c) => c.resource.id === resource.id)) throw new ApiError(Code.INVALID, 'authoring.coursewareTwice');
    if (current.length >= MAX_COURSEWARES) throw new ApiError(Code.INVALID, 'authoring.coursewareLimit', null, { max: MAX_COURSEWARES });
    const row = await s.authoring.addCourseware(course.id, resource.id);
    await recordAudit(s, ctx.member, [
      { action: 'create', objectType: 'courseware', objectId: row.id, objectLabel: `${course.nameZh} · ${resource.nameZh}`, changes: [] },
    ]);
  });
  await catalogue.forget(eid);
  return crmCoursewareList(ctx, body.courseId);
}

/** `crmCoursewareRemove`: the course no longer offers the file (it stays in the library). */
export async function crmCoursewareRemove(ctx: AuthContext, id: string): Promise<CrmCourseware[]> {
  const eid = ctx.tenant.id;
  const courseId = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.authoring.courseware(id);
    if (!before) throw new ApiError(Code.NOT_FOUND, 'authoring.coursewareNotFound');
    const course = await s.authoring.course(before.courseId);
    const resource = await s.authoring.resource(before.resourceId);
    if (!(await s.authoring.removeCourseware(id))) throw new ApiError(Code.NOT_FOUND, 'authoring.coursewareNotFound');
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'courseware', objectId: id, objectLabel: `${course?.nameZh ?? ''} · ${resource?.nameZh ?? ''}`, changes: [] },
    ]);
    return before.courseId;
  });
  await catalogue.forget(eid);
  return crmCoursewareList(ctx, courseId);
}

// ---- the resource library

/** `crmResourcePage`: the library, newest first, with where each file is used. */
export async function crmResourcePage(ctx: AuthContext, body: Paging & { keyword?: string; resourceType?: number }): Promise<PageResult<CrmResource>> {
  const { rows, total } = await ctx.scope.authoring.resourcePage({ keyword: body.keyword?.trim() || undefined, resourceType: body.resourceType }, pageWindow(body));
  const list = rows.map(({ resource, usedCount, usedIn, liveCount, progress }): CrmResource => ({
    id: resource.id,
    name: inLang(ctx.lang, resource.nameZh, resource.nameEn),
    resourceType: resource.resourceType,
    fileName: resource.fileName,
    size: resource.size,
    duration: resource.duration,
    createdAt: resource.createdAt.toISOString(),
    usedIn: (usedIn ?? []).map((u) => inLang(ctx.lang, u.zh, u.en)),
    usedCount: Number(usedCount),
    liveCount: Number(liveCount),
    state: resource.state as ResourceState,
    progress: resource.state === 'ready' ? 100 : Number(progress),
    failure: resource.state === 'failed' ? resource.failure : '',
  }));
  return pageResult(list, body, total);
}

/** `crmResourceRetry`: queues a failed library resource's processing again. */
export function crmResourceRetry(ctx: AuthContext, body: { id: string }): Promise<void> {
  return retryProcessing(ctx, body.id, (r) => r.review === 'library' || r.review === 'approved');
}
