/**
 * The provider's network view (docs/WEB.md "All companies") on Overview, Monitoring and Map, per
 * caller: provider staff (admin, chief, viewer) read every company with `scope=all` and one company
 * with `companyId`; client users get 403 for `scope=all` and keep reading only their company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPayload } from '@aforo/contracts/map';
import { alerts, layerPoints, layers, seriesLatest } from '../../db/schema';
import { buildCompany, buildPoint, buildUser, providerCompanyId } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let provider: string;
let north: string;
let south: string;
const tokens: Record<string, string> = {};
const staff = ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'];
const clients = ['client-admin', 'client-user'];
const points: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  provider = await providerCompanyId(db);
  north = (await buildCompany(db, { businessName: 'Red Norte' })).id;
  south = (await buildCompany(db, { businessName: 'Red Sur' })).id;
  const admin = await buildUser(db, { companyId: north, roles: ['ROLE_ADMIN_CLIENTE'] });
  const user = await buildUser(db, { companyId: north, roles: ['ROLE_USER'] });
  tokens['client-admin'] = await server.login(admin.email);
  tokens['client-user'] = await server.login(user.email);
  for (const email of staff) tokens[email] = await server.login(email);
  points.northDanger = (await buildPoint(db, north, { name: 'Red N peligro' })).id;
  points.northQuiet = (await buildPoint(db, north, { name: 'Red N tranquilo' })).id;
  points.south = (await buildPoint(db, south, { name: 'Red S aviso' })).id;
  const reading = (pointId: string, alertLevel: 'OK' | 'WARNING' | 'DANGER') => ({
    pointId,
    port: 'ai1',
    deviceId: pointId,
    ts: new Date(),
    interpreted: 2.5,
    flag: 1,
    alertLevel,
  });
  await db
    .insert(seriesLatest)
    .values([
      reading(points.northDanger, 'DANGER'),
      reading(points.northQuiet, 'OK'),
      reading(points.south, 'WARNING'),
    ]);
  const open = { count: 1, openedAt: new Date(), lastAt: new Date(), port: 'ai1', openedValue: 2.5 };
  await db.insert(alerts).values([
    { ...open, companyId: north, pointId: points.northDanger, type: 'DANGER', level: 'DANGER' },
    { ...open, companyId: south, pointId: points.south, type: 'WARNING', level: 'WARNING' },
  ]);
  const [layer] = await db
    .insert(layers)
    .values({ companyId: south, name: 'Cuenca sur', colour: '#0000ff' })
    .returning();
  await db.insert(layerPoints).values({ layerId: layer!.id, pointId: points.south });
});
afterAll(() => server.close());

/** Provider staff call from the provider company, client users from theirs. */
const get = (url: string, who: string) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': staff.includes(who) ? provider : north,
    }),
  });

interface MonitoringBody {
  rows: Array<{ name: string; companyId: string; companyName: string; level: string | null }>;
  total: number;
}

