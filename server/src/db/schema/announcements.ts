// Announcements and messages, and each member's state of them.
import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { enterpriseUsers } from './people';

/**
 * Announcements (`kind` 1, to everyone of the company: `recipient_id` null) and messages
 * (`kind` 2, to one member: `recipient_id`). Plain text; the site escapes it on display.
 * `published_at` later than now: not visible yet (scheduled).
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
    /** A draft of the back office: listed there only, never to members. */
    draft: boolean('draft').notNull().default(false),
    /** 0 plain text (escaped on display), 1 HTML sanitised by the gateway's allow-list when saved. */
    format: smallint('format').notNull().default(0),
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
