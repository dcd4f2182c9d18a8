// Study tasks and study (training) projects: their contents, phases, lecturers and members.
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { courses, lecturers } from './courses';
import { exams } from './exams';
import { enterpriseUsers } from './people';

/**
 * Study tasks assigned to members. `task_type`: 1 learning, 2 exam, 3 assessment, 4 coaching.
 */
export const studyTasks = pgTable(
  'study_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    cover: text('cover').notNull().default(''),
    taskType: smallint('task_type').notNull().default(1),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** Who must do it: 0 the whole company, 1 the departments, posts and members of `study_task_audience`. */
    audience: smallint('audience').notNull().default(0),
    /** Members who join later (or move into a chosen department or post) are assigned too. */
    joinLater: boolean('join_later').notNull().default(false),
    /** Unfinished members are reminded this many days before the end; null: no reminder. */
    remindDays: smallint('remind_days'),
    /** When that reminder is due (end minus the days), and when it was sent. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('study_tasks_enterprise_idx').on(t.enterpriseId, t.startAt)],
);

/**
 * Who must do a study task of audience 1: a department (with those under it), a post (with
 * those under it) or a member, one per row.
 */
export const studyTaskAudience = pgTable(
  'study_task_audience',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    departmentId: varchar('department_id', { length: 40 }),
    postId: varchar('post_id', { length: 40 }),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('study_task_audience_task_idx').on(t.enterpriseId, t.taskId)],
);

/** What a study task contains: courses (and, for exam tasks, an exam), in order. */
export const studyTaskItems = pgTable(
  'study_task_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    examId: uuid('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('study_task_items_task_idx').on(t.taskId, t.sort)],
);

export const studyTaskMembers = pgTable(
  'study_task_members',
  {
    enterpriseId: tenant(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    assignedAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.enterpriseUserId] }), index('study_task_members_user_idx').on(t.enterpriseUserId)],
);

/**
 * Study (training) projects. `registration` 0 open to all, 1 register first, 2 register and
 * wait for approval; `study_days` limits learning after joining ('The available learning time
 * has expired'); `study_end_at` closes it for everyone.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    cover: text('cover').notNull().default(''),
    registration: smallint('registration').notNull().default(0),
    /** Free projects are listed on the free list, open to every member. */
    isFree: boolean('is_free').notNull().default(false),
    studyDays: integer('study_days'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    studyEndAt: timestamp('study_end_at', { withTimezone: true }),
    creditHours: integer('credit_hours').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('projects_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/** A project's phases (`viem/phase/content`), in order. */
export const projectPhases = pgTable(
  'project_phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
  },
  (t) => [index('project_phases_project_idx').on(t.projectId, t.sort)],
);

/** A project's courses: required or elective, in a phase. */
export const projectCourses = pgTable(
  'project_courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id').references(() => projectPhases.id, { onDelete: 'set null' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('project_courses_project_idx').on(t.projectId, t.sort)],
);

export const projectLecturers = pgTable(
  'project_lecturers',
  {
    enterpriseId: tenant(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lecturerId: uuid('lecturer_id')
      .notNull()
      .references(() => lecturers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.lecturerId] })],
);

/** Registrations for projects: `status` 0 waiting for review, 1 approved, 2 rejected. */
export const projectMembers = pgTable(
  'project_members',
  {
    enterpriseId: tenant(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    status: smallint('status').notNull().default(0),
    appliedAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.enterpriseUserId] }), index('project_members_user_idx').on(t.enterpriseUserId)],
);
