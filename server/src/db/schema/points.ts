/** Measurement points (docs/DATA-MODEL.md) with their per-port device parameters, layers and favourites. */
import { sql } from 'drizzle-orm';
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
import { users } from './users';

export const measurementPoints = pgTable(
  'measurement_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** river, channel, well, tank, rain_gauge, flow */
    kind: text('kind').notNull(),
    groundLevel: doublePrecision('ground_level'),
    invertLevel: doublePrecision('invert_level'),
    /** seconds */
    measureTime: integer('measure_time').notNull(),
    transmissionTime: integer('transmission_time').notNull(),
    measuresForAvg: integer('measures_for_avg').notNull().default(1),
    alertValue: doublePrecision('alert_value'),
    warningValue: doublePrecision('warning_value'),
    levelDifference: doublePrecision('level_difference').notNull().default(0),
    value4mA: doublePrecision('value_4ma'),
    value20mA: doublePrecision('value_20ma'),
    unit: text('unit').notNull().default('m'),
    test: boolean('test').notNull().default(false),
    alertFlat: boolean('alert_flat').notNull().default(true),
    defaultAmountMeasuresFlat: integer('default_amount_measures_flat').notNull().default(10),
    defaultAmountGapMeasureExceed: doublePrecision('default_amount_gap_measure_exceed').notNull().default(3),
    public: boolean('public').notNull().default(false),
    /** Alert evaluation (docs/ALERTS.md): samples beyond a threshold before it opens, inside before it clears. */
    alertOnDelay: integer('alert_on_delay').notNull().default(1),
    alertOffDelay: integer('alert_off_delay').notNull().default(1),
    /** In the point's unit; null: 2 % of each threshold. */
    alertDeadband: doublePrecision('alert_deadband'),
    /** One entry per port: the device parameters of docs/DATA-MODEL.md. */
    parameters: jsonb('parameters').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('measurement_points_company_idx').on(t.companyId),
    uniqueIndex('measurement_points_company_name_live_key')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const pointFavourites = pgTable(
  'point_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pointId] })],
);

export const layers = pgTable(
  'layers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    viewable: boolean('viewable').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('layers_company_name_lower_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const layerPoints = pgTable(
  'layer_points',
  {
    layerId: uuid('layer_id')
      .notNull()
      .references(() => layers.id, { onDelete: 'cascade' }),
    pointId: uuid('point_id')
      .notNull()
      .references(() => measurementPoints.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.layerId, t.pointId] })],
);
