/**
 * Keeps the monthly partitions of `measures` ahead of time (DESIGN.md §2): at start and once a day,
 * from the oldest month the backfill window still accepts to three months ahead, so measures land in
 * their month's partition and never pile up in the default one.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { ensureMeasurePartitions } from '../db/partitions';

const day = 86_400_000;

export async function ensurePartitionsNow(
  db: Db,
  backfillDays: number,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const monthsBack = Math.ceil(backfillDays / 28) + 1;
  try {
    await ensureMeasurePartitions(db, now, monthsBack, 3);
  } catch (err) {
    // e.g. the default partition already holds rows of that month; measures still land there
    log.warn({ err }, 'monthly partitions of measures not (all) created');
  }
}

export function startPartitionsJob(db: Db, backfillDays: number, log: Logger): { stop(): void } {
  const timer = setInterval(() => void ensurePartitionsNow(db, backfillDays, log), day);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
