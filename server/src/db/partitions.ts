/** Monthly partitions of `measures`, created ahead so rows never pile up in the default partition. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

function monthStart(d: Date, offset: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
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
