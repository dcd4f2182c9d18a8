/** The back office's course authoring (administrators): the category tree and courses. */
import { call, type CallOptions } from '@/api/client';
import type { CrmCategory, CrmCourse, CrmCourseFilters, CrmCourseItem } from '@/api/crm-course-types';
import type { Paging } from '@/api/endpoints';
import type { PageResult } from '@/api/types';
import type { CourseStatus } from '@/lib/authoring-rules';
import type { CategorySaveBody, CourseSaveBody } from '@/lib/schemas/authoring';

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
