/** Monthly partitions of `measures`, created ahead so rows never pile up in the default partition. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

function monthStart(d: Date, offset: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
}

/**
 * The first UTC month ingestion may still write into: the month of the oldest measurement time the
 * backfill window accepts (BACKFILL_DAYS), a day earlier for clocks that differ between processes.
 * The partitions job creates partitions from it; measure retention never removes anything from it on.
 */
export function oldestAcceptedMonth(now: Date, backfillDays: number): Date {
  return monthStart(new Date(now.getTime() - (backfillDays + 1) * 86_400_000), 0);
}

/** The UTC month of a partition named by partitionName; null for any other name (the default one). */
export function monthOfPartition(name: string): Date | null {
  const match = /^measures_y(\d{4})m(\d{2})$/.exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}

export function partitionName(month: Date): string {
  return `measures_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Creates the partitions from `monthsBack` before `now` to `monthsAhead` after it (UTC months). */
export async function ensureMeasurePartitions(
  db: Db,
  now = new Date(),
  monthsBack = 1,
  monthsAhead = 3,
): Promise<string[]> {
  const created: string[] = [];
  for (let offset = -monthsBack; offset <= monthsAhead; offset++) {
    const from = monthStart(now, offset);
    const to = monthStart(now, offset + 1);
    const name = partitionName(from);
    // names and bounds come from dates computed here, never from input
    await db.execute(
      sql.raw(
        `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "measures" FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
      ),
    );
    created.push(name);
  }
  return created;
}
