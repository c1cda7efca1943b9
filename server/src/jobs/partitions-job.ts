/**
 * Keeps the monthly partitions of `measures` ahead of time (docs/DATA-MODEL.md): at every start of the jobs
 * role and daily, from the oldest month the backfill window still accepts to three months ahead, so
 * measures land in their month's partition and never pile up in the default one. Never earlier: a
 * month the measure-retention job dropped must not come back (jobs/measure-retention.ts).
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { ensureMeasurePartitions, oldestAcceptedMonth } from '../db/partitions';
import type { Job } from './scheduler';

export async function ensurePartitionsNow(
  db: Db,
  backfillDays: number,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const oldest = oldestAcceptedMonth(now, backfillDays);
  const monthsBack =
    (now.getUTCFullYear() - oldest.getUTCFullYear()) * 12 + now.getUTCMonth() - oldest.getUTCMonth();
  try {
    await ensureMeasurePartitions(db, now, monthsBack, 3);
  } catch (err) {
    // e.g. the default partition already holds rows of that month; measures still land there
    log.warn({ err }, 'monthly partitions of measures not (all) created');
  }
}

/** At start too: a raised BACKFILL_DAYS needs its older months before measures of them arrive. */
export function partitionsJob(db: Db, backfillDays: number, log: Logger): Job {
  return {
    name: 'measure-partitions',
    schedule: { dailyAt: '00:00' },
    runAtStart: true,
    run: () => ensurePartitionsNow(db, backfillDays, log),
  };
}
