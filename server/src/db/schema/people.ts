// People and their memberships of enterprises, with each enterprise's departments and posts.
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { enterprises } from './tenancy';

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
    /** 1 enabled, 0 disabled by the back office: a disabled member cannot sign in and has no session. */
    status: smallint('status').notNull().default(1),
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
