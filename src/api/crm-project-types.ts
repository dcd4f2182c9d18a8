/** Shapes of the back office's study projects (administrators): authoring and the registration queue. */
import type { ProjectMember } from '@/api/learning-types';
import type { ProjectRegistration } from '@/lib/project-rules';

/** A row of the project list. */
export interface CrmProjectItem {
  id: string;
  nameZh: string;
  nameEn: string;
  cover: string;
  registration: ProjectRegistration;
  isFree: boolean;
  /** ISO 8601. */
  startAt: string;
  studyEndAt: string | null;
  courseCount: number;
  /** Approved registrations. */
  memberCount: number;
  /** Registrations waiting for approval. */
  waitingCount: number;
}

/** A course of the project as the form shows it. */
export interface CrmProjectCourse {
  courseId: string;
  nameZh: string;
  nameEn: string;
  required: boolean;
  /** Learners see only published courses. */
  published: boolean;
}

export interface CrmProjectPhase {
  id: string;
  nameZh: string;
  nameEn: string;
  introZh: string;
  introEn: string;
  courses: CrmProjectCourse[];
}

/** Everything the project form edits. */
export interface CrmProject extends CrmProjectItem {
  introZh: string;
  introEn: string;
  studyDays: number | null;
  creditHours: number;
  phases: CrmProjectPhase[];
  /** Courses outside any phase. */
  courses: CrmProjectCourse[];
  lecturers: { id: string; nameZh: string; nameEn: string }[];
  certificateId: string | null;
}

export interface CrmProjectFilters {
  keyword?: string;
}

/** A certificate of the company, with what issues it now. */
export interface CrmCertificateOption {
  id: string;
  nameZh: string;
  nameEn: string;
  /** The course or project that issues it; null: none (granted by hand). */
  boundTo: { kind: 'course' | 'project'; id: string; nameZh: string; nameEn: string } | null;
}

/** A registration in the queue: the learner side's shape. */
export type CrmProjectMember = ProjectMember;

export interface CrmProjectMemberFilters {
  id: string;
  status?: 0 | 1 | 2;
  keyword?: string;
}