describe('the network view for provider staff', () => {
  it.each(staff)(
    '%s: monitoring lists every company’s points, worst first, with their company',
    async (who) => {
      const res = await get('/api/monitoring?scope=all&search=Red%20', who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<MonitoringBody>();
      expect(body.rows.map((r) => [r.name, r.companyName, r.level])).toEqual([
        ['Red N peligro', 'Red Norte', 'DANGER'],
        ['Red S aviso', 'Red Sur', 'WARNING'],
        ['Red N tranquilo', 'Red Norte', 'OK'],
      ]);
      const one = (
        await get(`/api/monitoring?scope=all&companyId=${south}&search=Red%20`, who)
      ).json<MonitoringBody>();
      expect(one.rows.map((r) => [r.name, r.companyId])).toEqual([['Red S aviso', south]]);
      const byLevel = (
        await get('/api/monitoring?scope=all&level=DANGER&search=Red%20', who)
      ).json<MonitoringBody>();
      expect(byLevel.rows.map((r) => r.name)).toEqual(['Red N peligro']);
      // without scope: the provider company's own points, which do not include these
      const own = (await get('/api/monitoring?search=Red%20', who)).json<MonitoringBody>();
      expect(own.total).toBe(0);
    },
  );

  it.each(staff)('%s: the overview adds the network up and gives the figures per company', async (who) => {
    const all = (await get('/api/overview?scope=all', who)).json();
    expect(all.network).toBe(true);
    const rows = (await get('/api/overview/companies?length=100', who)).json().rows as Array<{
      companyId: string;
      companyName: string;
      points: { total: number; byLevel: Record<string, number> };
      openAlerts: number;
    }>;
    // the grand totals are the sum of the companies' rows
    expect(all.points.total).toBe(rows.reduce((n, r) => n + r.points.total, 0));
    expect(all.openAlerts).toBe(rows.reduce((n, r) => n + r.openAlerts, 0));
    expect(rows.map((r) => r.companyId)).toEqual(expect.arrayContaining([north, south]));
    expect(rows.find((r) => r.companyId === north)).toMatchObject({
      companyName: 'Red Norte',
      points: { total: 2, byLevel: { DANGER: 1, OK: 1 } },
      openAlerts: 1,
    });
    const names = all.latestAlerts.map((a: { pointName: string }) => a.pointName);
    expect(names).toEqual(expect.arrayContaining(['Red N peligro', 'Red S aviso']));
    const south1 = (await get(`/api/overview?scope=all&companyId=${south}`, who)).json();
    expect(south1).toMatchObject({
      network: true,
      openAlerts: 1,
      points: { total: 1, byLevel: { WARNING: 1 } },
    });
    expect(south1.transmittingToday).toMatchObject({ total: 1, transmitting: 1, percent: 100 });
  });

  it.each(staff)('%s: the map draws every company’s points and names their company', async (who) => {
    const res = await get('/api/map/points?scope=all', who);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MapPayload>();
    const company = (pointId: string) => {
      const point = body.points.find((p) => p.id === pointId);
      return point ? body.companies[point.c!]?.name : undefined;
    };
    expect(company(points.northDanger!)).toBe('Red Norte');
    expect(company(points.south!)).toBe('Red Sur');
    const layer = body.layers.find((l) => l.name === 'Cuenca sur');
    expect(layer && body.companies[layer.c]?.id).toBe(south);
    const one = (await get(`/api/map/points?scope=all&companyId=${north}`, who)).json<MapPayload>();
    expect(one.points.map((p) => p.id).sort()).toEqual([points.northDanger, points.northQuiet].sort());
    expect(one.companies).toEqual([{ id: north, name: 'Red Norte' }]);
  });

  it('answers a company that does not exist with an empty list, and 404 on the overview', async () => {
    const nowhere = '5b0a2f0e-1111-4c1a-9b1a-000000000000';
    const list = (
      await get(`/api/monitoring?scope=all&companyId=${nowhere}`, staff[0]!)
    ).json<MonitoringBody>();
    expect(list).toEqual({ rows: [], total: 0 });
    expect((await get(`/api/overview?scope=all&companyId=${nowhere}`, staff[0]!)).statusCode).toBe(404);
  });
});

describe('the network view for client users', () => {
  it.each(clients)('%s: scope=all is 403 everywhere; without it only their company', async (who) => {
    for (const url of ['/api/monitoring?scope=all', '/api/overview?scope=all', '/api/map/points?scope=all']) {
      const res = await get(url, who);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await get(`/api/monitoring?scope=all&companyId=${south}`, who)).statusCode).toBe(403);
    const own = (await get('/api/monitoring?search=Red%20', who)).json<MonitoringBody>();
    expect(own.rows.map((r) => r.companyName)).toEqual(['Red Norte', 'Red Norte']);
    const overview = (await get('/api/overview', who)).json();
    expect(overview).toMatchObject({ network: false, points: { total: 2 }, openAlerts: 1 });
    const map = (await get('/api/map/points', who)).json<MapPayload>();
    expect(map.points.map((p) => p.id)).not.toContain(points.south);
    expect(map.companies.map((c) => c.id)).toEqual([north]);
  });

  it('answers a company filter without scope, or a bad scope, with 400', async () => {
    for (const who of [...clients, staff[0]!])
      for (const url of [
        `/api/monitoring?companyId=${south}`,
        `/api/overview?companyId=${south}`,
        `/api/map/points?companyId=${south}`,
        '/api/monitoring?scope=every',
        '/api/map/points?scope=all&companyId=nope',
      ]) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(400);
        expect(res.json().code).toBe('V1000');
      }
  });
});
