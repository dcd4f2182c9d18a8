// Enterprises (the tenants), the host names that serve them, their navigation and enum options.
import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
