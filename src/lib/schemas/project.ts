/**
 * The back office's study project form, shared by the gateway (input checks) and the page (the
 * form's resolver): names, registration, dates, phases with their courses, lecturers and the
 * certificate the project issues. Messages are keys of the strings, in both languages.
 */
import { z } from 'zod';
import { AUTHORING_ERRORS, MAX_CREDIT_HOURS } from '@/lib/authoring-rules';
import { MAX_PHASE_COURSES, MAX_PROJECT_LECTURERS, MAX_PROJECT_PHASES, MAX_STUDY_DAYS, PROJECT_ERRORS } from '@/lib/project-rules';

export * from '@/lib/project-rules';

const required = (max: number) => z.string().trim().min(1, AUTHORING_ERRORS.required).max(max, AUTHORING_ERRORS.tooLong);
const optional = (max: number) => z.string().trim().max(max, AUTHORING_ERRORS.tooLong).default('');
const instant = z.iso.datetime({ offset: true, message: PROJECT_ERRORS.time });

export const projectCourseFields = z.object({
  courseId: z.uuid(),
  /** Required (true) or elective (false). */
  required: z.boolean().default(true),
});

export const projectPhaseFields = z.object({
  /** A phase saved before keeps its id (learners' links to it stay good). */
  id: z.uuid().optional(),
  nameZh: required(60),
  nameEn: optional(120),
  introZh: optional(1000),
  introEn: optional(2000),
  courses: z.array(projectCourseFields).max(MAX_PHASE_COURSES, PROJECT_ERRORS.courseCount).default([]),
});

export const projectSaveFields = z.object({
  id: z.uuid().optional(),
  nameZh: required(60),
  nameEn: optional(120),
  introZh: optional(2000),
  introEn: optional(4000),
  /** '' (none), the path an upload answered, or the one saved before. */
  cover: z.string().trim().max(4000, AUTHORING_ERRORS.tooLong).default(''),
  registration: z.union([z.literal(0), z.literal(1), z.literal(2)], PROJECT_ERRORS.registration).default(0),
  isFree: z.boolean().default(false),
  /** Days of learning after joining; null: no limit. */
  studyDays: z.number(PROJECT_ERRORS.studyDays).int(PROJECT_ERRORS.studyDays).min(1, PROJECT_ERRORS.studyDays).max(MAX_STUDY_DAYS, PROJECT_ERRORS.studyDays).nullable().default(null),
  startAt: instant,
  /** When learning closes for everyone; null: never. */
  studyEndAt: instant.nullable().default(null),
  creditHours: z.number(PROJECT_ERRORS.creditHours).int(PROJECT_ERRORS.creditHours).min(0, PROJECT_ERRORS.creditHours).max(MAX_CREDIT_HOURS, PROJECT_ERRORS.creditHours).default(0),
  phases: z.array(projectPhaseFields).max(MAX_PROJECT_PHASES, PROJECT_ERRORS.phaseCount).default([]),
  /** Courses outside any phase (seeded projects may have them). */
  courses: z.array(projectCourseFields).max(MAX_PHASE_COURSES, PROJECT_ERRORS.courseCount).default([]),
  lecturerIds: z.array(z.uuid()).max(MAX_PROJECT_LECTURERS, PROJECT_ERRORS.lecturerCount).default([]),
  /** The certificate completing the project issues; null: none. */
  certificateId: z.uuid().nullable().default(null),
});

/** The end of learning after the start. */
export const projectTimesInOrder = (v: { startAt?: string | null; studyEndAt?: string | null }) =>
  !v.startAt || !v.studyEndAt || Date.parse(v.studyEndAt) > Date.parse(v.startAt);

/** Each course once in the whole project. */
export const projectCoursesOnce = (v: { phases?: { courses?: { courseId: string }[] }[]; courses?: { courseId: string }[] }) => {
  const ids = [...(v.phases ?? []).flatMap((p) => p.courses ?? []), ...(v.courses ?? [])].map((c) => c.courseId);
  return new Set(ids).size === ids.length;
};

export const projectSaveSchema = projectSaveFields
  .refine(projectTimesInOrder, { message: PROJECT_ERRORS.order, path: ['studyEndAt'] })
  .refine(projectCoursesOnce, { message: PROJECT_ERRORS.courseTwice, path: ['phases'] });
export type ProjectSaveBody = z.output<typeof projectSaveSchema>;
export type ProjectSaveInput = z.input<typeof projectSaveSchema>;

export const projectFilterSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

export const projectMemberFilterSchema = z.object({
  id: z.uuid(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const projectDecideSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  approve: z.boolean(),
});
