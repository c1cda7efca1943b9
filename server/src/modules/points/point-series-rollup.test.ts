/**
 * The hourly rollup (measures_hourly) and the chart buckets read from it: they must be the buckets
 * computed from the raw measures, late values and unusable values included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PointSeries } from '@aforo/contracts/point-series';
import type { Db } from '../../db/client';
import { measures } from '../../db/schema';
import { insertMeasures } from '../../ingestion/telemetry.repository';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { createPointSeriesRepository, type BucketRow } from './point-series.repository';

let server: TestServer;
let db: Db;
let norte: string;
let pointId: string;
let deviceId: string;
let token: string;

const minute = 60_000;
const hour = 60 * minute;
const start = Date.parse('2026-02-01T00:00:00Z');
const days = 3;
/** Irregular spacing (7 min ± jitter) and values that are not round, so every sum is inexact. */
const sample = (i: number) => ({
  ts: start + i * 7 * minute + ((i * 37) % 50) * 1000,
  value: 1.5 + Math.sin(i / 9) * 0.7 + (i % 13) / 97,
});

async function rowsOf(query: string): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql.raw(query));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  token = await server.login('admin-cliente.norte@demo.aforo.dev');
  const catalogue = await buildCatalogue(db);
  const point = await buildPoint(db, norte, { measureTime: 420, parameters: { ai1: { label: 'Nivel' } } });
  pointId = point.id;
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    companyId: norte,
    state: 'Active',
    measurementPointId: point.id,
  });
  deviceId = device.id;
  const rows = [];
  for (let i = 0; sample(i).ts < start + days * 24 * hour; i++) {
    const { ts, value } = sample(i);
    // one value beyond the bound (an older version's row), one failed conversion, a few suspect ones
    const interpreted = i === 100 ? 1e300 : i === 200 ? null : value;
    const flag = i === 100 || i === 200 ? 4 : i % 50 === 3 ? 3 : 1;
    rows.push({
      deviceId,
      port: 'ai1',
      ts: new Date(ts),
      pointId,
      direct: value,
      adjusted: value,
      interpreted,
      flag,
    });
  }
  // several statements, as batches arrive: an hour's row is added to, not overwritten
  for (let i = 0; i < rows.length; i += 97) await db.insert(measures).values(rows.slice(i, i + 97));
});
afterAll(() => server.close());

/** What the rollup holds for the point, and the same figures computed from its measures. */
async function rollupAndRaw() {
  const rollup = await rowsOf(`
    select hour, count, usable, round(sum::numeric, 9) as sum, min, max, flag from measures_hourly
    where point_id = '${pointId}' order by hour`);
  const raw = await rowsOf(`
    select date_bin('1 hour', ts, timestamptz '2000-01-01Z') as hour, count(*)::int as count,
      (count(*) filter (where interpreted between -1e12 and 1e12))::int as usable,
      round((sum(interpreted) filter (where interpreted between -1e12 and 1e12))::numeric, 9) as sum,
      min(interpreted) filter (where interpreted between -1e12 and 1e12) as min,
      max(interpreted) filter (where interpreted between -1e12 and 1e12) as max, max(flag) as flag
    from measures where point_id = '${pointId}' group by 1 order by 1`);
  return { rollup, raw };
}

const close = (a: BucketRow[], b: BucketRow[]) => {
  expect(a.map((r) => [r.ts.toISOString(), r.count, r.flag, r.min, r.max])).toEqual(
    b.map((r) => [r.ts.toISOString(), r.count, r.flag, r.min, r.max]),
  );
  a.forEach((r, i) => {
    if (r.avg === null) expect(b[i]!.avg).toBeNull();
    else expect(r.avg).toBeCloseTo(b[i]!.avg!, 9);
  });
};

const ranges = [
  { name: 'whole days', from: start, to: start + days * 24 * hour },
  { name: 'unaligned edges', from: start + 5 * hour + 17 * minute, to: start + 61 * hour + 43 * minute },
  {
    name: 'one partial hour inside',
    from: start + 30 * hour + 10 * minute,
    to: start + 30 * hour + 50 * minute,
  },
];

