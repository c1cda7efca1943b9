/**
 * The level summary of a real river-gauge series against an independent computation (issue 23): the
 * USGS gage height of Spring Creek, Texas, 2011-11-05 to 2011-11-18 (server/src/test/data/usgs/README.md),
 * sent through POST /ingest/v1/up by a device installed at a point of a company in America/Chicago, then
 * GET /api/reports/level and GET /api/daily-summaries compared day by day with the file's values grouped
 * by local date with Intl.DateTimeFormat. 2011-11-06 is a 25-hour day (DST ended).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailySummary } from '@aforo/contracts/daily-summaries';
import type { LevelReport } from '@aforo/contracts/reports';
import { devices, measures } from '../db/schema';
import { hashKey } from '../lib/key-hash';
import { buildCatalogue, buildCompany, buildDevice, buildPoint } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { readWaterMlSeries, type WaterMlValue } from '../test/usgs-waterml';

const file = new URL(
  '../test/data/usgs/site_08068500_instantaneous_2011-11-05_2011-11-18.xml',
  import.meta.url,
);
const xml = readFileSync(file, 'utf8');
const parameters = ['00010', '00060', '00065', '00095', '00300', '00400', '63680'];
const zone = 'America/Chicago';
const from = '2011-11-05';
const to = '2011-11-17';
const port = 'gh';
const feetToMetres = (ft: number) => ft * 0.3048;

const gage = readWaterMlSeries(xml, '00065');
/** What the device sends and the point stores: the gage height in metres, at the file's instant. */
const sent = gage.values.map((v: WaterMlValue) => ({
  dateTime: v.dateTime,
  ms: v.ms,
  metres: feetToMetres(v.value),
}));

// the independent side: local dates by the platform's Intl, not the product's SQL
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
function localDay(ms: number): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

interface ExpectedDay {
  values: typeof sent;
  count: number;
  min: number;
  max: number;
  mean: number;
}
const expectedDays = new Map<string, ExpectedDay>();
for (const v of sent) {
  const day = localDay(v.ms);
  const e = expectedDays.get(day) ?? { values: [], count: 0, min: Infinity, max: -Infinity, mean: 0 };
  e.values.push(v);
  expectedDays.set(day, e);
}
for (const e of expectedDays.values()) {
  e.count = e.values.length;
  e.min = Math.min(...e.values.map((v) => v.metres));
  e.max = Math.max(...e.values.map((v) => v.metres));
  e.mean = e.values.reduce((sum, v) => sum + v.metres, 0) / e.count;
}
const reportDays = [...expectedDays.keys()].filter((d) => d >= from && d <= to).sort();

let server: TestServer;
let token: string;
let companyId: string;
let pointId: string;
let device: { serial: string; key: string; model: string; product: string };

beforeAll(async () => {
  // the test's ingestion accepts measures back to the file's first day (BACKFILL_DAYS, docs/DEVICE-PROTOCOL.md)
  const backfillDays = Math.ceil((Date.now() - gage.values[0]!.ms) / 86_400_000) + 2;
  server = await startTestServer({ ingestBackfillDays: backfillDays });
  const db = server.database.db;
  // a pulse port with no factor_pulse / pulse_value stores exactly what was sent (docs/MEASURES.md "Conversion")
  const { model, product } = await buildCatalogue(db, [{ key: port, type: 'pulse', label: 'Gage height' }]);
  const company = await buildCompany(db, {
    businessName: `Spring Creek ${randomBytes(3).toString('hex')}`,
    preferredTimezone: zone,
  });
  companyId = company.id;
  const point = await buildPoint(db, company.id, {
    name: 'Spring Ck nr Spring, TX (USGS 08068500)',
    latitude: 30.11049517,
    longitude: -95.4363275,
    measureTime: 900,
    parameters: { [port]: { label: 'Gage height' } },
  });
  pointId = point.id;
  const built = await buildDevice(db, {
    modelId: model.id,
    productId: product.id,
    state: 'Active',
    companyId: company.id,
    measurementPointId: point.id,
  });
  const key = randomBytes(18).toString('base64url');
  await db
    .update(devices)
    .set({ keyHash: hashKey(key) })
    .where(eq(devices.id, built.id));
  device = { serial: built.serial, key, model: model.name, product: product.code };
  token = await server.login('chief@demo.aforo.dev');
}, 60_000);
afterAll(() => server?.close());

const get = (url: string) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(token, { 'accept-language': 'en', 'x-current-company': companyId }),
  });

