import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointSeries } from '@aforo/contracts/point-series';
import { measures, seriesLatest } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { withGaps } from './point-series.service';

let server: TestServer;
let norte: string;
let levante: string;
let pointId: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'admin-cliente.levante@demo.aforo.dev',
];

const minute = 60_000;
const start = Date.parse('2026-01-10T00:00:00Z');
/** 3 days of 1-minute data with a 6-hour hole on day 2 from 00:00 to 06:00. */
const holeFrom = 1440;
const holeTo = 1800;
const total = 3 * 1440;
const valueAt = (i: number) => 2 + 0.01 * (i % 60);
const flagAt = (i: number) => (i === 7 ? 3 : i === 400 ? 4 : 1);
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of emails) tokens[email] = await server.login(email);
  const catalogue = await buildCatalogue(db);
  const point = await buildPoint(db, norte, {
    measureTime: 60,
    transmissionTime: 600,
    unit: 'm',
    warningValue: 3,
    alertValue: 4,
    groundLevel: 5,
    invertLevel: 0,
    parameters: { ai1: { label: 'Nivel río', warning_upper: 3.5, alert_upper: 4.5, alert_lower: 0.5 } },
  });
  pointId = point.id;
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    companyId: norte,
    state: 'Active',
    measurementPointId: point.id,
  });
  const rows = [];
  for (let i = 0; i < total; i++) {
    if (i >= holeFrom && i < holeTo) continue;
    const v = valueAt(i);
    rows.push({
      deviceId: device.id,
      port: 'ai1',
      ts: new Date(start + i * minute),
      pointId: point.id,
      direct: v,
      adjusted: v,
      interpreted: v,
      flag: flagAt(i),
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(measures).values(rows.slice(i, i + 1000));
  // another port measured later: the selector lists it, the default stays the parameters' first port
  await db.insert(measures).values({
    deviceId: device.id,
    port: 'ai2',
    ts: new Date(start + 10 * minute),
    pointId: point.id,
    direct: 7,
    adjusted: 7,
    interpreted: 7,
    flag: 1,
  });
  await db.insert(seriesLatest).values({
    pointId: point.id,
    port: 'ai2',
    deviceId: device.id,
    ts: new Date(start + 10 * minute),
    direct: 7,
    interpreted: 7,
    flag: 1,
  });
});
afterAll(() => server.close());

const series = (query: string, who = 'admin-cliente.norte@demo.aforo.dev', id = pointId) =>
  server.request({
    method: 'GET',
    url: `/api/points/${id}/series?${query}`,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
  });
const range = (fromMs: number, toMs: number, extra = '') =>
  `from=${encodeURIComponent(iso(fromMs))}&to=${encodeURIComponent(iso(toMs))}${extra}`;

describe('point series: downsampling', () => {
  it('answers min/max/avg buckets for three days of one-minute data', async () => {
    const res = await series(range(start, start + total * minute));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PointSeries>();
    expect(body.raw).toBe(false);
    expect(body.port).toBe('ai1');
    // 259,200 s / 1000 buckets = 260 s, rounded up to the 5-minute step
    expect(body.bucketSeconds).toBe(300);
    expect(body.points.length).toBeLessThanOrEqual(1000);
    const buckets = body.points.filter((p) => p.count > 0);
    expect(buckets).toHaveLength(total / 5 - (holeTo - holeFrom) / 5);
    // the bucket of minutes 5..9: one suspect measure at minute 7
    const known = body.points.find((p) => p.ts === iso(start + 5 * minute))!;
    expect(known.count).toBe(5);
    expect(known.min).toBeCloseTo(valueAt(5), 9);
    expect(known.max).toBeCloseTo(valueAt(9), 9);
    expect(known.value).toBeCloseTo(valueAt(7), 9);
    expect(known.flag).toBe(3);
    expect(body.points.find((p) => p.ts === iso(start + 400 * minute))!.flag).toBe(4);
    expect(body.points.find((p) => p.ts === iso(start + 10 * minute))!.flag).toBe(1);
  });

  it('draws the six-hour hole as exactly one gap row and no buckets inside it', async () => {
    const body = (await series(range(start, start + total * minute))).json<PointSeries>();
    const gaps = body.points.filter((p) => p.value === null);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toEqual({
      ts: iso(start + holeFrom * minute),
      value: null,
      min: null,
      max: null,
      count: 0,
      flag: null,
    });
    const index = body.points.indexOf(body.points.find((p) => p.value === null)!);
    expect(body.points[index - 1]!.ts).toBe(iso(start + (holeFrom - 5) * minute));
    expect(body.points[index + 1]!.ts).toBe(iso(start + holeTo * minute));
  });

  it('honours the buckets parameter (1-hour buckets for 100 over three days)', async () => {
    const body = (await series(range(start, start + total * minute, '&buckets=100'))).json<PointSeries>();
    expect(body.bucketSeconds).toBe(3600);
    expect(body.points.length).toBeLessThanOrEqual(100);
    const first = body.points[0]!;
    expect(first).toMatchObject({ ts: iso(start), count: 60, flag: 3 });
    expect(first.min).toBeCloseTo(2, 9);
    expect(first.max).toBeCloseTo(2.59, 9);
    // minute 400 failed: the worst flag of hour 6
    expect(body.points.find((p) => p.ts === iso(start + 360 * minute))!.flag).toBe(4);
  });
});

describe('point series: raw measures and gaps', () => {
  it('returns the measures themselves when the range holds no more than the buckets', async () => {
    const body = (await series(range(start, start + 60 * minute))).json<PointSeries>();
    expect(body.raw).toBe(true);
    expect(body.points).toHaveLength(60);
    expect(body.points[7]).toEqual({
      ts: iso(start + 7 * minute),
      value: valueAt(7),
      min: valueAt(7),
      max: valueAt(7),
      count: 1,
      flag: 3,
    });
    // to is excluded
    expect(body.points.at(-1)!.ts).toBe(iso(start + 59 * minute));
  });

  it('puts a gap row in raw data across the hole', async () => {
    const body = (
      await series(range(start + (holeFrom - 60) * minute, start + (holeTo + 60) * minute))
    ).json<PointSeries>();
    expect(body.raw).toBe(true);
    expect(body.points).toHaveLength(121);
    expect(body.points[60]).toMatchObject({ ts: iso(start + holeFrom * minute), value: null, count: 0 });
  });

  it('answers an empty series for a range with no measures', async () => {
    const body = (await series(range(start - 86_400_000, start))).json<PointSeries>();
    expect(body).toMatchObject({ raw: true, points: [], port: 'ai1' });
  });

  it('reads another port on request and lists every port of the point, typed by the installed model', async () => {
    const body = (await series(range(start, start + 60 * minute, '&port=ai2'))).json<PointSeries>();
    expect(body.port).toBe('ai2');
    expect(body.points.map((p) => p.value)).toEqual([7]);
    expect(body.ports).toEqual([
      { key: 'ai1', label: 'Nivel río', type: 'current_4_20' },
      { key: 'ai2', label: null, type: null },
    ]);
  });
});

describe('point series: thresholds and point data', () => {
  it('returns the point and port thresholds, levels and unit', async () => {
    const body = (await series(range(start, start + 60 * minute))).json<PointSeries>();
    expect(body.thresholds).toEqual({
      warningValue: 3,
      alertValue: 4,
      warningUpper: 3.5,
      warningLower: null,
      alertUpper: 4.5,
      alertLower: 0.5,
    });
    expect(body).toMatchObject({ groundLevel: 5, invertLevel: 0, unit: 'm', measureTime: 60, pointId });
  });

  it('falls back to the most recently measured port when the point names none', async () => {
    const db = server.database.db;
    const bare = await buildPoint(db, norte);
    await db.insert(seriesLatest).values([
      { pointId: bare.id, port: 'old', deviceId: bare.id, ts: new Date(start), direct: 1, flag: 1 },
      { pointId: bare.id, port: 'new', deviceId: bare.id, ts: new Date(start + minute), direct: 1, flag: 1 },
    ]);
    const body = (await series(range(start, start + minute), undefined, bare.id)).json<PointSeries>();
    expect(body.port).toBe('new');
    const none = await buildPoint(db, norte);
    const empty = (await series(range(start, start + minute), undefined, none.id)).json<PointSeries>();
    expect(empty).toMatchObject({ port: null, ports: [], points: [] });
  });
});

describe('point series: scope, roles and validation', () => {
  it("answers 404 POM1000 for another company's point and for a deleted one", async () => {
    const res = await series(range(start, start + minute), 'admin-cliente.levante@demo.aforo.dev');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('POM1000');
    const deleted = await buildPoint(server.database.db, norte, { deletedAt: new Date() });
    const gone = await series(range(start, start + minute), undefined, deleted.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('POM1000');
  });

  for (const who of [
    'admin@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'user.norte@demo.aforo.dev',
  ]) {
    it(`${who} reads the series`, async () => {
      const res = await series(range(start, start + minute), who);
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  it('spectators may not open it', async () => {
    const res = await series(range(start, start + minute), 'spectator.norte@demo.aforo.dev');
    expect(res.statusCode).toBe(403);
  });

  it('refuses from ≥ to with ME1001 and a range over five years with DR1003', async () => {
    for (const q of [range(start, start), range(start + minute, start)]) {
      const res = await series(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ME1001');
    }
    const long = await series(range(start - 6 * 365 * 86_400_000, start));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('DR1003');
    expect(long.json().message).toBe('The chart date range cannot be longer than five years.');
  });

  it('refuses bad queries with V1000', async () => {
    for (const q of [
      `to=${iso(start)}`,
      range(start, start + minute, '&buckets=5000'),
      range(start, start + minute, '&buckets=2'),
      'from=yesterday&to=today',
      range(start, start + minute, '&port=AI 1'),
    ]) {
      const res = await series(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('V1000');
    }
  });

  it('accepts epoch seconds', async () => {
    const res = await series(`from=${start / 1000}&to=${start / 1000 + 600}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PointSeries>().points).toHaveLength(10);
  });
});

describe('withGaps', () => {
  const row = (s: number) => ({ ts: iso(s * 1000), value: 1, min: 1, max: 1, count: 1, flag: 1 });
  it('uses the typical spacing when the device reports less often than the measure time', () => {
    // every 600 s while the point says 60 s: no gaps, but one after a 1-hour silence
    const rows = [0, 600, 1200, 1800, 5400, 6000].map(row);
    const out = withGaps(rows, 60);
    expect(out.filter((r) => r.value === null).map((r) => r.ts)).toEqual([iso(2400 * 1000)]);
  });
  it('leaves short or regular series alone', () => {
    expect(withGaps([row(0)], 60)).toHaveLength(1);
    expect(withGaps([0, 60, 120, 180].map(row), 60)).toHaveLength(4);
  });
});
