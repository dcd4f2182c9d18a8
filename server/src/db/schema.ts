/**
 * The gateway's one database schema. Every table that holds tenant data carries
 * `enterprise_id` (indexed) and is read only through `scoped(db, eid)` in `./access.ts`.
 * Migrations in `server/drizzle/` are generated from this file: `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { answersShownRules, type AnswersShown } from '../../../src/api/exam-types';
import type { ResearchAnswers, StoredResearchQuestion } from '../../../src/api/period-types';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const enterprises = pgTable('enterprises', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Short stable code from the tenant file, used in user numbers. */
  code: varchar('code', { length: 32 }).notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  logo: text('logo').notNull().default(''),
  icon: text('icon').notNull().default(''),
  colorPrimary: text('color_primary').notNull(),
  colorPrimaryForeground: text('color_primary_foreground').notNull(),
  colorAccent: text('color_accent').notNull(),
  /** argon2id hash of the tenant's initial password; never leaves the gateway. */
  initPasswordHash: text('init_password_hash').notNull(),
  createdAt: createdAt(),
});

/** Host names (no port, lower case) that serve an enterprise's site. */
export const enterpriseDomains = pgTable(
  'enterprise_domains',
  {
    domain: varchar('domain', { length: 253 }).primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
  },
  (t) => [index('enterprise_domains_enterprise_idx').on(t.enterpriseId)],
);

/** A person, across enterprises (one phone, many memberships). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: varchar('phone', { length: 20 }).unique(),
  createdAt: createdAt(),
});

/** A person's membership of one enterprise, with that enterprise's account and profile. */
export const enterpriseUsers = pgTable(
  'enterprise_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userNo: varchar('user_no', { length: 40 }).notNull(),
    empNo: varchar('emp_no', { length: 20 }).notNull(),
    userName: varchar('user_name', { length: 15 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 1 normal, 2 teacher or lecturer, 3 organisation. */
    userType: smallint('user_type').notNull().default(1),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** 0 while the password is the tenant's initial one, 1 once changed. */
    isInitPassword: smallint('is_init_password').notNull().default(1),
    /** 1: synchronised from the company's HR system (may lack email and ID card). */
    dataSource: smallint('data_source').notNull().default(0),
    sex: varchar('sex', { length: 1 }).notNull().default(''),
    email: text('email').notNull().default(''),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    headPortrait: text('head_portrait').notNull().default(''),
    joiningTime: date('joining_time', { mode: 'string' }),
    departmentId: text('department_id').notNull().default(''),
    departmentName: text('department_name').notNull().default(''),
    postId: text('post_id').notNull().default(''),
    postName: text('post_name').notNull().default(''),
    postLevel: text('post_level').notNull().default(''),
    professional: text('professional').notNull().default(''),
    assessmentMethod: text('assessment_method').notNull().default(''),
    assessmentUserCategory: text('assessment_user_category').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('enterprise_users_enterprise_idx').on(t.enterpriseId),
    index('enterprise_users_user_idx').on(t.userId),
    unique('enterprise_users_emp_no_key').on(t.enterpriseId, t.empNo),
    unique('enterprise_users_user_no_key').on(t.enterpriseId, t.userNo),
    unique('enterprise_users_person_key').on(t.enterpriseId, t.userId),
  ],
);

/** Sign-in sessions; the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    enterpriseUserId: uuid('enterprise_user_id')
      .notNull()
      .references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_enterprise_idx').on(t.enterpriseId),
    index('sessions_user_idx').on(t.enterpriseUserId),
  ],
);

export const navItems = pgTable(
  'nav_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    /** 1 home, 2 train, 3 knowledge, 4 exam, 5 lecturer, 6 certificate, 7 account, 10 custom link. */
    navMenuType: smallint('nav_menu_type').notNull(),
    navUrl: text('nav_url').notNull().default(''),
    linkUrl: text('link_url').notNull().default(''),
    isMenu: smallint('is_menu').notNull().default(1),
    target: varchar('target', { length: 16 }).notNull().default('_self'),
  },
  (t) => [index('nav_items_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/** Enum options; `enterprise_id` null is the global list, an enterprise's own rows replace it. */
export const enums = pgTable(
  'enums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    enumName: varchar('enum_name', { length: 64 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    /** Group label of grouped enums (post level: `1岗`). */
    groupZh: text('group_zh'),
    groupEn: text('group_en'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('enums_enterprise_idx').on(t.enterpriseId, t.enumName),
    unique('enums_value_key').on(t.enterpriseId, t.enumName, t.value).nullsNotDistinct(),
  ],
);

/**
 * Failed sign-ins, the rate-limit counters. Kept in the database so that every replica sees
 * the same counts; rows older than the window are pruned as new ones arrive.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    empNo: varchar('emp_no', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.enterpriseId, t.empNo, t.attemptedAt),
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
  ],
);

// ---- enterprises and accounts

/**
 * Departments of an enterprise, a tree by `parent_id` (empty at the root). `id` is the
 * enterprise's own code (`D110`), the value members carry in `department_id`.
 */
export const departments = pgTable(
  'departments',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 40 }).notNull(),
    parentId: varchar('parent_id', { length: 40 }).notNull().default(''),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] })],
);

