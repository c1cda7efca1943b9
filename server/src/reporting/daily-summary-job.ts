/**
 * The daily-summary job (docs/REPORTS.md "When summaries are computed"), once across the cluster
 * every 15 minutes: each company's days are computed within 15 minutes of its local midnight
 * (companies span time zones, so no single UTC hour is everyone's midnight), and the point-days late
 * data made stale are recomputed. Idempotent: a run with nothing new writes nothing.
 */
import type { Db } from '../db/client';
import type { Transact } from '../db/transaction';
import type { Job } from '../jobs/scheduler';
import { createDailySummaryEngine } from './daily-summaries';
import { createMonthClose, type RevisionMade } from './month-close';
import type { OnFrozen } from './report-delivery';

export const dailySummaryJobEveryMs = 15 * 60_000;

/**
 * Then the closed months whose figures changed get their next frozen revision (docs/REPORTS.md
 * "Month close and revisions"): `onFrozen` hears each one inside the transaction that writes it
 * (delivery queues its mails there: reporting/report-delivery.ts; `transact` must then be a
 * transactor's), `onRevision` after it committed.
 */
export function dailySummaryJob(
  db: Db,
  options: {
    transact?: Transact;
    onFrozen?: OnFrozen;
    onRevision?: (made: RevisionMade) => Promise<void>;
  } = {},
): Job {
  const { onRevision } = options;
  const engine = createDailySummaryEngine(db);
  const close = createMonthClose({ db, transact: options.transact, onFrozen: options.onFrozen });
  return {
    name: 'daily-summaries',
    schedule: { every: dailySummaryJobEveryMs },
    async run() {
      await engine.runAll();
      for (const made of await close.reviseAll()) await onRevision?.(made);
    },
    // a first start computes a month of every company: serve meanwhile
    background: true,
  };
}
