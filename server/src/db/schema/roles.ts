import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The role list of docs/ROLES.md ("fetched from the server"), rows inserted by migrations: each role of
 * docs/ROLES.md with the profile that may hold it (scope), its names in Spanish and English and its place
 * in lists. The role check itself is code (contracts/src/roles.ts), the same on both sides.
 */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  scope: text('scope').notNull(),
  labelEn: text('label_en').notNull().default(''),
  labelEs: text('label_es').notNull().default(''),
  position: integer('position').notNull().default(0),
});
