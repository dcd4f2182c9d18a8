// The home page: banners, zones with their courses and lecturers, the zone picture.
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './tenant-columns';
import { courses, lecturers } from './courses';

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
    /** Shown from and until (either null: open-ended). */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeUntil: timestamp('active_until', { withTimezone: true }),
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
