import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job (jobs/scheduler.ts): the tick it last claimed, so each tick runs once
 * across every process and across restarts, and how that run ended.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The scheduled time of the latest run claimed. */
  tick: timestamp('tick', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The error of the latest run; null when it succeeded (or is still running). */
  error: text('error'),
});
