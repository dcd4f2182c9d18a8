// Live rooms and attendance in them.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { courses, lecturers, resources } from './courses';

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
    /** Where the lecturer's encoder pushes (RTMP); for administrators only, never answered to learners. */
    ingestUrl: text('ingest_url').notNull().default(''),
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
