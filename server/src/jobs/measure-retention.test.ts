/**
 * Measure retention on a real database (docs/OPERATIONS.md "Data life"). Three companies share the
 * partitions of June–September 2024: A (Europe/Madrid) keeps 3 months, B (America/New_York) 5, F
 * keeps everything and has measures in June only. On 15 January 2025: July, which only A and B
 * have measures in, is dropped; June (F's too) and August (B keeps it) lose A's and B's / A's rows;
 * September stays; A's old rows in the default partition go, F's stay. The daily summaries and A's
 * closed July read the same afterwards, nothing of the backfill window goes, a second run removes nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ensureMeasurePartitions } from '../db/partitions';
import { rowsOf } from '../db/rows';
import { failedMeasures } from '../db/schema';
import { createDailySummaryEngine } from '../reporting/daily-summaries';
import { createDailySummariesRepository } from '../reporting/daily-summaries.repository';
import { createMonthClose } from '../reporting/month-close';
import { buildCatalogue, buildCompany, buildDevice, buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { removeExpiredMeasures, type RetentionOptions } from './measure-retention';

let database: Database;
const ids = { a: '', b: '', f: '', pa: '', pb: '', pf: '', deviceA: '', closure: '' };
const now = new Date('2025-01-15T12:00:00Z');
const options: RetentionOptions = {
  now,
  backfillDays: 90,
  failedMeasureDays: 365,
  log: silentLog,
  batchSize: 500,
  retryDelayMs: 0,
};
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(q));
}

/** Hourly values of a point (or of a device not installed: no point) over [from, to). */
async function hourly(pointId: string | null, from: string, to: string, deviceId: string = randomUUID()) {
  await database.db.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
    select ${deviceId}::uuid, 'ai1', g, ${pointId}::uuid, 1.5, 1.5, 1.5 + extract(hour from g) / 100, 1
    from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 hour', interval '1 hour') g`);
}

/** Measures per company and UTC month, and the hourly rollup's count of them (they must agree). */
async function counts() {
  const measures = await query<{ company: string; month: string; n: number }>(sql`
    select coalesce(p.company_id, d.company_id)::text as company, to_char(m.ts at time zone 'UTC', 'YYYY-MM') as month,
      count(*)::int as n
    from measures m left join measurement_points p on p.id = m.point_id
    left join devices d on m.point_id is null and d.id = m.device_id
    where coalesce(p.company_id, d.company_id) in (${ids.a}, ${ids.b}, ${ids.f})
    group by 1, 2 order by 1, 2`);
  const rollup = await query<{ point: string; month: string; n: number }>(sql`
    select point_id::text as point, to_char(hour at time zone 'UTC', 'YYYY-MM') as month, sum(count)::int as n
    from measures_hourly where point_id in (${ids.pa}, ${ids.pb}, ${ids.pf}) group by 1, 2 order by 1, 2`);
  const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)![0];
  return {
    measures: Object.fromEntries(measures.map((r) => [`${name(r.company)} ${r.month}`, r.n])),
    rollup: Object.fromEntries(rollup.map((r) => [`${name(r.point)} ${r.month}`, r.n])),
  };
}

const summaries = (companyId: string) =>
  query<Record<string, unknown>>(sql`
    select point_id, port, day::text, class, reasons, exclusion, count, min, max, mean, first, last,
      computed_at from daily_summaries where company_id = ${companyId} order by point_id, port, day`);

const removals = () =>
  query<{ action: string; table_name: string; company_id: string | null; rows: number }>(sql`
    select action, table_name, company_id, rows from measure_removals order by table_name, action, company_id`);

