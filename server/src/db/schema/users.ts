import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    phone: text('phone'),
    /** argon2id; NULL until the account is activated. */
    passwordHash: text('password_hash'),
    state: text('state').notNull().default('Created'),
    /** While Suspended: the state to return to on unsuspend (Active, Change Password, Created…). */
    stateBeforeSuspension: text('state_before_suspension'),
    defaultCompanyId: uuid('default_company_id').references(() => companies.id),
    language: text('language').notNull().default('es'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Tokens carry it as `sv`; raised by a password change, disable, suspend, delete or new roles to end sessions. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);
