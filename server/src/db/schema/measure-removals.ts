import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * What the measure-retention job removed (docs/OPERATIONS.md "Data life"), one row per table and
 * company: a monthly partition of `measures` dropped (one row per company that had rows in it), a
 * company's rows deleted from a partition kept for others, or failed measures past their days. The
 * daily summaries never recompute a company's days before its latest `older_than` (their measures are gone).
 */
export const measureRemovals = pgTable(
  'measure_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
    /** drop_partition | delete_rows | delete_failed_measures */
    action: text('action').notNull(),
    /** The table: measures_yYYYYmMM, measures_default or failed_measures. */
    tableName: text('table_name').notNull(),
    /** The UTC month of a monthly partition; null for measures_default and failed_measures. */
    month: date('month'),
    /** Whose rows; null for rows of no company (a dropped partition's) and for failed measures. */
    companyId: uuid('company_id').references(() => companies.id),
    /** Rows older than this instant were removed. */
    olderThan: timestamp('older_than', { withTimezone: true }).notNull(),
    /** Rows removed (a delete in batches adds each batch as it commits). */
    rows: integer('rows').notNull().default(0),
  },
  (t) => [index('measure_removals_company_idx').on(t.companyId, t.olderThan)],
);
