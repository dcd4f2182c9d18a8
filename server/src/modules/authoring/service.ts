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
import type { CrmCategory, CrmCourse, CrmCourseFilters, CrmCourseItem } from '@/api/crm-course-types';
import type { PageResult } from '@/api/types';
import { COURSE_STATUS, type CourseStatus } from '@/lib/authoring-rules';
import type { CategorySaveBody, CourseSaveBody } from '@/lib/schemas/authoring';
import { changesOf, recordAudit } from '../../audit';
import { scoped, type Scoped } from '../../db/access';
import type { AuthoredCourseRow, CategoryRow } from '../../db/access/authoring';
import { catalogue } from '../../db/access/catalogue-cache';
import { ApiError } from '../../envelope';
import { t } from '../../i18n';
import { inLang } from '../../localized';
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
  'isFree',
  'priceFen',
  'watermark',
  'antiSkip',
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

function toCourse(row: AuthoredCourseRow, lecturerIds: string[]): CrmCourse {
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
    isFree: row.isFree,
    priceFen: row.priceFen,
    watermark: row.watermark,
    antiSkip: row.antiSkip,
    status: row.status as CourseStatus,
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
  return toCourse(row, (await ctx.scope.authoring.lecturersOf([id])).map((l) => l.id));
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
      isFree: body.isFree,
      priceFen: body.isFree ? null : body.priceFen,
      watermark: body.watermark,
      antiSkip: body.antiSkip,
    };
    const row = before ? await s.authoring.updateCourse(before.id, values) : await s.authoring.insertCourse({ ...values, status: COURSE_STATUS.draft });
    if (!row) throw courseNotFound();
    const lecturersBefore = before ? (await s.authoring.lecturersOf([before.id])).map((l) => l.id) : [];
    await s.authoring.setLecturers(row.id, body.lecturerIds);
    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'course',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: [
          ...changesOf(before, row, COURSE_FIELDS),
          ...changesOf({ lecturerIds: lecturersBefore }, { lecturerIds: body.lecturerIds }, ['lecturerIds']),
        ],
      },
    ]);
    return toCourse(row, body.lecturerIds);
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
    return toCourse(row, (await s.authoring.lecturersOf([row.id])).map((l) => l.id));
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
    return toCourse(row, lecturerIds);
  });
}
