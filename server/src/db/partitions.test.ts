import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { ensureMeasurePartitions, monthOfPartition, oldestAcceptedMonth, partitionName } from './partitions';
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

  it('starts at the month of the oldest time the backfill window accepts (and a day more)', () => {
    const month = (now: string, days: number) => oldestAcceptedMonth(new Date(now), days).toISOString();
    expect(month('2026-11-21T12:00:00Z', 90)).toBe('2026-08-01T00:00:00.000Z');
    // 90 + 1 days before 1 March 2025 is 30 November 2024
    expect(month('2025-03-01T00:00:00Z', 90)).toBe('2024-11-01T00:00:00.000Z');
    expect(month('2025-03-02T00:00:00Z', 90)).toBe('2024-12-01T00:00:00.000Z');
    expect(month('2026-11-21T12:00:00Z', 3650)).toBe('2016-11-01T00:00:00.000Z');
    expect(monthOfPartition('measures_y2024m07')?.toISOString()).toBe('2024-07-01T00:00:00.000Z');
    expect(monthOfPartition('measures_default')).toBeNull();
    expect(monthOfPartition('measures_y2024m07x')).toBeNull();
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
