/** Shapes of the lecturer's back-office pages: their own courses (`teachingCoursePage`). */
import type { CourseStatus } from '@/lib/authoring-rules';

/** Filters of the lecturer's course list. */
export interface TeachingCourseFilters {
  /** Part of the course's name, in either language. */
  keyword?: string;
}

/** One course the caller teaches, with what its learners did. */
export interface TeachingCourse {
  id: string;
  name: string;
  cover: string;
  /** 1 published, 2 a draft, 0 removed. */
  status: CourseStatus;
  /** 1 online, 2 live. */
  courseType: number;
  /** The category's name; '' when the course has none. */
  categoryName: string;
  /** Periods (chapters not counted). */
  periods: number;
  /** Members who started the course. */
  learners: number;
  /** Members who completed it. */
  completed: number;
  /** Completed of started, in percent with one decimal; 0 when nobody started. */
  completionRate: number;
  /** Mean rating 1–5 with one decimal; 0 without ratings. */
  rating: number;
  ratingCount: number;
  /** Comments on the course, replies not counted. */
  comments: number;
}
