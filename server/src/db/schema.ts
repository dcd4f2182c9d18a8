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
  pgTable,
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
