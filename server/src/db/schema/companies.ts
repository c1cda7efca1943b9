import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { billingPlans } from './billing-plans';
import { countries } from './countries';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    /** The public dashboard's address (/public/dashboard/{slug}); unique, deleted companies included. */
    slug: text('slug')
      .notNull()
      // rows written without one (scripts, benches) still get a unique, valid slug; the app derives it from the name
      .default(sql`'company-' || substr(md5(gen_random_uuid()::text), 1, 12)`),
    contactName: text('contact_name'),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    countryId: uuid('country_id').references(() => countries.id),
    billingPlanId: uuid('billing_plan_id').references(() => billingPlans.id),
    /** IANA name; every day/month boundary of this company uses it. */
    preferredTimezone: text('preferred_timezone').notNull().default('Europe/Madrid'),
    /** The monitoring provider itself (its staff are global users). */
    isProvider: boolean('is_provider').notNull().default(false),
    /**
     * Months of measures kept besides the current one (docs/OPERATIONS.md "Data life"); null keeps
     * them for ever. The measure-retention job removes older ones.
     */
    measureRetentionMonths: integer('measure_retention_months'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('companies_slug_key').on(t.slug),
    check('companies_measure_retention_months_check', sql`${t.measureRetentionMonths} between 3 and 600`),
  ],
);