async function expectRollupBucketsEqualRaw() {
  const repo = createPointSeriesRepository(db);
  for (const r of ranges) {
    for (const width of [3600, 7200, 21_600, 86_400]) {
      const range = { pointId, port: 'ai1', from: new Date(r.from), to: new Date(r.to) };
      const fromRollup = await repo.hourlyBuckets(range, width);
      const fromRaw = await repo.buckets(range, width);
      expect(fromRollup.length, `${r.name}, ${width} s`).toBeGreaterThan(0);
      close(fromRollup, fromRaw);
    }
  }
}

describe('hourly rollup of measures', () => {
  it('holds per hour the count, usable values, sum, min, max and worst flag of the measures', async () => {
    const { rollup, raw } = await rollupAndRaw();
    expect(rollup.length).toBe(days * 24);
    expect(rollup).toEqual(raw);
    // the hour of the out-of-bound value: counted, worst flag 4, left out of min/max/sum
    const hourOf100 = rollup.find(
      (r) => new Date(String(r.hour)).getTime() === Math.floor(sample(100).ts / hour) * hour,
    );
    expect(hourOf100).toMatchObject({ flag: 4 });
    expect(hourOf100!.usable).toBe(Number(hourOf100!.count) - 1);
  });

  it('gives the same buckets as the raw measures, for aligned and unaligned ranges', async () => {
    await expectRollupBucketsEqualRaw();
  });

  it('takes a late value into its hour, and a duplicate the writer skips is not counted twice', async () => {
    const late = start + 20 * hour + 3 * minute + 500;
    const row = {
      deviceId,
      port: 'ai1',
      epoch: late / 1000,
      pointId,
      direct: 9.25,
      adjusted: 9.25,
      interpreted: 9.25,
      flag: 3,
      topic: null,
      index: 0,
    };
    const hourRow = () =>
      rowsOf(`select count, max, flag from measures_hourly
        where point_id = '${pointId}' and hour = '${new Date(start + 20 * hour).toISOString()}'`);
    const [before] = await hourRow();
    await insertMeasures(db, [row]);
    await insertMeasures(db, [row]);
    const [after] = await hourRow();
    expect(after).toEqual({ count: Number(before!.count) + 1, max: 9.25, flag: 3 });
    const { rollup, raw } = await rollupAndRaw();
    expect(rollup).toEqual(raw);
    await expectRollupBucketsEqualRaw();
  });

  it("is rebuilt from the measures by the migration's backfill", async () => {
    const { rollup } = await rollupAndRaw();
    const folder = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_measures_hourly.sql'))!;
    const migration = readFileSync(new URL(file, folder), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "measures_hourly"');
    await db.execute(sql`delete from measures_hourly`);
    await db.execute(sql.raw(backfill));
    expect((await rollupAndRaw()).rollup).toEqual(rollup);
  });
});

describe('GET /api/points/:id/series on the rollup', () => {
  const series = async (from: number, to: number, buckets: number) => {
    const res = await server.request({
      method: 'GET',
      url: `/api/points/${pointId}/series?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&buckets=${buckets}`,
      headers: bearer(token, { 'accept-language': 'en', 'x-current-company': norte }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PointSeries>();
  };
  const tamperedHour = start + 40 * hour;
  const tamper = (max: number) =>
    db.execute(sql`update measures_hourly set max = ${max}
      where point_id = ${pointId} and hour = ${new Date(tamperedHour).toISOString()}::timestamptz`);

  it('reads whole-hour buckets from the rollup and shorter ones from the measures', async () => {
    await tamper(77);
    try {
      // 3 days / 50 buckets → 1.44 h, rounded up to 2-hour buckets: rollup
      const hourly = await series(start, start + days * 24 * hour, 50);
      expect(hourly.raw).toBe(false);
      expect(hourly.bucketSeconds).toBe(7200);
      expect(hourly.points.find((p) => Date.parse(p.ts) === tamperedHour)?.max).toBe(77);
      // 6 hours / 40 buckets → 10-minute buckets: the measures
      const short = await series(tamperedHour - 3 * hour, tamperedHour + 3 * hour, 40);
      expect(short.bucketSeconds).toBe(600);
      expect(short.points.some((p) => p.max === 77)).toBe(false);
    } finally {
      const [raw] = await rowsOf(`select max(interpreted) as max from measures where point_id = '${pointId}'
        and ts >= '${new Date(tamperedHour).toISOString()}' and ts < '${new Date(tamperedHour + hour).toISOString()}'`);
      await tamper(Number(raw!.max));
    }
  });
});
