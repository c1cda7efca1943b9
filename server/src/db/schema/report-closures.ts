/**
 * The month close (docs/REPORTS.md "Month close and revisions"): closed months, their frozen
 * revisions (figures, PDF and XLSX with a SHA-256 each, the point-days each changed), the exclusions
 * agreed with the client, and each company's delivery schedule.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { measurementPoints } from './points';
import { users } from './users';

/** Binary content (the frozen files); both drivers give a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const reportClosures = pgTable(
  'report_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'YYYY-MM', local to the company's time zone. */
    month: text('month').notNull(),
    closedBy: uuid('closed_by')
      .notNull()
      .references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language the frozen files are written in (the closer's). */
    language: text('language').notNull().default('es'),
    /** When the daily job last compared the month's figures with its latest revision. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Who gets the report by mail on close and on each revision. */
    recipientIds: uuid('recipient_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [uniqueIndex('report_closures_company_month_key').on(t.companyId, t.month)],
);

export const reportRevisions = pgTable(
  'report_revisions',
  {
    closureId: uuid('closure_id')
      .notNull()
      .references(() => reportClosures.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The closer for revision 1; null when the daily job found the figures changed. */
    createdBy: uuid('created_by').references(() => users.id),
    /** 'close' or 'recomputed'. */
    reason: text('reason').notNull(),
    /** The frozen MonthlyReport (contracts/src/reports.ts) the files were rendered from. */
    report: jsonb('report').notNull(),
    /** The point-days that differ from revision n − 1 (contracts/src/report-closures.ts). */
    changes: jsonb('changes').notNull().default([]),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    xlsx: bytea('xlsx').notNull(),
    xlsxSha256: text('xlsx_sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.closureId, t.n] })],
);

export const reportExclusions = pgTable(
  'report_exclusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id, { onDelete: 'cascade' }),
    /** 'exclusion' (the days do not count) or 'note' (a remark only). */
    kind: text('kind').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    cause: text('cause').notNull(),
    comment: text('comment'),
    attachmentRef: text('attachment_ref'),
    /** pending, accepted, disputed, withdrawn. */
    status: text('status').notNull().default('pending'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
  },
  (t) => [index('report_exclusions_point_days_idx').on(t.pointId, t.fromDay, t.toDay)],
);

/** A company's automatic close: the previous month closed and sent on `day` of each month. */
export const reportSchedules = pgTable('report_schedules', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** Day of the month (1–28) the previous month is closed on, after local midnight. */
  day: integer('day').notNull(),
  recipientIds: uuid('recipient_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
