/** Shapes of the back office's course authoring: categories and courses (administrators). */
import type { CourseStatus, ResourceState } from '@/lib/authoring-rules';

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
  /** Points earned in the ledger on completing it. */
  points: number;
  isFree: boolean;
  priceFen: number | null;
  watermark: boolean;
  antiSkip: boolean;
  status: CourseStatus;
  /** 0 the whole company, 1 only the departments (with those under them) and members below. */
  audience: 0 | 1;
  audienceDepartments: string[];
  audienceMembers: AudienceMember[];
}

/** Who may see a course, as the course form edits it (members with their names, for the picker). */
export interface AudienceValue {
  audience: 0 | 1;
  audienceDepartments: string[];
  audienceMembers: AudienceMember[];
}

/** A member a course is shown to, as the member picker shows them. */
export interface AudienceMember {
  id: string;
  userName: string;
  empNo: string;
  departmentName: string;
}

export interface CrmCourseFilters {
  keyword?: string;
  categoryId?: string;
  status?: CourseStatus;
}

/** A period of a chapter as the course form's outline edits it. */
export interface CrmPeriod {
  id: string;
  nameZh: string;
  nameEn: string;
  contentType: number;
  resourceId: string | null;
  /** The resource's name in the caller's language and its type, when the period plays one. */
  resourceName: string;
  resourceType: number | null;
  examId: string | null;
  examName: string;
}

/** A chapter with its periods, in order. */
export interface CrmChapter {
  id: string;
  nameZh: string;
  nameEn: string;
  periods: CrmPeriod[];
}

/** A library resource or an exam a period may name. */
export interface CrmOption {
  id: string;
  name: string;
  /** Resources: 2 video, 3 audio, 4 document, 5 image, 6 archive. */
  resourceType?: number;
  /** Resources: seconds of video or audio. */
  duration?: number;
}

/** A file a course offers for download. */
export interface CrmCourseware {
  id: string;
  resourceId: string;
  name: string;
  resourceType: number;
  fileName: string;
  size: number;
}

/** A file of the resource library with where it is used. */
export interface CrmResource {
  id: string;
  /** In the caller's language (the Chinese where there is no English). */
  name: string;
  /** 2 video, 3 audio, 4 document, 5 image, 6 archive. */
  resourceType: number;
  fileName: string;
  size: number;
  /** Seconds of video or audio; 0 otherwise. */
  duration: number;
  /** ISO 8601. */
  createdAt: string;
  /** Courses whose periods play it or that offer it as courseware (names, at most 3, and how many). */
  usedIn: string[];
  usedCount: number;
  /** Live rooms that replay it. */
  liveCount: number;
  /** Its processing: `ready`, `processing` (with `progress`, 0 to 100) or `failed` (with `failure`). */
  state: ResourceState;
  progress: number;
  failure: string;
}

/** What the upload route answers when a file is complete (`Upload-Resource` header), and the retry row. */
export interface CrmResourceRetryBody {
  id: string;
}

/** Where a member's upload stands on its way to the library. */
export type UploadReview = 'own' | 'pending' | 'rejected' | 'approved';

/** A file in a member's own space ("my uploads"), with its processing and its review. */
export interface MyResource {
  id: string;
  name: string;
  resourceType: number;
  fileName: string;
  size: number;
  duration: number;
  createdAt: string;
  state: ResourceState;
  progress: number;
  failure: string;
  review: UploadReview;
  /** Why it was rejected; empty otherwise. */
  reviewReason: string;
  /** ISO 8601, when it was approved or rejected. */
  reviewedAt: string | null;
  /** The uploaded file, signed for a few minutes; empty until it is stored. */
  fileUrl: string;
}

/** A member's upload as the reviewing administrator sees it. */
export interface ReviewResource extends MyResource {
  uploaderName: string;
  uploaderEmpNo: string;
}

export interface ReviewDecision {
  id: string;
  approve: boolean;
  /** Required when rejecting. */
  reason?: string;
}
