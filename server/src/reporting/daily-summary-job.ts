/**
 * The daily-summary job (docs/REPORTS.md "When summaries are computed"), once across the cluster
 * every 15 minutes: each company's days are computed within 15 minutes of its local midnight
 * (companies span time zones, so no single UTC hour is everyone's midnight), and the point-days late
 * data made stale are recomputed. Idempotent: a run with nothing new writes nothing.
 */
import type { Db } from '../db/client';
import type { Job } from '../jobs/scheduler';
import { createDailySummaryEngine } from './daily-summaries';

export const dailySummaryJobEveryMs = 15 * 60_000;

export function dailySummaryJob(db: Db): Job {
  const engine = createDailySummaryEngine(db);
  return {
    name: 'daily-summaries',
    schedule: { every: dailySummaryJobEveryMs },
    run: () => engine.runAll(),
    // a first start computes a month of every company: serve meanwhile
    background: true,
  };
}
