/**
 * Issue 9 item 2: rows an older version stored (±Infinity, NaN, 1e300) must not make the measure or
 * chart reads fail, and migration value_limits repairs them (NULL, flag 4).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureList } from '@aforo/contracts/measures';
import type { PointSeries } from '@aforo/contracts/point-series';
import { devices, measures, seriesLatest } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let token: string;
let pointId: string;
let deviceId: string;

const start = Date.parse('2026-03-01T00:00:00Z');
const minute = 60_000;
/** What an older version let in: the overflow of a conversion, a SenML sum, absurd magnitudes. */
const bad = ["'Infinity'", "'-Infinity'", "'NaN'", '1e300', '-1e300', '1e200', '1e200'];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  token = await server.login('admin-cliente.norte@demo.aforo.dev');
  const catalogue = await buildCatalogue(db);
  pointId = (await buildPoint(db, norte, { measureTime: 60 })).id;
  deviceId = (
    await buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId: norte,
      state: 'Active',
      measurementPointId: pointId,
    })
  ).id;
  // 30 good minutes, then the bad values each as direct, adjusted and interpreted
  for (let i = 0; i < 30; i++)
    await db.insert(measures).values({
      deviceId,
      port: 'ai1',
      ts: new Date(start + i * minute),
      pointId,
      direct: 12,
      adjusted: 12,
      interpreted: 5,
      flag: 1,
    });
  for (const [i, v] of bad.entries()) {
    const ts = new Date(start + (30 + i) * minute).toISOString();
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      values (${deviceId}, 'ai1', ${ts}, ${pointId}, ${sql.raw(v)}::float8, ${sql.raw(v)}::float8,
        ${sql.raw(v)}::float8, 1)`);
  }
  await db.execute(sql`
    insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag)
    values (${pointId}, 'ai1', ${deviceId}, ${new Date(start + 40 * minute).toISOString()},
      'Infinity'::float8, 'NaN'::float8, 1)`);
  await db.execute(sql`update devices set last_battery = 'Infinity'::float8 where id = ${deviceId}`);
});
afterAll(() => server.close());

const get = (url: string) =>
  server.request({ method: 'GET', url, headers: bearer(token, { 'x-current-company': norte }) });
const range = `from=${encodeURIComponent(new Date(start).toISOString())}&to=${encodeURIComponent(
  new Date(start + 60 * minute).toISOString(),
)}`;

describe('stored values that are not numbers a client can read', () => {
  it('the chart answers 200 raw and bucketed, aggregating only usable values', async () => {
    const raw = await get(`/api/points/${pointId}/series?${range}&port=ai1&buckets=100`);
    expect(raw.statusCode).toBe(200);
    const rawRows = raw.json<PointSeries>().points.filter((p) => p.count > 0);
    expect(rawRows).toHaveLength(37);
    expect(rawRows.slice(30).map((p) => p.value)).toEqual(bad.map(() => null));

    const buckets = await get(`/api/points/${pointId}/series?${range}&port=ai1&buckets=10`);
    expect(buckets.statusCode).toBe(200);
    const body = buckets.json<PointSeries>();
    expect(body.raw).toBe(false);
    const values = body.points.filter((p) => p.count > 0);
    expect(values.reduce((n, p) => n + p.count, 0)).toBe(37);
    for (const p of values) {
      // a bucket of bad values only has no value; others average the good ones (5)
      if (p.value !== null) expect([p.value, p.min, p.max]).toEqual([5, 5, 5]);
    }
  });

  it('the measure list answers 200 with the unusable values as null', async () => {
    const res = await get(`/api/measures?pointId=${pointId}&${range}&length=100&dir=ASC`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<MeasureList>().rows.slice(30);
    expect(rows.map((r) => [r.direct, r.adjusted, r.interpreted])).toEqual(bad.map(() => [null, null, null]));
  });
});

describe('migration value_limits', () => {
  it('sets the unusable values to NULL with flag 4 and leaves the rest alone', async () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
    const file = readdirSync(dir).find((f) => f.endsWith('_value_limits.sql'))!;
    const db = server.database.db;
    const before = await db
      .select()
      .from(measures)
      .where(eq(measures.deviceId, deviceId))
      .orderBy(measures.ts);
    expect(before.slice(30).map((r) => r.direct)).toEqual([
      Infinity,
      -Infinity,
      NaN,
      1e300,
      -1e300,
      1e200,
      1e200,
    ]);
    for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    const rows = await db.select().from(measures).where(eq(measures.deviceId, deviceId)).orderBy(measures.ts);
    expect(rows.slice(0, 30).every((r) => r.direct === 12 && r.interpreted === 5 && r.flag === 1)).toBe(true);
    expect(rows.slice(30).map((r) => [r.direct, r.adjusted, r.interpreted, r.flag])).toEqual(
      bad.map(() => [null, null, null, 4]),
    );
    const [latest] = await db.select().from(seriesLatest).where(eq(seriesLatest.pointId, pointId));
    expect(latest).toMatchObject({ direct: null, interpreted: null, flag: 4 });
    const [device] = await db.select().from(devices).where(eq(devices.id, deviceId));
    expect(device!.lastBattery).toBeNull();
    expect((await get(`/api/points/${pointId}/series?${range}&port=ai1&buckets=10`)).statusCode).toBe(200);
  });
});