describe('the USGS gage height of site 08068500', () => {
  it('is read strictly: every value element of the file belongs to one of its 7 series', () => {
    const all = parameters.map((p) => readWaterMlSeries(xml, p).values.length);
    expect(all.reduce((a, b) => a + b, 0)).toBe(xml.split('<ns1:value ').length - 1);
    expect(gage.unit).toBe('ft');
    expect(gage.values).toHaveLength(1253);
    expect(gage.values.every((v) => v.value !== gage.noDataValue && v.qualifiers === 'A')).toBe(true);
    expect(gage.values[0]).toMatchObject({ dateTime: '2011-11-05T00:00:00.000-05:00', value: 1.11 });
    expect(gage.values.at(-1)).toMatchObject({ dateTime: '2011-11-18T00:00:00.000-06:00', value: 1.55 });
    // every 15 minutes without a gap, through the repeated 01:00-01:45 of 2011-11-06
    expect(gage.values.slice(1).every((v, i) => v.ms - gage.values[i]!.ms === 900_000)).toBe(true);
    expect(gage.values.filter((v) => v.dateTime.startsWith('2011-11-06T01:00'))).toHaveLength(2);
  });

  it('is ingested through POST /ingest/v1/up in batches and stored as sent', async () => {
    const batch = 250;
    let accepted = 0;
    for (let i = 0; i < sent.length; i += batch) {
      const chunk = sent.slice(i, i + batch);
      const res = await server.request({
        method: 'POST',
        url: '/ingest/v1/up',
        headers: {
          authorization: `Device ${device.serial}:${device.key}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({
          v: 1,
          product: device.product,
          model: device.model,
          serial: device.serial,
          msg_seq: i / batch + 1,
          // the file's own dateTime with its offset: the repeated hour differs only by it
          measures: chunk.map((v) => ({ port, t: v.dateTime, v: v.metres })),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        msg_seq: i / batch + 1,
        accepted: chunk.length,
        duplicates: 0,
        rejected: [],
      });
      accepted += chunk.length;
    }
    expect(accepted).toBe(1253);

    const stored = await server.database.db
      .select({
        ts: measures.ts,
        port: measures.port,
        interpreted: measures.interpreted,
        flag: measures.flag,
      })
      .from(measures)
      .where(eq(measures.pointId, pointId))
      .orderBy(measures.ts);
    expect(stored).toHaveLength(sent.length);
    expect(stored.map((r) => [r.port, r.ts.getTime(), r.interpreted, r.flag])).toEqual(
      sent.map((v) => [port, v.ms, v.metres, 1]),
    );
  });

  it('GET /api/reports/level gives each America/Chicago day the count, min, max and mean of its values', async () => {
    expect(reportDays).toHaveLength(13);
    expect(reportDays.map((d) => expectedDays.get(d)!.count)).toEqual([
      96, 100, 96, 96, 96, 96, 96, 96, 96, 96, 96, 96, 96,
    ]);
    const res = await get(`/api/reports/level?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<LevelReport>();
    expect(report.company).toMatchObject({ id: companyId, timeZone: zone });
    expect(report.rows).toHaveLength(1);
    const row = report.rows[0]!;
    expect(row).toMatchObject({ pointId, port, unit: 'm', totalKind: null });
    expect(row.days.map((d) => d.day)).toEqual(reportDays);
    for (const day of row.days) {
      const e = expectedDays.get(day.day)!;
      expect([day.day, day.count, day.min, day.max], day.day).toEqual([day.day, e.count, e.min, e.max]);
      expect(day.mean, day.day).toBeCloseTo(e.mean, 9);
    }
    const inRange = reportDays.map((d) => expectedDays.get(d)!);
    expect(row.min).toBe(Math.min(...inRange.map((e) => e.min)));
    expect(row.max).toBe(Math.max(...inRange.map((e) => e.max)));
  });

  it('GET /api/daily-summaries: 25 hours and 100 expected values on 2011-11-06, 24 and 96 on the others', async () => {
    const res = await get(`/api/daily-summaries?pointId=${pointId}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ rows: DailySummary[] }>().rows.filter((r) => r.main);
    expect(rows.map((r) => r.day)).toEqual(reportDays);
    for (const r of rows) {
      const e = expectedDays.get(r.day)!;
      const hours = r.day === '2011-11-06' ? 25 : 24;
      // expected values = the day's length / the point's measure time (900 s)
      expect([r.day, r.port, r.hours, r.expected, r.count]).toEqual([
        r.day,
        port,
        hours,
        (hours * 3600) / 900,
        e.count,
      ]);
      const first = e.values[0]!;
      const last = e.values.at(-1)!;
      expect(r.first).toEqual({ value: first.metres, at: new Date(first.ms).toISOString() });
      expect(r.last).toEqual({ value: last.metres, at: new Date(last.ms).toISOString() });
      expect([r.min?.value, r.max?.value]).toEqual([e.min, e.max]);
      expect(r.mean!).toBeCloseTo(e.mean, 9);
    }
  });
});
