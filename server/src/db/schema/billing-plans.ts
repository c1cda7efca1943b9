import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const billingPlans = pgTable(
  'billing_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Calls a month allowed to each API token of a company on this plan. */
    monthlyApiCalls: integer('monthly_api_calls').notNull(),
    maxPoints: integer('max_points').notNull(),
    maxUsers: integer('max_users').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_plans_name_lower_key').on(sql`lower(${t.name})`)],
);
