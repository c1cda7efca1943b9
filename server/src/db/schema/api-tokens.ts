import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * A company's API tokens (docs/API.md "API tokens"). Only the secret's SHA-256 is kept (a secret of
 * 192 random bits needs no slow hash: it cannot be guessed from a dictionary) and its first
 * characters (`prefix`) to recognise it and to find the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    alias: text('alias').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Last day it works, inclusive, UTC; null = no end. */
    validUntil: date('valid_until', { mode: 'string' }),
    /** Own monthly limit, below the plan's; null = the plan's. */
    monthlyLimit: integer('monthly_limit'),
    /** Readable layers; null = the whole company. */
    layerIds: uuid('layer_ids').array(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_prefix_key').on(t.prefix),
    uniqueIndex('api_tokens_alias_key')
      .on(t.companyId, sql`lower(${t.alias})`)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Calls of a token in a calendar month (UTC): the one row every call increments, atomically and
 * only while under the limit.
 */
export const apiTokenMonths = pgTable(
  'api_token_months',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    /** First day of the month, UTC. */
    month: date('month', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.month] })],
);

/** The same calls by day and endpoint (route pattern), for the tokens page's breakdown. */
export const apiTokenUsage = pgTable(
  'api_token_usage',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    endpoint: text('endpoint').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.day, t.endpoint] }), index('api_token_usage_day_idx').on(t.day)],
);
