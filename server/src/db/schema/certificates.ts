// Certificates a company grants and the certificates members hold.
import {
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
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';
import { courses } from './courses';
import { projects } from './study';

/** Certificates a company grants, by completing `course_id` or `project_id`, or by hand. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** How long a certificate stays valid after issue, in months; null: forever. */
    validMonths: integer('valid_months'),
    createdAt: createdAt(),
  },
  (t) => [index('certificates_enterprise_idx').on(t.enterpriseId)],
);

/**
 * Certificates held: `issue_way` 1 automatic, 2 manual. Expired when `expires_at` has
 * passed. `code` is the public verification code.
 */
export const userCertificates = pgTable(
  'user_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    enterpriseUserId: member(),
    issueWay: smallint('issue_way').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    code: varchar('code', { length: 32 }).notNull().unique(),
  },
  (t) => [
    index('user_certificates_user_idx').on(t.enterpriseUserId, t.issuedAt),
    index('user_certificates_enterprise_idx').on(t.enterpriseId),
    // One of each certificate per member: issuing again (a course completed twice) changes nothing.
    unique('user_certificates_member_unique').on(t.certificateId, t.enterpriseUserId),
  ],
);
