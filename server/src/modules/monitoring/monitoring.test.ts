import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@aforo/contracts/roles';
import { ensureMeasurePartitions } from '../../db/partitions';
import { alerts, layerPoints, layers, measures, seriesLatest } from '../../db/schema';
import { buildCompany, buildPoint, buildUser } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let company: string;
let other: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const clientRoles: Role[] = ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER', 'ROLE_SPECTATOR'];
const globalUsers = ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'];
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await ensureMeasurePartitions(db, new Date(), 1, 1);
  company = (await buildCompany(db, { businessName: 'Monitor Co' })).id;
  other = (await buildCompany(db, { businessName: 'Other Co' })).id;
  for (const role of clientRoles) {
    const user = await buildUser(db, { companyId: company, roles: [role] });
    tokens[role] = await server.login(user.email);
  }
  const outsider = await buildUser(db, { companyId: other, roles: ['ROLE_ADMIN_CLIENTE'] });
  tokens.outsider = await server.login(outsider.email);
  for (const email of globalUsers) tokens[email] = await server.login(email);

  const point = async (key: string, overrides: Record<string, unknown> = {}) =>
    (ids[key] = (await buildPoint(db, company, { name: key, ...overrides })).id);
  await point('Azud alto', { unit: 'm', address: 'Camino del azud 1' });
  await point('Barranco');
  await point('Cisterna', { kind: 'well' });
  await point('Dique mudo');
  await point('Borrado', { deletedAt: new Date() });
  ids.foreign = (await buildPoint(db, other, { name: 'Azud ajeno' })).id;
  // Azud alto: rising 0.5 m over the last 90 minutes, danger; Barranco: steady, two ports
  await db.insert(seriesLatest).values([
    {
      pointId: ids['Azud alto']!,
      port: 'ai1',
      deviceId: ids['Azud alto']!,
      ts: ago(1),
      interpreted: 3.5,
      flag: 1,
      alertLevel: 'DANGER',
    },
    { pointId: ids.Barranco!, port: 'ai1', deviceId: ids.Barranco!, ts: ago(30), interpreted: 1.2, flag: 1 },
    { pointId: ids.Barranco!, port: 'ai2', deviceId: ids.Barranco!, ts: ago(2), interpreted: 7, flag: 3 },
    { pointId: ids.Borrado!, port: 'ai1', deviceId: ids.Borrado!, ts: ago(2), interpreted: 1, flag: 1 },
    {
      pointId: ids.foreign!,
      port: 'ai1',
      deviceId: ids.foreign!,
      ts: ago(2),
      interpreted: 9,
      flag: 1,
      alertLevel: 'DANGER',
    },
  ]);
  const measure = (key: string, port: string, minutes: number, value: number, flag = 1) => ({
    deviceId: ids[key]!,
    port,
    ts: ago(minutes),
    pointId: ids[key]!,
    direct: value,
    adjusted: value,
    interpreted: value,
    flag,
  });
  await db.insert(measures).values([
    measure('Azud alto', 'ai1', 91, 3),
    // newer than the trend window, and a failed value: neither is the reference
    measure('Azud alto', 'ai1', 70, 0, 4),
    measure('Azud alto', 'ai1', 30, 3.4),
    measure('Barranco', 'ai2', 62, 7),
  ]);
  const alert = { count: 1, openedAt: ago(5), lastAt: ago(5), companyId: company };
  await db.insert(alerts).values([
    {
      ...alert,
      pointId: ids['Azud alto']!,
      port: 'ai1',
      type: 'DANGER',
      level: 'DANGER',
      openedValue: 3.5,
      lastValue: 3.5,
    },
    // a point never heard: its No Transmission is an alert of the whole point
    { ...alert, pointId: ids['Dique mudo']!, port: null, type: 'NO_TRANSMISSION', level: 'NO_TRANSMISSION' },
    { ...alert, pointId: ids.Barranco!, port: 'ai1', type: 'WARNING', level: 'WARNING', clearedAt: ago(3) },
  ]);
  const [layer] = await db
    .insert(layers)
    .values({ companyId: company, name: 'Cuenca', colour: '#123456' })
    .returning();
  await db.insert(layerPoints).values({ layerId: layer!.id, pointId: ids.Cisterna! });
  ids.layer = layer!.id;
});
afterAll(() => server.close());

