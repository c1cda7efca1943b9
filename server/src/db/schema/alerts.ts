/**
 * Alerts and the evaluator's per-series memory (docs/ALERTS.md).
 *
 * An alert is active while `cleared_at` is null; at most one active alert per (point, port, type)
 * (a repeat raises `count` and `last_at`). Lifecycle: open → acknowledged (who, when, comment) →
 * cleared; a cleared alert stays "cleared, unacknowledged" until someone acknowledges it. Shelving
 * holds its notifications until `shelved_until`.
 */
import { sql } from 'drizzle-orm';
import type { AlertType } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';
import {
  boolean,
  doublePrecision,
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

/**
 * An outage Aforo noticed (docs/ALERTS.md outage awareness): ingestion silent as a whole (company null)
 * or more than 30 % of a company's transmitting points silent at once. Active while `ended_at` is null.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    /** ingestion_silent | mass_silence */
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Silent points / transmitting points when it started. */
    silentPoints: integer('silent_points').notNull(),
    watchedPoints: integer('watched_points').notNull(),
  },
  (t) => [
    uniqueIndex('incidents_active_key')
      .on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.kind)
      .where(sql`${t.endedAt} is null`),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id),
    /** The series' port; null for alerts of the whole point (NO_TRANSMISSION of a silent device). */
    port: text('port'),
    deviceId: uuid('device_id'),
    type: text('type').$type<AlertType>().notNull(),
    /** Never OK. */
    level: text('level').$type<AlertLevel>().notNull(),
    /** Measurement time and value of the sample that opened it. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedValue: doublePrecision('opened_value'),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastValue: doublePrecision('last_value'),
    count: integer('count').notNull().default(1),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedValue: doublePrecision('cleared_value'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    acknowledgeComment: text('acknowledge_comment'),
    shelvedUntil: timestamp('shelved_until', { withTimezone: true }),
    shelvedBy: uuid('shelved_by').references(() => users.id),
    shelveReason: text('shelve_reason'),
    /** Raised by back-filled values: recorded, never notified as news. */
    late: boolean('late').notNull().default(false),
    /** Device in maintenance or point in test: recorded, never notified. */
    muted: boolean('muted').notNull().default(false),
    /** Raised during this outage: recorded, its notification held until the incident ends. */
    incidentId: uuid('incident_id').references(() => incidents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alerts_active_series_type_key')
      .on(t.pointId, sql`coalesce(${t.port}, '')`, t.type)
      .where(sql`${t.clearedAt} is null`),
    index('alerts_company_opened_idx').on(t.companyId, t.openedAt),
    index('alerts_point_opened_idx').on(t.pointId, t.openedAt),
    // notifying's sweep: alerts cleared in the last hour never routed as resolved
    index('alerts_cleared_idx')
      .on(t.clearedAt)
      .where(sql`${t.clearedAt} is not null`),
  ],
);

/** The evaluator's memory of each series (alerting/evaluator.ts SeriesState), written with its alerts. */
export const alertSeriesStates = pgTable(
  'alert_series_states',
  {
    pointId: uuid('point_id').notNull(),
    port: text('port').notNull(),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.port] })],
);
