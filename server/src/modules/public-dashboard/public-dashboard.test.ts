import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicDatumTexts } from '@aforo/contracts/public-dashboard';
import type { Db } from '../../db/client';
import { ensureMeasurePartitions } from '../../db/partitions';
import { primaryReads } from '../../db/read-replica';
import { measurementPoints, measures, seriesLatest } from '../../db/schema';
import { buildCatalogue, buildCompany, buildDevice, buildPoint } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createPublicDashboardService } from './public-dashboard.service';

let server: TestServer;
const hour = 3_600_000;
const now = Math.floor(Date.now() / 60_000) * 60_000;
const ids = { pub: '', second: '', priv: '', deleted: '', test: '', foreign: '', device: '' };
let serial = '';
const privateName = 'Azud secreto privado';
const limit = 200;

beforeAll(async () => {
  server = await startTestServer({ publicDashboardPerMinute: limit });
  const db = server.database.db;
  await ensureMeasurePartitions(db, new Date(now), 2, 2);
  const a = await buildCompany(db, { businessName: 'Ríos Públicos S.A.', slug: 'rios-publicos' });
  const b = await buildCompany(db, { businessName: 'Otra Cuenca S.L.', slug: 'otra-cuenca' });
  await buildCompany(db, { businessName: 'Borrada', slug: 'borrada', deletedAt: new Date() });
  const levels = { groundLevel: 5, invertLevel: 0, warningValue: 3, alertValue: 4, public: true };
  const pub = await buildPoint(db, a.id, {
    ...levels,
    name: 'Río Ebro en Zaragoza',
    parameters: { ai1: {} },
  });
  ids.pub = pub.id;
  ids.second = (await buildPoint(db, a.id, { ...levels, name: 'Río Gállego' })).id;
  ids.priv = (await buildPoint(db, a.id, { ...levels, name: privateName, public: false })).id;
  ids.deleted = (await buildPoint(db, a.id, { ...levels, name: 'Río borrado', deletedAt: new Date() })).id;
  ids.test = (await buildPoint(db, a.id, { ...levels, name: 'Río de pruebas', test: true })).id;
  ids.foreign = (await buildPoint(db, b.id, { ...levels, name: 'Río ajeno' })).id;
  const catalogue = await buildCatalogue(db);
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    companyId: a.id,
    state: 'Active',
    measurementPointId: pub.id,
  });
  ids.device = device.id;
  serial = device.serial;
  const rows = Array.from({ length: 48 }, (_, i) => {
    const v = 1 + i / 100;
    const ts = new Date(now - (48 - i) * hour);
    return {
      deviceId: device.id,
      port: 'ai1',
      ts,
      pointId: pub.id,
      direct: v,
      adjusted: v,
      interpreted: v,
      flag: 1,
    };
  });
  await db.insert(measures).values(rows);
  await db.insert(seriesLatest).values({
    pointId: pub.id,
    port: 'ai1',
    deviceId: device.id,
    ts: rows.at(-1)!.ts,
    interpreted: 1.47,
    flag: 1,
    alertLevel: 'OK',
  });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  server.request({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('GET /public/dashboard/{slug}', () => {
  it('shows the company name and its public points only, without sign-in, cacheable for 60 s', async () => {
    const res = await get('/public/dashboard/rios-publicos');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // the datum's texts depend on the language: a cache must not answer English with Spanish
    expect(res.headers.vary).toBe('accept, accept-language');
    const body = res.json();
    expect(body.company).toEqual({ name: 'Ríos Públicos S.A.', slug: 'rios-publicos' });
    expect(body.points.map((p: { id: string }) => p.id)).toEqual([ids.pub, ids.second]);
    expect(body.datum).toEqual(publicDatumTexts.es);
  });

  it('carries exactly the listed fields: no device, serial, user or internal field', async () => {
    const res = await get('/public/dashboard/rios-publicos', { 'accept-language': 'en' });
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['company', 'datum', 'points', 'tiles']);
    expect(body.datum).toEqual(publicDatumTexts.en);
    const point = body.points[0];
    expect(Object.keys(point).sort()).toEqual(
      ['id', 'kind', 'latitude', 'level', 'longitude', 'name', 'riverLevel', 'unit'].sort(),
    );
    expect(Object.keys(point.riverLevel).sort()).toEqual(
      [
        'alertValue',
        'current',
        'groundLevel',
        'invertLevel',
        'kind',
        'level',
        'name',
        'pointId',
        'record',
        'state',
        'trendPerHour',
        'typical',
        'unit',
        'warningValue',
      ].sort(),
    );
    expect(point.riverLevel.current.value).toBeCloseTo(1.47);
    for (const secret of [serial, ids.device, privateName, ids.priv, ids.foreign, ids.test, ids.deleted])
      expect(res.body).not.toContain(secret);
  });

  it.each([
    ['an unknown slug', 'no-existe'],
    ['a deleted company', 'borrada'],
    ['a malformed slug', 'Ríos Públicos'],
    ['a path climbing out', '..%2F..%2Fapi%2Fusers'],
    ['SQL', "x'%20or%20'1'%3D'1"],
    ['a NUL', 'a%00b'],
    ['a very long slug', 'a'.repeat(99)],
  ])('answers 404 PD1000 for %s', async (_, slug) => {
    const res = await get(`/public/dashboard/${slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'PD1000', message: 'No se encontró el panel público o el punto.' });
  });

  it('refuses a slug past the parameter limit with a 4xx, never a 500', async () => {
    const res = await get(`/public/dashboard/${'a'.repeat(500)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('GET /public/dashboard/{slug}/points/{id}/series', () => {
  it('gives the last 7 days of a public point, downsampled, with only chart fields', async () => {
    const res = await get(`/public/dashboard/rios-publicos/points/${ids.pub}/series?range=7d`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'bucketSeconds',
        'from',
        'groundLevel',
        'invertLevel',
        'pointId',
        'points',
        'raw',
        'thresholds',
        'to',
        'unit',
      ].sort(),
    );
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * 24 * hour);
    expect(body.points.filter((p: { value: number | null }) => p.value !== null)).toHaveLength(48);
    expect(res.body).not.toContain(ids.device);
  });

  it('answers the same 404 for a private, deleted, test or foreign point as for an unknown slug', async () => {
    const unknown = (await get(`/public/dashboard/no-existe/points/${ids.pub}/series`)).json();
    for (const id of [ids.priv, ids.deleted, ids.test, ids.foreign, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/public/dashboard/rios-publicos/points/${id}/series`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown);
    }
    // the foreign point is public under its own slug, not under another's
    expect((await get(`/public/dashboard/otra-cuenca/points/${ids.foreign}/series`)).statusCode).toBe(200);
  });

  it.each([
    ['a malformed id', `/public/dashboard/rios-publicos/points/1%20or%201=1/series`],
    ['another range', `/public/dashboard/rios-publicos/points/${ids.pub}/series?range=1y`],
  ])('answers 400 for %s', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
  });

  it('reaches nothing else under /public/dashboard', async () => {
    for (const url of [
      `/public/dashboard/rios-publicos/points/${ids.pub}`,
      `/public/dashboard/rios-publicos/devices/${ids.device}`,
      `/public/dashboard/rios-publicos/users`,
    ])
      expect((await get(url)).statusCode).toBe(404);
  });
});

describe('public dashboard limits', () => {
  it('answers 429 L1000 with Retry-After past the limit per address; other addresses go on', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < limit; i++)
      expect((await get('/public/dashboard/rios-publicos', {}, address)).statusCode).toBe(200);
    const over = await get('/public/dashboard/rios-publicos', { 'accept-language': 'en' }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'L1000', message: expect.stringContaining('Too many') });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/public/dashboard/rios-publicos', {}, '203.0.113.10')).statusCode).toBe(200);
  });
});

/** The database with every select counted: one count = one query sent. */
function countingDb(db: Db) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property === 'select' && typeof value === 'function')
        return (...args: unknown[]) => {
          counter.selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

describe('public dashboard cache', () => {
  function service(cacheSize = 1000) {
    const clock = { t: now };
    const counted = countingDb(server.database.db);
    // every read (widgets and charts included) goes through the counted database
    const dashboards = createPublicDashboardService(
      { db: counted.db, reads: primaryReads(counted.db), config: { mapTiles: { url: null, attribution: '' } } },
      { now: () => clock.t, cacheSize },
    );
    return { dashboards, clock, counter: counted.counter };
  }

  it('serves 100 concurrent requests with the queries of one, and reads again once expired', async () => {
    const single = service();
    await single.dashboards.dashboard('rios-publicos', 'es');
    const queriesOfOne = single.counter.selects;
    expect(queriesOfOne).toBeGreaterThan(0);

    const { dashboards, clock, counter } = service();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => dashboards.dashboard('rios-publicos', i % 2 ? 'es' : 'en')),
    );
    expect(answers.every((a) => a.points.length === 2)).toBe(true);
    expect(counter.selects).toBe(queriesOfOne);

    clock.t += 59_000;
    await dashboards.dashboard('rios-publicos', 'es');
    expect(counter.selects).toBe(queriesOfOne);
    clock.t += 2_000;
    await Promise.all(Array.from({ length: 100 }, () => dashboards.dashboard('rios-publicos', 'es')));
    expect(counter.selects).toBe(2 * queriesOfOne);
  });

  it('caches misses and series too, and keeps at most cacheSize keys', async () => {
    const one = service();
    await one.dashboards.series('rios-publicos', ids.pub, '7d');
    const seriesOfOne = one.counter.selects;
    expect(seriesOfOne).toBeGreaterThan(0);

    const { dashboards, counter } = service(2);
    const misses = await Promise.allSettled(
      Array.from({ length: 100 }, () => dashboards.dashboard('no-existe', 'es')),
    );
    expect(misses.every((m) => m.status === 'rejected')).toBe(true);
    expect(counter.selects).toBe(1);

    await Promise.all(Array.from({ length: 100 }, () => dashboards.series('rios-publicos', ids.pub, '7d')));
    expect(counter.selects).toBe(1 + seriesOfOne);
    // two other keys push the series out (least recently used first): it is read again
    await dashboards.dashboard('rios-publicos', 'es');
    await dashboards.dashboard('otra-cuenca', 'es');
    const before = counter.selects;
    await dashboards.series('rios-publicos', ids.pub, '7d');
    expect(counter.selects - before).toBe(seriesOfOne);
  });

  it('stops showing a point once it is made private, after the cache entry expires', async () => {
    const { dashboards, clock } = service();
    expect((await dashboards.dashboard('rios-publicos', 'es')).points).toHaveLength(2);
    await server.database.db
      .update(measurementPoints)
      .set({ public: false })
      .where(eq(measurementPoints.id, ids.second));
    clock.t += 61_000;
    expect((await dashboards.dashboard('rios-publicos', 'es')).points.map((p) => p.id)).toEqual([ids.pub]);
    await server.database.db
      .update(measurementPoints)
      .set({ public: true })
      .where(eq(measurementPoints.id, ids.second));
  });
});
