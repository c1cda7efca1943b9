import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { ensureMeasurePartitions, partitionName } from './partitions';
import { measures } from './schema';
import { openTestDatabase } from '../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deviceId = '00000000-0000-4000-8000-0000000000aa';
const whereIs = async (ts: string) => {
  const rows = await database.db.execute<{ part: string }>(
    sql`select tableoid::regclass::text as part from ${measures} where device_id = ${deviceId} and ts = ${ts}::timestamptz`,
  );
  return (rows as unknown as { rows: Array<{ part: string }> }).rows[0]?.part;
};

describe('measures partitions', () => {
  it('creates monthly partitions around now, idempotently', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const names = await ensureMeasurePartitions(database.db, now, 1, 2);
    expect(names).toEqual([
      'measures_y2026m10',
      'measures_y2026m11',
      'measures_y2026m12',
      'measures_y2027m01',
    ]);
    expect(await ensureMeasurePartitions(database.db, now, 1, 2)).toEqual(names);
    expect(partitionName(new Date('2026-02-01T00:00:00Z'))).toBe('measures_y2026m02');
  });

  it('routes rows to their month, older ones to the default partition, and refuses a second copy', async () => {
    const row = { deviceId, port: 'ai1', direct: 12, adjusted: 12, interpreted: 5, flag: 1 };
    await database.db.insert(measures).values([
      { ...row, ts: new Date('2026-11-21T10:00:00Z') },
      { ...row, ts: new Date('2020-01-01T00:00:00Z') },
    ]);
    expect(await whereIs('2026-11-21T10:00:00Z')).toBe('measures_y2026m11');
    expect(await whereIs('2020-01-01T00:00:00Z')).toBe('measures_default');
    await expect(
      database.db.insert(measures).values({ ...row, ts: new Date('2026-11-21T10:00:00Z') }),
    ).rejects.toThrow();
    const kept = await database.db
      .insert(measures)
      .values({ ...row, ts: new Date('2026-11-21T10:00:00Z') })
      .onConflictDoNothing()
      .returning();
    expect(kept).toEqual([]);
  });
});
