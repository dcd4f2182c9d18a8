/** The back office's course authoring (administrators): the category tree and courses. */
import { call, type CallOptions } from '@/api/client';
import type { CrmCategory, CrmChapter, CrmCourse, CrmCourseFilters, CrmCourseItem, CrmCourseware, CrmOption, CrmResource, MyResource, ReviewDecision, ReviewResource } from '@/api/crm-course-types';
import type { Paging } from '@/api/endpoints';
import type { PageResult } from '@/api/types';
import type { CourseStatus } from '@/lib/authoring-rules';
import type { CategorySaveBody, CourseItemSaveBody, CourseSaveBody } from '@/lib/schemas/authoring';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

export function getCategoryTree(opts?: Extra): Promise<CrmCategory[]> {
  return call<CrmCategory[]>('crmCategoryTree', { ...opts });
}

/** Creates (no id) or renames and moves a category; answers its id. */
export function saveCategory(body: Partial<CategorySaveBody> & Pick<CategorySaveBody, 'nameZh'>, opts?: Extra): Promise<string> {
  return call<string>('crmCategorySave', { ...opts, body: { ...body } });
}

export function deleteCategory(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmCategoryDelete', { ...opts, body: { id } });
}

/** Puts one parent's categories in the order of `ids`; answers the whole tree. */
export function reorderCategories(parentId: string | null, ids: string[], opts?: Extra): Promise<CrmCategory[]> {
  return call<CrmCategory[]>('crmCategoryReorder', { ...opts, body: { parentId, ids } });
}

export function getCrmCoursePage(body: Partial<Paging> & CrmCourseFilters = {}, opts?: Extra): Promise<PageResult<CrmCourseItem>> {
  return call<PageResult<CrmCourseItem>>('crmCoursePage', { ...opts, body: { ...body } });
}

export function getCrmCourse(id: string, opts?: Extra): Promise<CrmCourse> {
  return call<CrmCourse>('crmCourseView', { ...opts, query: { id } });
}

/** Creates a course (a draft) or saves one. */
export function saveCrmCourse(body: Partial<CourseSaveBody>, opts?: Extra): Promise<CrmCourse> {
  return call<CrmCourse>('crmCourseSave', { ...opts, body: { ...body } });
}

/** Publishes (1), takes back to a draft (2) or removes (0) a course. */
export function setCrmCourseStatus(id: string, status: CourseStatus, opts?: Extra): Promise<CrmCourse> {
  return call<CrmCourse>('crmCourseStatus', { ...opts, body: { id, status } });
}

/** Copies a course as a new draft. */
export function copyCrmCourse(id: string, opts?: Extra): Promise<CrmCourse> {
  return call<CrmCourse>('crmCourseCopy', { ...opts, body: { id } });
}

// ---- chapters and periods

export function getCourseOutline(courseId: string, opts?: Extra): Promise<CrmChapter[]> {
  return call<CrmChapter[]>('crmCourseItems', { ...opts, query: { courseId } });
}

/** Creates or edits a chapter (no `parentId`) or a period; answers the whole outline. */
export function saveCourseItem(body: Partial<CourseItemSaveBody> & Pick<CourseItemSaveBody, 'courseId' | 'nameZh'>, opts?: Extra): Promise<CrmChapter[]> {
  return call<CrmChapter[]>('crmCourseItemSave', { ...opts, body: { ...body } });
}

export function deleteCourseItem(id: string, opts?: Extra): Promise<CrmChapter[]> {
  return call<CrmChapter[]>('crmCourseItemDelete', { ...opts, body: { id } });
}

export function reorderCourseItems(courseId: string, parentId: string | null, ids: string[], opts?: Extra): Promise<CrmChapter[]> {
  return call<CrmChapter[]>('crmCourseItemReorder', { ...opts, body: { courseId, parentId, ids } });
}

/** Library resources by name, of one type when given (at most 50). */
export function findResources(keyword: string, resourceType?: number, opts?: Extra): Promise<CrmOption[]> {
  const query: Record<string, string> = {};
  if (keyword) query.keyword = keyword;
  if (resourceType !== undefined) query.resourceType = String(resourceType);
  return call<CrmOption[]>('crmResourceOptions', { ...opts, query });
}

/** Exams by name (at most 50). */
export function findExams(keyword: string, opts?: Extra): Promise<CrmOption[]> {
  return call<CrmOption[]>('crmExamOptions', { ...opts, query: keyword ? { keyword } : {} });
}

// ---- coursewares

export function getCoursewares(courseId: string, opts?: Extra): Promise<CrmCourseware[]> {
  return call<CrmCourseware[]>('crmCoursewareList', { ...opts, query: { courseId } });
}

export function addCourseware(courseId: string, resourceId: string, opts?: Extra): Promise<CrmCourseware[]> {
  return call<CrmCourseware[]>('crmCoursewareAdd', { ...opts, body: { courseId, resourceId } });
}

export function removeCourseware(id: string, opts?: Extra): Promise<CrmCourseware[]> {
  return call<CrmCourseware[]>('crmCoursewareRemove', { ...opts, body: { id } });
}

/** A page of the resource library, newest first. */
export function getResourcePage(body: Partial<Paging> & { keyword?: string; resourceType?: number } = {}, opts?: Extra): Promise<PageResult<CrmResource>> {
  return call<PageResult<CrmResource>>('crmResourcePage', { ...opts, body: { ...body } });
}

/** Queues a failed resource's processing again. */
export function retryResource(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmResourceRetry', { ...opts, body: { id } });
}

/** The caller's own uploads with their processing and review. */
export function getMyResourcePage(body: Partial<Paging>, opts?: Extra): Promise<PageResult<MyResource>> {
  return call<PageResult<MyResource>>('myResourcePage', { ...opts, body: { ...body } });
}

export function submitMyResource(id: string, opts?: Extra): Promise<null> {
  return call<null>('myResourceSubmit', { ...opts, body: { id } });
}

export function retryMyResource(id: string, opts?: Extra): Promise<null> {
  return call<null>('myResourceRetry', { ...opts, body: { id } });
}

export function deleteMyResource(id: string, opts?: Extra): Promise<null> {
  return call<null>('myResourceDelete', { ...opts, body: { id } });
}

/** Members' uploads in one review state. */
export function getReviewPage(body: Partial<Paging> & { review?: 'pending' | 'approved' | 'rejected' }, opts?: Extra): Promise<PageResult<ReviewResource>> {
  return call<PageResult<ReviewResource>>('crmReviewPage', { ...opts, body: { ...body } });
}

export function decideReview(body: ReviewDecision, opts?: Extra): Promise<null> {
  return call<null>('crmReviewDecide', { ...opts, body: { ...body } });
}

/** Deletes a library file nothing uses. */
export function deleteResource(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmResourceDelete', { ...opts, body: { id } });
}
