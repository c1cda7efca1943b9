import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** History of changes (docs/DATA-MODEL.md): written in the same transaction as the change itself. */
export const logEntries = pgTable(
  'log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; NULL for the system (seeds, jobs). */
    userId: uuid('user_id').references(() => users.id),
    /** The company the changed item belongs to; NULL for global items (countries, plans, staff). */
    companyId: uuid('company_id').references(() => companies.id),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    /** {field: [before, after]}; secrets are never written. */
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('log_entries_company_at_idx').on(t.companyId, t.at),
    index('log_entries_entity_idx').on(t.entityType, t.entityId, t.at),
    index('log_entries_at_idx').on(t.at),
  ],
);
