// Comments, ratings, likes and collections, shared by every kind of target (course, task, project, announcement, post, answer).
import { index, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { enterpriseUsers } from './people';

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
