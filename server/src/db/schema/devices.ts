/** Field devices, their state history (docs/DEVICES.md) and components. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firmwares, models, networks, products } from './catalogue';
import { companies } from './companies';
import { measurementPoints } from './points';
import { users } from './users';

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    manufactured: date('manufactured'),
    modelId: uuid('model_id').references(() => models.id),
    productId: uuid('product_id').references(() => products.id),
    firmwareId: uuid('firmware_id').references(() => firmwares.id),
    simNumber: text('sim_number'),
    networkId: uuid('network_id').references(() => networks.id),
    companyId: uuid('company_id').references(() => companies.id),
    measurementPointId: uuid('measurement_point_id').references(() => measurementPoints.id),
    batteryQuantity: integer('battery_quantity'),
    batteryMaxLoad: doublePrecision('battery_max_load'),
    technicalNotes: text('technical_notes'),
    serialExternalSensor: text('serial_external_sensor'),
    state: text('state').notNull().default('Available'),
    location: text('location').notNull().default('Store'),
    /** SHA-256 of the device key used by MQTT and HTTP ingestion; the key itself is shown once. */
    keyHash: text('key_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastBattery: doublePrecision('last_battery'),
    lastRssi: integer('last_rssi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('devices_serial_key').on(t.serial),
    uniqueIndex('devices_sim_live_key')
      .on(t.simNumber)
      .where(sql`${t.simNumber} is not null and ${t.deletedAt} is null`),
    index('devices_company_idx').on(t.companyId),
    index('devices_point_idx').on(t.measurementPointId),
    index('devices_state_idx').on(t.state),
  ],
);

export const deviceStateHistory = pgTable(
  'device_state_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => users.id),
    /** The point the device was at when the change happened (operation % of docs/REPORTS.md). */
    pointId: uuid('point_id').references(() => measurementPoints.id),
    reason: text('reason'),
  },
  (t) => [index('device_state_history_device_at_idx').on(t.deviceId, t.at)],
);

export const componentTypes = pgTable(
  'component_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner; the provider company's types are shared with every company. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** A unit group of contracts/units.ts (the physical quantity). */
    magnitude: text('magnitude').notNull(),
    /** One of contracts/component-types.ts measureTypes. */
    measureType: text('measure_type').notNull(),
    /** JSON schema of the values each component of this type carries. */
    dynamicFields: jsonb('dynamic_fields').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // names are unique within a company (the service also keeps them apart from the provider's)
  (t) => [uniqueIndex('component_types_company_name_lower_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const components = pgTable(
  'components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => componentTypes.id),
    serial: text('serial').notNull(),
    values: jsonb('values').notNull().default({}),
    /** Inactive, Installed, Decommissioned */
    state: text('state').notNull().default('Inactive'),
    deviceId: uuid('device_id').references(() => devices.id),
    pointId: uuid('point_id').references(() => measurementPoints.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('components_type_serial_key').on(t.typeId, t.serial),
    index('components_point_idx').on(t.pointId),
  ],
);
