/** Shapes of the back office's course authoring: categories and courses (administrators). */
import type { CourseStatus } from '@/lib/authoring-rules';

/** A category with the ones under it, in order; `courseCount` counts its own courses of any status. */
export interface CrmCategory {
  id: string;
  parentId: string | null;
  nameZh: string;
  nameEn: string;
  sort: number;
  courseCount: number;
  children: CrmCategory[];
}

/** A row of the course list. */
export interface CrmCourseItem {
  id: string;
  nameZh: string;
  nameEn: string;
  cover: string;
  status: CourseStatus;
  categoryId: string | null;
  /** The category's name in the caller's language ('' without one). */
  categoryName: string;
  /** Lecturers' names in the caller's language, in order. */
  lecturerNames: string[];
  periods: number;
  learners: number;
  isFree: boolean;
  priceFen: number | null;
  /** ISO 8601. */
  createdAt: string;
}

/** A course as its form edits it. */
export interface CrmCourse {
  id: string;
  nameZh: string;
  nameEn: string;
  introZh: string;
  introEn: string;
  cover: string;
  categoryId: string | null;
  lecturerIds: string[];
  creditHours: number;
  isFree: boolean;
  priceFen: number | null;
  watermark: boolean;
  antiSkip: boolean;
  status: CourseStatus;
}

export interface CrmCourseFilters {
  keyword?: string;
  categoryId?: string;
  status?: CourseStatus;
}
