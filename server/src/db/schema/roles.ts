import { pgTable, text } from 'drizzle-orm/pg-core';

/** Reference list of roles (spec §6); rows are inserted by a migration. */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  scope: text('scope').notNull(),
});
