// Exams: questions, markers, papers and their answers, screen events, batches and reservations, exam tasks.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { answersShownRules, type AnswersShown } from '../../../../src/api/exam-types';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { enterpriseUsers } from './people';

/** Exams, as far as learning needs them (a course's exam period); the exam centre extends them. */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Minutes. */
    duration: integer('duration').notNull().default(60),
    totalScore: integer('total_score').notNull().default(100),
    passScore: integer('pass_score').notNull().default(60),
    /** Attempts allowed; 0 unlimited. */
    attempts: integer('attempts').notNull().default(1),
    /** Rules shown before the exam. */
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    /** Times a candidate may leave the page; one more hands the paper in. 0: leaving is not counted. */
    screenSwitchLimit: integer('screen_switch_limit').notNull().default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /**
     * When the candidate's review shows the correct answers and analysis (`answersShownRules`):
     * 'never', 'afterLastAttempt' (default), 'afterWindow', 'afterEachAttempt'.
     */
    answersShown: varchar('answers_shown', { length: 20 }).$type<AnswersShown>().notNull().default('afterLastAttempt'),
    /** Multiple choice: a partly right answer without a wrong option earns half the score. */
    partialCredit: boolean('partial_credit').notNull().default(false),
    /** The exam's window; an assigned task not attempted by `end_at` becomes absent (4). */
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('exams_enterprise_idx').on(t.enterpriseId),
    check('exams_answers_shown_check', sql.raw(`answers_shown in (${answersShownRules.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

/** Members who mark an exam's short answers (its lecturers). */
export const examMarkers = pgTable(
  'exam_markers',
  {
    enterpriseId: tenant(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.enterpriseUserId] }), index('exam_markers_user_idx').on(t.enterpriseUserId)],
);

/**
 * Questions of an exam. `question_type`: 1 single choice, 2 multiple choice, 3 true or false,
 * 4 fill in the blank, 5 short answer; `difficulty` 1 simple, 2 general, 3 more difficult,
 * 4 difficult. `answer` never leaves the gateway before hand-in: option keys for types 1–3
 * (`['B']`, `['A','C']`, `['T']`), per blank a list of accepted texts for type 4
 * (`[['北京', 'Beijing'], ['1949']]`), a reference text for type 5 (`['…']`).
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    questionType: smallint('question_type').notNull(),
    difficulty: smallint('difficulty').notNull().default(1),
    stemZh: text('stem_zh').notNull(),
    stemEn: text('stem_en').notNull(),
    options: jsonb('options').$type<{ key: string; textZh: string; textEn: string }[]>().notNull().default([]),
    answer: jsonb('answer').$type<string[] | string[][]>().notNull(),
    score: integer('score').notNull(),
    analysisZh: text('analysis_zh').notNull().default(''),
    analysisEn: text('analysis_en').notNull().default(''),
  },
  (t) => [index('exam_questions_exam_idx').on(t.examId, t.sort)],
);

/**
 * An attempt at an exam (a paper). `status`: 0 in progress, 1 handed in and waiting to be
 * marked, 2 marked. `deadline_at` is the gateway's; a paper past it is handed in by the gateway
 * (`submit_reason` 'timeout') whether or not a browser is there. Question and option orders are
 * fixed per attempt when the exam shuffles.
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => examTasks.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    attemptNo: integer('attempt_no').notNull().default(1),
    questionOrder: jsonb('question_order').$type<string[]>().notNull(),
    optionOrders: jsonb('option_orders').$type<Record<string, string[]>>().notNull().default({}),
    startedAt: createdAt(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** 'user' handed in, 'timeout' by the gateway at the deadline, 'screen' past the screen-switch limit. */
    submitReason: varchar('submit_reason', { length: 16 }),
    status: smallint('status').notNull().default(0),
    score: integer('score'),
    screenSwitches: integer('screen_switches').notNull().default(0),
  },
  (t) => [
    index('exam_papers_user_idx').on(t.enterpriseId, t.enterpriseUserId, t.startedAt),
    index('exam_papers_task_idx').on(t.taskId),
    index('exam_papers_open_idx').on(t.status, t.deadlineAt),
    unique('exam_papers_attempt_key').on(t.taskId, t.attemptNo),
  ],
);

/**
 * A paper's answers, one row per question. `seq` is the runner's counter for the question: a
 * save with a lower or equal seq than the stored one changes nothing (saves are idempotent and
 * a late retry never overwrites a newer answer). `score` is set by automatic scoring or marking.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => examPapers.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score'),
    markedBy: uuid('marked_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [unique('exam_answers_paper_question_key').on(t.paperId, t.questionId), index('exam_answers_enterprise_idx').on(t.enterpriseId)],
);

/** Each time a candidate left the exam page (`hidden` tab switch, `blur` window), with both clocks. */
export const examScreenEvents = pgTable(
  'exam_screen_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => examPapers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The runner's event id: the same event sent twice is counted once. */
    eventId: varchar('event_id', { length: 64 }).notNull(),
    clientAt: timestamp('client_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('exam_screen_events_key').on(t.paperId, t.eventId)],
);

/** Sittings of an exam that candidates reserve (batch reservation). */
export const examBatches = pgTable(
  'exam_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    place: text('place').notNull().default(''),
  },
  (t) => [index('exam_batches_exam_idx').on(t.enterpriseId, t.examId, t.startAt)],
);

export const examReservations = pgTable(
  'exam_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => examBatches.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    createdAt: createdAt(),
  },
  (t) => [unique('exam_reservations_key').on(t.batchId, t.enterpriseUserId), index('exam_reservations_user_idx').on(t.enterpriseUserId)],
);

/**
 * A member's exam task. `status`: 0 waiting for test, 1 pass, 2 fail, 3 waiting to be marked,
 * 4 absent. `type` 1 is a course's exam (`saveExamTaskByCourseId`, set by the gateway), 2 assigned.
 */
export const examTasks = pgTable(
  'exam_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    type: smallint('type').notNull().default(1),
    courseId: uuid('course_id'),
    itemId: uuid('item_id'),
    status: smallint('status').notNull().default(0),
    score: integer('score'),
    createdAt: createdAt(),
  },
  (t) => [
    index('exam_tasks_user_idx').on(t.enterpriseId, t.enterpriseUserId),
    // One task per learner, course and exam (assigned tasks have no course and are not bound by it).
    unique('exam_tasks_course_key').on(t.enterpriseUserId, t.examId, t.courseId),
  ],
);
