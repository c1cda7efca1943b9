/**
 * Telemetry (DESIGN.md §2). `measures` is partitioned by month in SQL (migration "measures"); drizzle
 * sees the parent table. Primary key (device_id, port, ts) is the idempotency key of ingestion.
 */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const measures = pgTable(
  'measures',
  {
    deviceId: uuid('device_id').notNull(),
    port: text('port').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    pointId: uuid('point_id'),
    /** null only in rows repaired by migration value_limits (a value an older version let in) */
    direct: doublePrecision('direct'),
    /** null when the conversion overflowed (flag 4) */
    adjusted: doublePrecision('adjusted'),
    interpreted: doublePrecision('interpreted'),
    /** QARTOD: 1 pass, 3 suspect, 4 fail, 9 missing */
    flag: smallint('flag').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    topic: text('topic'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.port, t.ts] })],
);

/** The latest value of each series, written in the same transaction as the measures. */
export const seriesLatest = pgTable(
  'series_latest',
  {
    pointId: uuid('point_id').notNull(),
    port: text('port').notNull(),
    deviceId: uuid('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    /** null only in rows repaired by migration value_limits */
    direct: doublePrecision('direct'),
    interpreted: doublePrecision('interpreted'),
    flag: smallint('flag').notNull(),
    alertLevel: text('alert_level').notNull().default('OK'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.port] })],
);

export const failedMeasures = pgTable(
  'failed_measures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    topic: text('topic'),
    serial: text('serial'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    /** First 4 KB of what arrived. */
    payload: text('payload'),
    /** Index of the measure in its message, when the refusal is per measure. */
    measureIndex: integer('measure_index'),
  },
  (t) => [
    index('failed_measures_received_idx').on(t.receivedAt),
    index('failed_measures_serial_idx').on(t.serial, t.receivedAt),
  ],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id').notNull(),
    type: text('type').notNull(),
    message: text('message'),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_device_ts_idx').on(t.deviceId, t.ts)],
);
