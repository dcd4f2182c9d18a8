/**
 * Study project authoring's constants, free of zod so that pages may import them: the limits of
 * the project form, the registration rules and statuses, and the keys of the form's messages.
 * The schema built on them is in `@/lib/schemas/project`.
 */
/** Most phases of a project, courses in one phase (or outside phases), and lecturers. */
export const MAX_PROJECT_PHASES = 30;
export const MAX_PHASE_COURSES = 100;
export const MAX_PROJECT_LECTURERS = 20;
/** Longest learning time after joining, in days (ten years). */
export const MAX_STUDY_DAYS = 3650;
/** 0 open to all, 1 register first, 2 register and wait for approval. */
export const PROJECT_REGISTRATIONS = [0, 1, 2] as const;
export type ProjectRegistration = (typeof PROJECT_REGISTRATIONS)[number];
/** A registration's status: 0 waiting for approval, 1 approved, 2 rejected. */
export const REGISTRATION_STATUSES = [0, 1, 2] as const;

export const PROJECT_ERRORS = {
  time: 'crmProject.error.time',
  order: 'crmProject.error.order',
  studyDays: 'crmProject.error.studyDays',
  creditHours: 'crmProject.error.creditHours',
  registration: 'crmProject.error.registration',
  phaseCount: 'crmProject.error.phaseCount',
  courseCount: 'crmProject.error.courseCount',
  courseTwice: 'crmProject.error.courseTwice',
  lecturerCount: 'crmProject.error.lecturerCount',
} as const;