/** Posts (job positions) of an enterprise, grouped under post families by `parent_id`. */
export const posts = pgTable(
  'posts',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 40 }).notNull(),
    parentId: varchar('parent_id', { length: 40 }).notNull().default(''),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] })],
);

/**
 * Password-reset mail requests. Every request is a row (the per-account and per-address rate
 * limits count them); a request for an account with an address on file also holds the
 * SHA-256 of a single-use token that expires after 30 minutes.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    empNo: varchar('emp_no', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_account_idx').on(t.enterpriseId, t.empNo, t.createdAt),
    index('password_resets_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Files stored through the gateway (avatars, community pictures): which enterprise and member
 * uploaded them. `used_at` is when a saved object last named the file; one that no saved object
 * names a day after it was made (or last named) is removed by the upload sweeper.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    /** Store key, `<eid>/<name>`; the public URL is `/files/<key>`. */
    key: text('key').notNull().unique(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('uploaded_files_enterprise_idx').on(t.enterpriseId),
    // The hourly upload quota counts a member's latest uploads.
    index('uploaded_files_member_idx').on(t.enterpriseUserId, t.createdAt),
    // The sweeper looks at the oldest first.
    index('uploaded_files_created_idx').on(t.createdAt),
  ],
);

// ---- sign-in ways

/**
 * Image captchas: the keyed SHA-256 of the lower-cased answer, never the answer. A captcha
 * expires after 5 minutes and is spent by its first check, right or wrong.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * SMS verification codes, stored as keyed SHA-256 only. Every request is a row, delivered or
 * not (codes for unknown phones are counted but never sent), so the per-phone and per-address
 * limits count rows. `enterprise_id` is the tenant of the request that asked, when known.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** `login`, `register` or `reset`. */
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    delivered: boolean('delivered').notNull().default(false),
    /** Wrong guesses against this code; past the limit the code is spent. */
    failedChecks: smallint('failed_checks').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.scene, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_enterprise_idx').on(t.enterpriseId),
  ],
);

/**
 * Per-enterprise settings of the sign-in ways offered through other services: `wecom`,
 * `dingtalk` (scan-code login) and `oidc` (single sign-on). Holds client secrets: read only
 * on the gateway, never sent in an answer.
 */
export const signInConfigs = pgTable(
  'sign_in_configs',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.provider] })],
);

/** A member's account at another service (WeCom user id, DingTalk union id), per enterprise. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    enterpriseUserId: uuid('enterprise_user_id')
      .notNull()
      .references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.provider, t.subject] }),
    index('member_identities_member_idx').on(t.enterpriseUserId),
  ],
);

/**
 * Pending sign-ins at another service: the SHA-256 of the `state` handed out, bound to the
 * enterprise and the service, with the PKCE verifier and nonce of single sign-on. Single use,
 * 10 minutes.
 */
export const signInStates = pgTable(
  'sign_in_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /**
     * SHA-256 of the random value the browser that started the sign-in holds in an HttpOnly
     * cookie: only that browser can finish it.
     */
    bindingHash: varchar('binding_hash', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_states_enterprise_idx').on(t.enterpriseId),
    index('sign_in_states_expires_idx').on(t.expiresAt),
  ],
);

/** Hits counted for rate limits that have no table of their own (`bucket` + client address). */
export const rateHits = pgTable(
  'rate_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: varchar('bucket', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_hits_subject_idx').on(t.bucket, t.subject, t.at)],
);

/**
 * Background jobs (`server/src/jobs/`): work a handler registered for `kind` does with
 * `payload`, run once across every gateway process. `status` is `queued` (waiting for
 * `run_at`), `running` (claimed until `locked_until` by the claim `claim_token`; a job whose
 * lease ran out is taken again), `done` or `failed` (after `max_attempts`, with `last_error`).
 * `progress` (0 to 100) is what a page that started the job reads. Jobs of a company carry its
 * enterprise id.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    progress: smallint('progress').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_enterprise_idx').on(t.enterpriseId),
  ],
);

/**
 * Messages written to the local outbox (`<DATA_DIR>/outbox/`) instead of being sent: which
 * file, to whom. The message text stays in the file only.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `sms` or `mail`. */
    kind: varchar('kind', { length: 8 }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);

