// Gateway plumbing: uploaded files, background jobs, the local outbox, the gateway's own secrets, export records (the download centre).
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { enterpriseUsers } from './people';
import { enterprises } from './tenancy';

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
    size: bigint('size', { mode: 'number' }).notNull(),
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

/**
 * Resumable uploads in progress and done (the tus protocol, `modules/authoring/uploads.ts`): the
 * upload's id in the tus store, whose it is, what it was declared to be, and the resource it
 * became once it was complete and checked (`resource_id`), so that a finished upload is turned
 * into a resource once however often its last request is repeated.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    enterpriseId: tenant(),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    /** `library` (an administrator's, straight into the library) or `mine` (a member's own space). */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    resourceId: uuid('resource_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('media_uploads_enterprise_idx').on(t.enterpriseId, t.createdAt)],
);
