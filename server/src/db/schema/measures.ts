/**
 * Telemetry (docs/DATA-MODEL.md). `measures` is partitioned by month in SQL (migration "measures"); drizzle
 * sees the parent table. Primary key (device_id, port, ts) is the idempotency key of ingestion.
 */
import {
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A number taken by every process when it starts writing measures (db/writer-presence.ts):
 * a process that came and went between two alert rounds shows as a new number.
 */
export const measuresWriterGeneration = pgSequence('measures_writer_generation');

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

/**
 * Hourly rollup of `measures` per series (issue 13 item 8), moved by the writer in the statement that
 * inserts the measures, so late data lands in its hour at commit. Charts with buckets of an hour or
 * more read it instead of the raw rows. min/max/sum/usable cover only values within
 * ±maxMeasureMagnitude (like the chart buckets); count and flag cover every row.
 */
export const measuresHourly = pgTable(
  'measures_hourly',
  {
    pointId: uuid('point_id').notNull(),
    port: text('port').notNull(),
    /** Start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** Every measure of the hour. */
    count: integer('count').notNull(),
    /** The measures whose interpreted value is within the bound: what min, max and sum cover. */
    usable: integer('usable').notNull(),
    sum: doublePrecision('sum'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    /** Worst (highest) QARTOD flag of the hour. */
    flag: smallint('flag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.port, t.hour] })],
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
