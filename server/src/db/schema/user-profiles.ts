import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** One profile per (user, company); company NULL = the global (provider staff) profile. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id),
    state: text('state').notNull().default('Active'),
    roles: text('roles').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_profiles_user_company_key').on(t.userId, t.companyId).nullsNotDistinct(),
    index('user_profiles_company_idx').on(t.companyId),
  ],
);
