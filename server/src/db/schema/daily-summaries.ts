/**
 * The daily summaries the reports read (docs/REPORTS.md "Daily summaries"): one row per point, series
 * and local day of the company's time zone, with its counts and class; which company days are
 * computed; and the point-days late data made stale (server/src/reporting/).
 */
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { measurementPoints } from './points';

export const dailySummaries = pgTable(
  'daily_summaries',
  {
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id, { onDelete: 'cascade' }),
    /** '' for a point with no series at all that day. */
    port: text('port').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The series the point's class and operation % count on. */
    main: boolean('main').notNull(),
    class: text('class').notNull(),
    /** [{criterion, count, limit}] of the deciding level (contracts/src/daily-summaries.ts). */
    reasons: jsonb('reasons').notNull().default([]),
    exclusion: text('exclusion'),
    count: integer('count').notNull(),
    expected: integer('expected').notNull(),
    /** 24, or 23 / 25 on a DST change. */
    hours: real('hours').notNull(),
    min: doublePrecision('min'),
    minAt: timestamp('min_at', { withTimezone: true }),
    max: doublePrecision('max'),
    maxAt: timestamp('max_at', { withTimezone: true }),
    mean: doublePrecision('mean'),
    first: doublePrecision('first'),
    firstAt: timestamp('first_at', { withTimezone: true }),
    last: doublePrecision('last'),
    lastAt: timestamp('last_at', { withTimezone: true }),
    outOfRange: integer('out_of_range').notNull(),
    jumps: integer('jumps').notNull(),
    longestEqualRun: integer('longest_equal_run').notNull(),
    /** Pulse series: the day's sum; null for a level series. */
    total: doublePrecision('total'),
    /** 'rain' or 'volume' for a pulse series. */
    totalKind: text('total_kind'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.port, t.day] }),
    index('daily_summaries_company_day_idx').on(t.companyId, t.day),
  ],
);

/** A company's local day whose summaries were computed for every point it had. */
export const dailySummaryDays = pgTable(
  'daily_summary_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** A computed point-day that measures arriving later changed: recomputed by the job or the next read. */
export const dailySummaryStale = pgTable(
  'daily_summary_stale',
  {
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.day] })],
);