const partitions = async () =>
  (
    await query<{ name: string }>(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'measures'::regclass and c.relname like 'measures_y2024%' order by 1`)
  ).map((r) => r.name);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await ensureMeasurePartitions(db, new Date('2024-09-15T00:00:00Z'), 3, 0);
  const company = async (key: 'a' | 'b' | 'f', tz: string, months: number | null) => {
    ids[key] = (await buildCompany(db, { preferredTimezone: tz, measureRetentionMonths: months })).id;
    const point = await buildPoint(db, ids[key], {
      measureTime: 3600,
      parameters: { ai1: {} },
      createdAt: new Date('2023-01-01T00:00:00Z'),
    });
    return point.id;
  };
  ids.pa = await company('a', 'Europe/Madrid', 3);
  ids.pb = await company('b', 'America/New_York', 5);
  ids.pf = await company('f', 'Europe/Madrid', null);
  const catalogue = await buildCatalogue(db);
  ids.deviceA = (
    await buildDevice(db, { modelId: catalogue.model.id, productId: catalogue.product.id, companyId: ids.a })
  ).id;
  await hourly(ids.pa, '2024-06-01T00:00Z', '2024-10-01T00:00Z');
  await hourly(ids.pb, '2024-06-01T00:00Z', '2024-10-01T00:00Z');
  await hourly(ids.pf, '2024-06-01T00:00Z', '2024-07-01T00:00Z');
  // A's device before it was installed anywhere
  await hourly(null, '2024-08-10T00:00Z', '2024-08-11T00:00Z', ids.deviceA);
  // 2023 has no partitions: the default one holds these
  await hourly(ids.pa, '2023-03-10T00:00+01:00', '2023-03-11T00:00+01:00');
  await hourly(ids.pf, '2023-03-10T00:00+01:00', '2023-03-11T00:00+01:00');
  await db.insert(failedMeasures).values([
    ...[1, 2, 3].map((d) => ({
      reason: 'invalid payload',
      receivedAt: new Date(`2023-06-0${d}T00:00:00Z`),
    })),
    { reason: 'invalid payload', receivedAt: new Date('2024-12-01T00:00:00Z') },
  ]);

  // A's days are computed and its July closed, as months go by; B's days were never computed
  await createDailySummaryEngine(db).ensure(ids.a, 'Europe/Madrid', '2024-06-01', '2024-09-30');
  const closer = await buildUser(db, { companyId: null, roles: ['ROLE_CHIEF'] });
  ids.closure = await createMonthClose({ db }).close({
    companyId: ids.a,
    month: '2024-07',
    userId: closer.id,
    lang: 'es',
    recipientIds: [],
  });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('measure retention', () => {
  it('removes nothing ingestion could still accept (a backfill window reaching back to 2023)', async () => {
    const before = await counts();
    const result = await removeExpiredMeasures(database.db, {
      ...options,
      backfillDays: 700,
      failedMeasureDays: 3650,
    });
    expect(result).toEqual({ dropped: [], deleted: [], failedMeasures: 0 });
    expect(await counts()).toEqual(before);
    expect(await removals()).toEqual([]);
  });

  it('drops the month every owner is past, deletes the rest per company, keeps summaries and the closed month', async () => {
    const before = await counts();
    expect(before.measures).toMatchObject({
      'a 2024-06': 720,
      'a 2024-08': 768,
      'b 2024-07': 744,
      'f 2023-03': 24,
    });
    expect(before.rollup).toMatchObject({ 'pa 2024-07': 744, 'pb 2024-09': 720 });
    const summariesA = await summaries(ids.a);
    const close = createMonthClose({ db: database.db });
    const frozen = (await close.frozen(ids.a, '2024-07'))!;
    expect(frozen.revision.n).toBe(1);

    const result = await removeExpiredMeasures(database.db, options);
    expect(result.dropped).toEqual(['measures_y2024m07']);
    expect(result.failedMeasures).toBe(3);
    expect(await partitions()).toEqual(['measures_y2024m06', 'measures_y2024m08', 'measures_y2024m09']);

    // A keeps from September (its October, local, starts in UTC September), B from August
    const after = await counts();
    expect(after.measures).toEqual({
      'a 2024-09': 720,
      'b 2024-08': 744,
      'b 2024-09': 720,
      'f 2023-03': 24,
      'f 2024-06': 720,
    });
    expect(after.rollup).toEqual({
      'pa 2024-09': 720,
      'pb 2024-08': 744,
      'pb 2024-09': 720,
      'pf 2023-03': 24,
      'pf 2024-06': 720,
    });

    const by = (company: string | null) => (company === ids.a ? 'a' : company === ids.b ? 'b' : company);
    const recorded = (await removals()).map(
      (r) => `${r.table_name} ${r.action} ${by(r.company_id)} ${r.rows}`,
    );
    expect(recorded.sort()).toEqual([
      'failed_measures delete_failed_measures null 3',
      'measures_default delete_rows a 24',
      'measures_y2024m06 delete_rows a 720',
      'measures_y2024m06 delete_rows b 720',
      'measures_y2024m07 drop_partition a 744',
      'measures_y2024m07 drop_partition b 744',
      'measures_y2024m08 delete_rows a 768',
    ]);

    // A's summaries untouched; the days it only had in the default partition computed before they went
    const nowA = await summaries(ids.a);
    const old = nowA.filter((r) => String(r.day) < '2024-06-01');
    expect(nowA.filter((r) => String(r.day) >= '2024-06-01')).toEqual(summariesA);
    expect(old.find((r) => r.day === '2023-03-10')).toMatchObject({ count: 24, class: 'correct' });
    // B's days were computed from its measures before they went (New York days: 23 h of 1 June UTC)
    const b = await summaries(ids.b);
    expect(b.find((r) => r.day === '2024-06-15')).toMatchObject({ count: 24, class: 'correct' });
    expect(b.find((r) => r.day === '2024-07-15')).toMatchObject({ count: 24, class: 'correct' });

    // an exclusion agreed later cannot recompute a day whose measures are gone: July stays revision 1
    const repo = createDailySummariesRepository(database.db);
    await repo.markDaysStale(ids.pa, '2024-07-10', '2024-07-10');
    await createDailySummaryEngine(database.db).ensure(ids.a, 'Europe/Madrid', '2024-07-01', '2024-07-31');
    expect(await repo.staleDays(ids.a, '2024-01-01', '2024-12-31')).toEqual([]);
    expect(await close.reviseAll()).toEqual([]);
    const still = (await close.frozen(ids.a, '2024-07'))!;
    expect(still.revision.n).toBe(1);
    expect([sha(still.revision.pdf), sha(still.revision.xlsx)]).toEqual([
      sha(frozen.revision.pdf),
      sha(frozen.revision.xlsx),
    ]);
    expect(still.revision.report).toEqual(frozen.revision.report);
    expect(await summaries(ids.a)).toEqual(nowA);

    // a second run finds nothing more
    const records = await removals();
    expect(await removeExpiredMeasures(database.db, options)).toEqual({
      dropped: [],
      deleted: [],
      failedMeasures: 0,
    });
    expect(await removals()).toEqual(records);
    expect(await counts()).toEqual(after);
    expect(await summaries(ids.b)).toEqual(b);
  });
});