/**
 * Secrets the gateway creates for itself on first use (the key of code and captcha hashes when
 * `CODE_PEPPER` is not set), shared by every replica through the database.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---- learning: courses, resources, progress, study tasks and projects, live rooms

const tenant = () =>
  uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' });
const member = (name = 'enterprise_user_id') =>
  uuid(name)
    .notNull()
    .references(() => enterpriseUsers.id, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    /** A moving watermark with the viewer's name and employee number over the player. */
    watermark: boolean('watermark').notNull().default(false),
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

/**
 * Comments on courses, study tasks, projects and announcements (`target_type` 'course' | 'task'
 * | 'project' | 'announcement'); a reply has `parent_id` (the comment it belongs to), and
 * `reply_to_member_id` when it answers another reply (whose author it names).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: uuid('target_id').notNull(),
    parentId: uuid('parent_id'),
    enterpriseUserId: member(),
    replyToMemberId: uuid('reply_to_member_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_target_idx').on(t.enterpriseId, t.targetType, t.targetId, t.createdAt)],
);

/** Ratings 1–5 (`mark/save`), likes (`admire`) and collections, one row per member and target. */
export const ratings = pgTable(
  'ratings',
  {
    enterpriseId: tenant(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: uuid('target_id').notNull(),
    enterpriseUserId: member(),
    score: smallint('score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.enterpriseUserId] })],
);

export const likes = pgTable(
  'likes',
  {
    enterpriseId: tenant(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: uuid('target_id').notNull(),
    enterpriseUserId: member(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.enterpriseUserId] })],
);

export const collections = pgTable(
  'collections',
  {
    enterpriseId: tenant(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: uuid('target_id').notNull(),
    enterpriseUserId: member(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId, t.enterpriseUserId] }),
    index('collections_user_idx').on(t.enterpriseUserId, t.createdAt),
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [index('study_tasks_enterprise_idx').on(t.enterpriseId, t.startAt)],
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

/**
 * Live rooms. Status follows the clock: before `start_at` upcoming, between live, after
 * `end_at` ended; `stream_url` is the live HLS source and `playback_resource_id` the recording.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    cover: text('cover').notNull().default(''),
    lecturerId: uuid('lecturer_id').references(() => lecturers.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    streamUrl: text('stream_url').notNull().default(''),
    playbackResourceId: uuid('playback_resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** Seconds without a heartbeat after which a viewer counts as hung up. */
    hangUpSeconds: integer('hang_up_seconds').notNull().default(90),
    createdAt: createdAt(),
  },
  (t) => [index('live_rooms_enterprise_idx').on(t.enterpriseId, t.startAt)],
);

/** Attendance in a live room: joined, signed, left, hang-ups detected. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    enterpriseId: tenant(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    joinedAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    watchSeconds: integer('watch_seconds').notNull().default(0),
    hangUps: integer('hang_ups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.enterpriseUserId] })],
);

/**
 * Export records (the download centre): `export_status` 1 in progress, 2 finished and
 * downloadable, 3 failed. The file lives in the file store under `file_key`.
 */
export const exportRecords = pgTable(
  'export_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    fileKey: text('file_key'),
    exportStatus: smallint('export_status').notNull().default(1),
    /** What was exported (`courseProgress`, …), for the record's owner. */
    kind: varchar('kind', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('export_records_user_idx').on(t.enterpriseId, t.enterpriseUserId, t.createdAt)],
);

// ---- home, announcements and messages, points, credit hours and certificates

/** Home banners (`system/auth/banner/setting/list`), in `sort` order; `link_url` a site path or an address. */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    image: text('image').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    /** `_blank` opens the link in a new tab. */
    target: varchar('target', { length: 16 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('banners_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/**
 * Home zones (`system/auth/pc/zone/info/list`), in `sort` order. `relation_type` says what a
 * course zone lists (`zone/info/course/list?relationType`): 1 recommended (the zone's own
 * `home_zone_courses`), 2 newest, 3 most studied; `kind` 1 a course zone, 2 the lecturer zone.
 */
export const homeZones = pgTable(
  'home_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    kind: smallint('kind').notNull().default(1),
    relationType: smallint('relation_type').notNull().default(1),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('home_zones_enterprise_idx').on(t.enterpriseId, t.sort)],
);

/** Courses picked for a recommended zone, in `sort` order. */
export const homeZoneCourses = pgTable(
  'home_zone_courses',
  {
    enterpriseId: tenant(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => homeZones.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.courseId] })],
);

/** Lecturers featured on the home page (`zone/info/lecturer/list`), in `sort` order. */
export const homeZoneLecturers = pgTable(
  'home_zone_lecturers',
  {
    enterpriseId: tenant(),
    lecturerId: uuid('lecturer_id')
      .notNull()
      .references(() => lecturers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.lecturerId] })],
);

