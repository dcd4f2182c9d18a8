// Courses and what they are made of: categories, lecturers, resources, chapters and periods, coursewares, purchases.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StoredResearchQuestion } from '../../../../src/api/period-types';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { enterpriseUsers } from './people';

/** Course categories (`system/auth/category/list`), a tree by `parent_id`. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    parentId: uuid('parent_id'),
    sort: integer('sort').notNull().default(0),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [index('categories_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/** Lecturers of a company; `enterprise_user_id` links one who is also a member (userType 2). */
export const lecturers = pgTable(
  'lecturers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** Lecturer level, 1 (junior) to 5 (chief). */
    level: smallint('level').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('lecturers_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/**
 * Media and documents. `resource_type`: 2 video, 3 audio, 4 document, 5 image, 6 archive.
 * `url` is a site path (`/media/…`) or a file-store path (`/files/…`); `play_urls` lists the
 * video's sources (HLS first) and `video_config` the player settings, sent as a JSON string.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    resourceType: smallint('resource_type').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Original file name; tells document kinds apart (xls, doc, txt, pdf, ppt). */
    fileName: text('file_name').notNull().default(''),
    url: text('url').notNull().default(''),
    playUrls: jsonb('play_urls').$type<{ url: string; type: string; definition?: string }[]>().notNull().default([]),
    videoConfig: jsonb('video_config').$type<Record<string, unknown>>().notNull().default({}),
    /** Length in seconds (video, audio); 0 for documents. */
    duration: integer('duration').notNull().default(0),
    /** Pages of a PDF document, read from the file when it is stored or seeded (0 until read, and for other files). */
    pages: integer('pages').notNull().default(0),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Image-and-text body: paragraphs of plain text and image paths, rendered escaped. */
    body: jsonb('body').$type<{ type: 'text' | 'image'; value: string }[]>().notNull().default([]),
    /**
     * Where an uploaded file's processing stands: `ready` (playable, previewable; every seeded
     * resource), `processing` (its job `job_id` is under way) or `failed` (`failure` says why).
     */
    state: varchar('state', { length: 16 }).notNull().default('ready'),
    jobId: uuid('job_id'),
    failure: text('failure').notNull().default(''),
    /** The member who uploaded the file (null for seeded resources). */
    createdBy: uuid('created_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    /**
     * Where the file stands between a member's own space and the library: `library` (an
     * administrator's upload, or seeded), `own` (a member's, not submitted), `pending` (submitted
     * for review), `rejected` (with `review_reason`), `approved` (a member's, now in the library).
     */
    review: varchar('review', { length: 16 }).notNull().default('library'),
    reviewReason: text('review_reason').notNull().default(''),
    reviewedBy: uuid('reviewed_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('resources_enterprise_idx').on(t.enterpriseId)],
);

/**
 * Courses. `status` 1 published, 0 removed ('The course has been removed'); `is_free` false
 * means only members with a `course_purchases` row may watch.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    cover: text('cover').notNull().default(''),
    status: smallint('status').notNull().default(1),
    isFree: boolean('is_free').notNull().default(true),
    /** Price of a paid course in fen (1/100 yuan); null when free or not priced. */
    priceFen: integer('price_fen'),
    /** Credit hours granted on completion. */
    creditHours: integer('credit_hours').notNull().default(0),
    /** Points a member earns in the ledger on completing the course (with its credit hours). */
    points: integer('points').notNull().default(0),
    /** A moving watermark with the viewer's name and employee number over the player. */
    watermark: boolean('watermark').notNull().default(false),
    /** Who may see it: 0 the whole company, 1 only the departments (with those under them) and members of `course_audience`. */
    audience: smallint('audience').notNull().default(0),
    /** No seeking past the furthest point watched until a period is completed once. */
    antiSkip: boolean('anti_skip').notNull().default(false),
    /** Percentage of a period's duration that completes it. */
    completeRatio: smallint('complete_ratio').notNull().default(95),
    /** Seconds a document page must stay shown before it counts as read. */
    pageSeconds: smallint('page_seconds').notNull().default(3),
    /** 1 online, 2 live. */
    courseType: smallint('course_type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('courses_enterprise_idx').on(t.enterpriseId, t.status, t.sort),
    index('courses_category_idx').on(t.categoryId),
  ],
);

export const courseLecturers = pgTable(
  'course_lecturers',
  {
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lecturerId: uuid('lecturer_id')
      .notNull()
      .references(() => lecturers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.lecturerId] }), index('course_lecturers_lecturer_idx').on(t.lecturerId)],
);

export const coursePurchases = pgTable(
  'course_purchases',
  {
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.enterpriseUserId] })],
);

/**
 * Requests to join a paid course's authorised purchase (spec section 6: "join an authorised
 * purchase"), which an administrator approves (the member then holds a `course_purchases` row)
 * or refuses with a reason. `status`: 0 waiting, 1 approved, 2 refused. One waiting request per
 * member and course.
 */
export const coursePurchaseRequests = pgTable(
  'course_purchase_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    status: smallint('status').notNull().default(0),
    /** What the member wrote with the request. */
    note: text('note').notNull().default(''),
    /** Why it was refused. */
    reason: text('reason').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_purchase_requests_enterprise_idx').on(t.enterpriseId, t.status, t.createdAt),
    index('course_purchase_requests_member_idx').on(t.enterpriseUserId, t.courseId, t.createdAt),
    uniqueIndex('course_purchase_requests_waiting_idx').on(t.courseId, t.enterpriseUserId).where(sql`status = 0`),
  ],
);

/**
 * Chapters (no parent) and periods (under a chapter) of a course. `content_type`: 2 directory
 * or video, 3 exam, 4 image, 5 research, 6 offline training, 7 real operation, 8 job
 * evaluation. A period plays `resource_id`, or links `exam_id` for content type 3.
 */
export const courseItems = pgTable(
  'course_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    sort: integer('sort').notNull().default(0),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    contentType: smallint('content_type').notNull().default(2),
    resourceId: uuid('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    examId: uuid('exam_id'),
    /** The questionnaire of a research period (content type 5); empty for other periods. */
    questions: jsonb('questions').$type<StoredResearchQuestion[]>().notNull().default([]),
  },
  (t) => [index('course_items_course_idx').on(t.courseId, t.sort), index('course_items_enterprise_idx').on(t.enterpriseId)],
);

/**
 * Who may see a course whose `audience` is 1: a department (with every department under it,
 * by the enterprise's own code) or a member, one per row.
 */
export const courseAudience = pgTable(
  'course_audience',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    departmentId: varchar('department_id', { length: 40 }),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('course_audience_course_idx').on(t.enterpriseId, t.courseId)],
);

/** Files offered with a course for download and preview. */
export const coursewares = pgTable(
  'coursewares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('coursewares_course_idx').on(t.courseId)],
);
