// The ledger of points and credit hours.
import { index, numeric, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { member, tenant } from './tenant-columns';

/**
 * Points (`kind` 1, integral) and credit hours (`kind` 2) earned or spent, one row per
 * event; a member's total is the sum. Rankings read the totals.
 */
export const pointRecords = pgTable(
  'point_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: tenant(),
    enterpriseUserId: member(),
    kind: smallint('kind').notNull(),
    /** Points are whole; credit hours have one decimal. Negative: spent. */
    amount: numeric('amount', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    reasonZh: text('reason_zh').notNull(),
    reasonEn: text('reason_en').notNull(),
    /** What earned it (`course`, `project`, `exam`, `sign-in`, `manual`) and its id. */
    sourceType: varchar('source_type', { length: 16 }).notNull().default('manual'),
    sourceId: uuid('source_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_records_user_idx').on(t.enterpriseUserId, t.kind, t.createdAt),
    index('point_records_enterprise_idx').on(t.enterpriseId, t.kind),
  ],
);
