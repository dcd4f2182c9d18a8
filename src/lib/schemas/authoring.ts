/**
 * The back office's course authoring as both the forms and the gateway check it: course
 * categories (a tree in order) and courses (both languages, the English optional; cover,
 * category, lecturers, credit hours, free or priced, watermark and anti-skip; published, a
 * draft or removed). Pure (zod). Issue messages are keys of the `crmCourse` strings
 * (`crmCourse.error.*`), which the forms show in the user's language; the gateway answers its
 * own field messages. The constants (statuses, limits, message keys) are in `@/lib/authoring-rules`,
 * which pages may import without zod.
 */
import { z } from 'zod';
import { AUTHORING_ERRORS, COURSE_AUDIENCE, COURSE_STATUS, MAX_AUDIENCE, MAX_CATEGORY_SIBLINGS, MAX_COURSE_ITEMS, MAX_COURSE_LECTURERS, MAX_COURSE_POINTS, MAX_CREDIT_HOURS, MAX_PRICE_FEN, PERIOD_TYPES } from '@/lib/authoring-rules';

const required = (max: number) => z.string().trim().min(1, AUTHORING_ERRORS.required).max(max, AUTHORING_ERRORS.tooLong);
const optional = (max: number) => z.string().trim().max(max, AUTHORING_ERRORS.tooLong).default('');
const id = z.uuid();
const uniqueIds = (max: number) =>
  z
    .array(id)
    .max(max, AUTHORING_ERRORS.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, AUTHORING_ERRORS.tooMany);

export const categorySaveSchema = z.object({
  id: id.optional(),
  /** The parent category; null at the top. */
  parentId: id.nullable().default(null),
  nameZh: required(30),
  nameEn: optional(60),
});
export type CategorySaveBody = z.output<typeof categorySaveSchema>;

/** A new order of one parent's categories: each of them once, first to last. */
export const categoryReorderSchema = z.object({
  parentId: id.nullable().default(null),
  ids: uniqueIds(MAX_CATEGORY_SIBLINGS).min(1, AUTHORING_ERRORS.required),
});

/** A course's fields; {@link courseSaveSchema} adds the rule between them. */
export const courseSaveFields = z.object({
  id: id.optional(),
  nameZh: required(60),
  nameEn: optional(120),
  introZh: optional(2000),
  introEn: optional(4000),
  /** '' (none), the path an upload answered, or the one saved before. */
  cover: z.string().trim().max(4000, AUTHORING_ERRORS.tooLong).default(''),
  categoryId: id.nullable().default(null),
  lecturerIds: uniqueIds(MAX_COURSE_LECTURERS).default([]),
  creditHours: z.number(AUTHORING_ERRORS.number).int(AUTHORING_ERRORS.number).min(0, AUTHORING_ERRORS.number).max(MAX_CREDIT_HOURS, AUTHORING_ERRORS.number),
  points: z.number(AUTHORING_ERRORS.number).int(AUTHORING_ERRORS.number).min(0, AUTHORING_ERRORS.number).max(MAX_COURSE_POINTS, AUTHORING_ERRORS.number).default(0),
  isFree: z.boolean(),
  /** Fen; null: free, or paid without a price shown. */
  priceFen: z.number(AUTHORING_ERRORS.price).int(AUTHORING_ERRORS.price).min(1, AUTHORING_ERRORS.price).max(MAX_PRICE_FEN, AUTHORING_ERRORS.price).nullable().default(null),
  watermark: z.boolean(),
  antiSkip: z.boolean(),
  audience: z.union([z.literal(COURSE_AUDIENCE.everyone), z.literal(COURSE_AUDIENCE.chosen)]).default(COURSE_AUDIENCE.everyone),
  /** Departments (the company's own codes) and members who may see it, when the audience is chosen. */
  audienceDepartments: z
    .array(z.string().trim().min(1).max(40))
    .max(MAX_AUDIENCE, AUTHORING_ERRORS.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, AUTHORING_ERRORS.tooMany)
    .default([]),
  audienceMembers: uniqueIds(MAX_AUDIENCE).default([]),
});

/**
 * Whether a course shown to chosen people names anyone.
 *
 * @example audienceNamesSomeone({ audience: 1, audienceDepartments: [], audienceMembers: [] }) → false
 */
export const audienceNamesSomeone = (c: { audience?: number; audienceDepartments?: readonly unknown[]; audienceMembers?: readonly unknown[] }) =>
  c.audience !== COURSE_AUDIENCE.chosen || (c.audienceDepartments?.length ?? 0) + (c.audienceMembers?.length ?? 0) > 0;

/** A new course (no id) or an edit: a course shown to chosen people names at least one department or member. */
export const courseSaveSchema = courseSaveFields.refine(audienceNamesSomeone, { message: AUTHORING_ERRORS.audience, path: ['audienceDepartments'] });
export type CourseSaveBody = z.output<typeof courseSaveSchema>;

export const courseStatusSchema = z.object({
  id,
  status: z.union([z.literal(COURSE_STATUS.removed), z.literal(COURSE_STATUS.published), z.literal(COURSE_STATUS.draft)]),
});

export const courseFilterSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  categoryId: id.optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});

export const authoringIdSchema = z.object({ id });

/**
 * A chapter (no `parentId`) or a period (under a chapter) of a course: a new one goes last.
 * A period names its content type and, by type, a library resource (2, 4) or an exam (3).
 */
export const courseItemSaveSchema = z.object({
  id: id.optional(),
  courseId: id,
  parentId: id.nullable().default(null),
  nameZh: required(60),
  nameEn: optional(120),
  contentType: z.union(PERIOD_TYPES.map((t) => z.literal(t))).default(2),
  resourceId: id.nullable().default(null),
  examId: id.nullable().default(null),
});
export type CourseItemSaveBody = z.output<typeof courseItemSaveSchema>;

/** A new order of a course's chapters (no `parentId`) or of one chapter's periods. */
export const courseItemReorderSchema = z.object({
  courseId: id,
  parentId: id.nullable().default(null),
  ids: uniqueIds(MAX_COURSE_ITEMS).min(1, AUTHORING_ERRORS.required),
});

export const optionSearchSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  /** Resources: only this resource type (2 video, 3 audio, 4 document, 5 image, 6 archive). */
  resourceType: z.coerce.number().int().min(2).max(6).optional(),
});

export const courseIdSchema = z.object({ courseId: id });

export const coursewareAddSchema = z.object({ courseId: id, resourceId: id });