/** The home page's zone picture (`zone/info/logo`): one per company. */
export const homeSettings = pgTable('home_settings', {
  enterpriseId: tenant().primaryKey(),
  zoneLogo: text('zone_logo').notNull().default(''),
  zoneLogoLink: text('zone_logo_link').notNull().default(''),
  sloganZh: text('slogan_zh').notNull().default(''),
  sloganEn: text('slogan_en').notNull().default(''),
});

/**
 * Announcements (`kind` 1, to everyone of the company: `recipient_id` null) and messages
 * (`kind` 2, to one member: `recipient_id`). Plain text; the site escapes it on display.
 * `published_at` later than now: not visible yet.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    kind: smallint('kind').notNull().default(1),
    recipientId: uuid('recipient_id').references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    contentZh: text('content_zh').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    /** A site path the message points to (an export, an exam result), or ''. */
    linkUrl: text('link_url').notNull().default(''),
    allowComment: boolean('allow_comment').notNull().default(true),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('announcements_enterprise_idx').on(t.enterpriseId, t.kind, t.publishedAt),
    index('announcements_recipient_idx').on(t.recipientId, t.publishedAt),
  ],
);

/**
 * A member's state of one announcement or message (the "user record"): read time, like
 * (`admire`), removal from their list. No row: unread, not liked, listed.
 */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    enterpriseId: tenant(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    readAt: timestamp('read_at', { withTimezone: true }),
    admired: boolean('admired').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.enterpriseUserId] }),
    index('announcement_reads_user_idx').on(t.enterpriseUserId),
  ],
);

/**
 * Points (`kind` 1, integral) and credit hours (`kind` 2) earned or spent, one row per
 * event; a member's total is the sum. Rankings read the totals.
 */
export const pointRecords = pgTable(
  'point_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    kind: smallint('kind').notNull(),
    /** Points are whole; credit hours have one decimal. Negative: spent. */
    amount: numeric('amount', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    reasonZh: text('reason_zh').notNull(),
    reasonEn: text('reason_en').notNull(),
    /** What earned it (`course`, `project`, `exam`, `sign-in`, `manual`) and its id. */
    sourceType: varchar('source_type', { length: 16 }).notNull().default('manual'),
    sourceId: uuid('source_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_records_user_idx').on(t.enterpriseUserId, t.kind, t.createdAt),
    index('point_records_enterprise_idx').on(t.enterpriseId, t.kind),
  ],
);

/** Certificates a company grants, by completing `course_id` or `project_id`, or by hand. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** How long a certificate stays valid after issue, in months; null: forever. */
    validMonths: integer('valid_months'),
    createdAt: createdAt(),
  },
  (t) => [index('certificates_enterprise_idx').on(t.enterpriseId)],
);

/**
 * Certificates held: `issue_way` 1 automatic, 2 manual. Expired when `expires_at` has
 * passed. `code` is the public verification code.
 */
export const userCertificates = pgTable(
  'user_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    issueWay: smallint('issue_way').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    code: varchar('code', { length: 32 }).notNull().unique(),
  },
  (t) => [
    index('user_certificates_user_idx').on(t.enterpriseUserId, t.issuedAt),
    index('user_certificates_enterprise_idx').on(t.enterpriseId),
    // One of each certificate per member: issuing again (a course completed twice) changes nothing.
    unique('user_certificates_member_unique').on(t.certificateId, t.enterpriseUserId),
  ],
);

/**
 * Community posts: `kind` 1 a blog, 2 a question. Plain text (the site escapes it on display)
 * with up to nine pictures uploaded through the upload call (`images`, site paths). A question
 * may have one accepted answer. Likes, bookmarks (collections) and comments use the shared
 * tables with `target_type` 'post' or 'answer'.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    kind: smallint('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    acceptedAnswerId: uuid('accepted_answer_id'),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_posts_enterprise_idx').on(t.enterpriseId, t.kind, t.createdAt),
    index('community_posts_author_idx').on(t.enterpriseUserId, t.createdAt),
  ],
);

/** Answers to community questions, plain text with up to nine pictures. */
export const communityAnswers = pgTable(
  'community_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_answers_post_idx').on(t.postId, t.createdAt)],
);
