// What the back office keeps of its own: the audit log of every change made there, and member
// imports waiting between their preview and their import.
import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './tenant-columns';
import { enterpriseUsers } from './people';

/** One changed field of an audited object: its value before and after (null: none). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit log: who changed what object of the company in the back office, when, and each
 * changed field before and after. Rows are only ever inserted; no call updates or deletes one.
 * `actor_name` and `object_label` are kept as they were, so a later rename or removal leaves
 * the record readable.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    actorId: uuid('actor_id').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** `create`, `update`, `delete`, `move`, `disable`, `enable`, `reset-password`, `import`, `publish`, … */
    action: varchar('action', { length: 32 }).notNull(),
    /** `department`, `post`, `member`, `site`, `nav`, `banner`, `zone`, `enum`, `announcement`, `message`, … */
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: text('object_id').notNull(),
    objectLabel: text('object_label').notNull().default(''),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_enterprise_idx').on(t.enterpriseId, t.createdAt),
    index('audit_log_object_idx').on(t.enterpriseId, t.objectType, t.objectId),
  ],
);

/** A row of a member spreadsheet as read, with the problems found in it (message keys). */
export interface ImportRow {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, string>;
  problems: { field: string; key: string }[];
}

/**
 * A member spreadsheet read and checked, waiting for the administrator to import it (or not):
 * `status` `preview`, then `importing` (its job id set), then `done` or `failed`.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    createdBy: uuid('created_by').references(() => enterpriseUsers.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    rows: jsonb('rows').$type<ImportRow[]>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('preview'),
    jobId: uuid('job_id'),
    imported: integer('imported').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('member_imports_enterprise_idx').on(t.enterpriseId, t.createdAt)],
);
