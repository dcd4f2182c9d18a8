// A member's learning: period and course progress, watch sessions, research answers, recorded results, study dynamics, course notes.
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ResearchAnswers } from '../../../../src/api/period-types';
import { createdAt, updatedAt } from './columns';
import { member, tenant } from './tenant-columns';
import { courseItems, courses } from './courses';
import { enterpriseUsers } from './people';

/** A member's one submission of a research period's questionnaire; final once made. */
export const researchAnswers = pgTable(
  'research_answers',
  {
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<ResearchAnswers>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseUserId, t.itemId] }),
    index('research_answers_item_idx').on(t.enterpriseId, t.itemId),
  ],
);

/**
 * The recorded result of a member in an offline training, real operation or job evaluation
 * period (content types 6–8), entered by a lecturer of the course or an administrator.
 */
export const periodRecords = pgTable(
  'period_records',
  {
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    passed: boolean('passed').notNull(),
    score: integer('score'),
    note: text('note').notNull().default(''),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseUserId, t.itemId] }),
    index('period_records_item_idx').on(t.enterpriseId, t.itemId),
  ],
);

/**
 * A member's progress in one period. `intervals` are the merged played spans in seconds
 * (`[[0, 31.5], [40, 62]]`), or for a paged document the pages shown (page n as `[n - 1, n]`,
 * so `[[0, 2]]` is pages 1 and 2), credited by the gateway only as far as wall time allows;
 * `progress` (0–100) is computed from them, never taken from the client.
 */
export const periodProgress = pgTable(
  'period_progress',
  {
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    intervals: jsonb('intervals').$type<[number, number][]>().notNull().default([]),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    lastPosition: integer('last_position').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseUserId, t.itemId] }),
    index('period_progress_course_idx').on(t.enterpriseUserId, t.courseId),
  ],
);

/** A member's progress in a course: learning status 0 not started, 1 learning, 2 completed. */
export const courseProgress = pgTable(
  'course_progress',
  {
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    progress: smallint('progress').notNull().default(0),
    status: smallint('status').notNull().default(0),
    lastItemId: uuid('last_item_id'),
    studySeconds: integer('study_seconds').notNull().default(0),
    startedAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseUserId, t.courseId] }),
    index('course_progress_enterprise_idx').on(t.enterpriseId, t.courseId),
  ],
);

/**
 * Watch sessions: one per opening of a period (`info/resource/watch`). Heartbeats credit
 * played time against the wall time since the last accepted beat.
 */
export const watchSessions = pgTable(
  'watch_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    studyTaskId: uuid('study_task_id'),
    startedAt: createdAt(),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull().defaultNow(),
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('watch_sessions_user_idx').on(t.enterpriseUserId, t.itemId)],
);

/** Study dynamics: what members did (started, completed a period or a course, …). */
export const studyDynamics = pgTable(
  'study_dynamics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    /** 1 started a course, 2 completed a period, 3 completed a course, 4 joined a project, 5 joined a live class. */
    kind: smallint('kind').notNull(),
    courseId: uuid('course_id'),
    itemId: uuid('item_id'),
    projectId: uuid('project_id'),
    createdAt: createdAt(),
  },
  (t) => [index('study_dynamics_enterprise_idx').on(t.enterpriseId, t.createdAt), index('study_dynamics_user_idx').on(t.enterpriseUserId, t.createdAt)],
);

/** Course user records (`course/user/record/save`, `edit`): a member's notes on a course. */
export const courseUserRecords = pgTable(
  'course_user_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_user_records_user_idx').on(t.enterpriseUserId, t.courseId)],
);
