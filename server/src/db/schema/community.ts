// The community: posts (blogs and questions) and answers.
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';

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
