/**
 * The gateway's one database schema. Every table that holds tenant data carries
 * `enterprise_id` (indexed) and is read only through `scoped(db, eid)` in `./access.ts`.
 * Migrations in `server/drizzle/` are generated from this file: `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

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

/** Files stored through the gateway (avatars): which enterprise and member uploaded them. */
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
  },
  (t) => [index('uploaded_files_enterprise_idx').on(t.enterpriseId)],
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
