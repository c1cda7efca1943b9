/** Device catalogue (docs/DATA-MODEL.md): brands, models with their ports, products, firmwares, networks. */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    abbreviation: text('abbreviation').notNull(),
    description: text('description'),
    ...stamps,
  },
  (t) => [uniqueIndex('brands_abbreviation_lower_key').on(sql`lower(${t.abbreviation})`)],
);

export const models = pgTable(
  'models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    /** [{key, type: pressure|current_4_20|ultrasonic|radar|pulse, label}] */
    ports: jsonb('ports').notNull().default([]),
    ...stamps,
  },
  (t) => [uniqueIndex('models_brand_name_lower_key').on(t.brandId, sql`lower(${t.name})`)],
);

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Sent by devices on the wire. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** SHA-256 of the product provisioning key: an unknown serial presenting it registers as Unconfigured. */
  provisioningKeyHash: text('provisioning_key_hash'),
  ...stamps,
});

/** The models a product may be built on. */
export const productModels = pgTable(
  'product_models',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modelId] })],
);

export const firmwares = pgTable(
  'firmwares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id),
    ...stamps,
  },
  (t) => [uniqueIndex('firmwares_model_version_key').on(t.modelId, t.version)],
);

export const networks = pgTable(
  'networks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('networks_name_lower_key').on(sql`lower(${t.name})`)],
);