const get = (url: string, who: string = 'ROLE_USER', companyId = company) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en', 'x-current-company': companyId }),
  });
const names = (body: { rows: { name: string }[] }) => body.rows.map((r) => r.name);

describe('GET /api/monitoring', () => {
  it('lists every live point with its latest reading, trend, level and colour', async () => {
    const res = await get('/api/monitoring');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    // by default the worst level first (no data last), then by name
    expect(names(body)).toEqual(['Azud alto', 'Dique mudo', 'Barranco', 'Cisterna']);
    const [azud, dique, barranco, cisterna] = body.rows;
    expect(azud).toMatchObject({
      companyId: company,
      companyName: 'Monitor Co',
      pointId: ids['Azud alto'],
      kind: 'river',
      unit: 'm',
      favourite: false,
      level: 'DANGER',
      colour: '#FF0000',
      latest: { port: 'ai1', value: 3.5, flag: 1, ts: ago(1).toISOString() },
      trend: { direction: 'up', overMinutes: 90 },
    });
    // (3.5 − 3) m over 90 minutes
    expect(azud.trend.ratePerHour).toBeCloseTo(0.5 / 1.5, 6);
    // the most recently measured series is shown; its value did not move in the hour: steady
    expect(barranco).toMatchObject({
      level: 'OK',
      colour: '#008000',
      latest: { port: 'ai2', value: 7, flag: 3 },
    });
    expect(barranco.trend).toMatchObject({ direction: 'steady', ratePerHour: 0 });
    expect(cisterna).toMatchObject({ level: null, colour: null, latest: null, trend: null });
    expect(dique).toMatchObject({ level: 'NO_TRANSMISSION', colour: '#FFA500', latest: null });
  });

  it("puts the caller's favourites first, whatever the order", async () => {
    const put = await server.request({
      method: 'PUT',
      url: `/api/points/${ids['Dique mudo']}/favourite`,
      headers: bearer(tokens.ROLE_USER!, { 'x-current-company': company }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(names((await get('/api/monitoring')).json())).toEqual([
      'Dique mudo',
      'Azud alto',
      'Barranco',
      'Cisterna',
    ]);
    expect(names((await get('/api/monitoring?order=name&dir=DESC')).json())[0]).toBe('Dique mudo');
    expect(names((await get('/api/monitoring?favourites=true')).json())).toEqual(['Dique mudo']);
    // favourites are the caller's own
    expect(names((await get('/api/monitoring', 'ROLE_CHIEF_CLIENTE')).json())[0]).toBe('Azud alto');
  });

  it('filters by level, kind, layer and search, orders by level and time, and pages', async () => {
    const q = async (query: string) =>
      names((await get(`/api/monitoring?${query}`, 'ROLE_ADMIN_CLIENTE')).json());
    expect(await q('level=DANGER')).toEqual(['Azud alto']);
    expect(await q('level=OK')).toEqual(['Barranco']);
    expect(await q('level=NO_TRANSMISSION')).toEqual(['Dique mudo']);
    expect(await q('level=NO_DATA')).toEqual(['Cisterna']);
    expect(await q('level=WARNING')).toEqual([]);
    expect(await q('kind=well')).toEqual(['Cisterna']);
    expect(await q(`layerId=${ids.layer}`)).toEqual(['Cisterna']);
    expect(await q('search=azud')).toEqual(['Azud alto']);
    expect(await q('search=camino')).toEqual(['Azud alto']);
    expect(await q('search=%25')).toEqual([]);
    expect(await q('order=level&dir=DESC')).toEqual(['Azud alto', 'Dique mudo', 'Barranco', 'Cisterna']);
    expect(await q('order=time&dir=DESC')).toEqual(['Azud alto', 'Barranco', 'Cisterna', 'Dique mudo']);
    expect(await q('order=level')).toEqual(['Azud alto', 'Dique mudo', 'Barranco', 'Cisterna']);
    expect(await q('order=level&dir=ASC')).toEqual(['Cisterna', 'Barranco', 'Dique mudo', 'Azud alto']);
    expect(await q('order=name')).toEqual(['Azud alto', 'Barranco', 'Cisterna', 'Dique mudo']);
    const page = (await get('/api/monitoring?order=name&length=3&page=2', 'ROLE_ADMIN_CLIENTE')).json();
    expect(page).toMatchObject({ total: 4, rows: [{ name: 'Dique mudo' }] });
    expect((await get('/api/monitoring?page=9', 'ROLE_ADMIN_CLIENTE')).json()).toEqual({
      rows: [],
      total: 4,
    });
  });

  it('is tenant-safe: another company sees none of these points', async () => {
    const res = await get('/api/monitoring', 'outsider', other);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Azud ajeno']);
    expect((await get('/api/monitoring', 'outsider', company)).statusCode).not.toBe(200);
    expect(names((await get(`/api/monitoring?layerId=${ids.layer}`, 'outsider', other)).json())).toEqual([]);
  });

  it('lets the general roles read; the spectator may not', async () => {
    for (const who of ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER', ...globalUsers]) {
      const res = await get('/api/monitoring', who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().total, who).toBe(4);
    }
    expect((await get('/api/monitoring', 'ROLE_SPECTATOR')).statusCode).toBe(403);
  });

  it('answers hostile query parameters with 400, never 500', async () => {
    for (const query of [
      'length=0',
      'length=101',
      'length=-1',
      'page=0',
      'page=abc',
      'level=PURPLE',
      'level=OK,DANGER',
      'order=name;drop table measures',
      'dir=sideways',
      'kind=ocean',
      'layerId=not-a-uuid',
      'favourites=maybe',
      'search=%00',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await get(`/api/monitoring?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('V1000');
    }
  });
});

describe('the trend of a rain gauge', () => {
  it('is not given: the change per hour of an amount per 15 minutes means nothing', async () => {
    const db = server.database.db;
    const rainCo = (await buildCompany(db, { businessName: 'Rain Co' })).id;
    const user = await buildUser(db, { companyId: rainCo, roles: ['ROLE_USER'] });
    tokens.rain = await server.login(user.email);
    const gauge = (await buildPoint(db, rainCo, { name: 'Pluvio', kind: 'rain_gauge', unit: 'mm/15min' })).id;
    const river = (await buildPoint(db, rainCo, { name: 'Río', unit: 'm' })).id;
    for (const pointId of [gauge, river]) {
      await db
        .insert(seriesLatest)
        .values({ pointId, port: 'p1', deviceId: pointId, ts: ago(1), interpreted: 2, flag: 1 });
      await db.insert(measures).values({
        deviceId: pointId,
        pointId,
        port: 'p1',
        ts: ago(91),
        direct: 1,
        adjusted: 1,
        interpreted: 1,
        flag: 1,
      });
    }
    const rows = (await get('/api/monitoring?order=name', 'rain', rainCo)).json().rows;
    expect(rows.map((r: { name: string; trend: unknown }) => [r.name, r.trend === null])).toEqual([
      ['Pluvio', true],
      ['Río', false],
    ]);
  });
});

describe('GET /api/points with the latest reading and level', () => {
  it('adds the latest reading and level to every point', async () => {
    const res = await get('/api/points?search=a&length=10');
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(
      res.json().rows.map((r: { name: string; latest: unknown; level: unknown }) => [r.name, r]),
    );
    expect(byName['Azud alto']).toMatchObject({ level: 'DANGER', latest: { port: 'ai1', value: 3.5 } });
    expect(byName.Cisterna).toMatchObject({ level: null, latest: null });
    const one = await get(`/api/points/${ids['Dique mudo']}`);
    expect(one.json()).toMatchObject({ level: 'NO_TRANSMISSION', latest: null });
  });
});
