import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@aforo/contracts/roles';
import { alerts, devices, seriesLatest } from '../../db/schema';
import {
  buildCatalogue,
  buildCompany,
  buildDevice,
  buildPoint,
  buildUser,
  providerCompanyId,
} from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let company: string;
let other: string;
let provider: string;
const tokens: Record<string, string> = {};
const clientRoles: Role[] = ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER', 'ROLE_SPECTATOR'];
const globalUsers = ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'];
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  provider = await providerCompanyId(db);
  company = (await buildCompany(db, { businessName: 'Overview Co' })).id;
  other = (await buildCompany(db, { businessName: 'Overview Other' })).id;
  for (const role of clientRoles) {
    const user = await buildUser(db, { companyId: company, roles: [role] });
    tokens[role] = await server.login(user.email);
  }
  const outsider = await buildUser(db, { companyId: other, roles: ['ROLE_ADMIN_CLIENTE'] });
  tokens.outsider = await server.login(outsider.email);
  for (const email of globalUsers) tokens[email] = await server.login(email);

  const danger = await buildPoint(db, company, { name: 'Danger' });
  const ok = await buildPoint(db, company, { name: 'Ok' });
  const silentShort = await buildPoint(db, company, { name: 'Silent short' });
  const silentLong = await buildPoint(db, company, { name: 'Silent long' });
  const inTest = await buildPoint(db, company, { name: 'In test', test: true });
  await buildPoint(db, company, { name: 'Gone', deletedAt: new Date() });
  const foreign = await buildPoint(db, other, { name: 'Foreign' });
  await db.insert(seriesLatest).values([
    {
      pointId: danger.id,
      port: 'ai1',
      deviceId: danger.id,
      ts: ago(1),
      interpreted: 5,
      flag: 1,
      alertLevel: 'DANGER',
    },
    { pointId: ok.id, port: 'ai1', deviceId: ok.id, ts: ago(2), interpreted: 1, flag: 1 },
    // read long ago: not transmitting today (test points are left out of the share anyway)
    {
      pointId: inTest.id,
      port: 'ai1',
      deviceId: inTest.id,
      ts: ago(3 * 24 * 60),
      interpreted: 1,
      flag: 1,
      updatedAt: ago(3 * 24 * 60),
    },
    {
      pointId: foreign.id,
      port: 'ai1',
      deviceId: foreign.id,
      ts: ago(1),
      interpreted: 9,
      flag: 1,
      alertLevel: 'DANGER',
    },
  ]);
  const alert = { count: 1, lastAt: ago(5) };
  await db.insert(alerts).values([
    {
      ...alert,
      companyId: company,
      pointId: danger.id,
      port: 'ai1',
      type: 'DANGER',
      level: 'DANGER',
      openedAt: ago(5),
    },
    {
      ...alert,
      companyId: company,
      pointId: silentShort.id,
      port: null,
      type: 'NO_TRANSMISSION',
      level: 'NO_TRANSMISSION',
      openedAt: ago(4),
    },
    {
      ...alert,
      companyId: company,
      pointId: ok.id,
      port: 'ai1',
      type: 'WARNING',
      level: 'WARNING',
      openedAt: ago(50),
      clearedAt: ago(40),
    },
    {
      ...alert,
      companyId: other,
      pointId: foreign.id,
      port: 'ai1',
      type: 'DANGER',
      level: 'DANGER',
      openedAt: ago(3),
    },
  ]);
  // installed devices: heard now, silent for ~1 h past the deadline, silent for days; and one in a test point
  const { model, product } = await buildCatalogue(db);
  const install = async (pointId: string, updatedAt: Date) => {
    const device = await buildDevice(db, {
      modelId: model.id,
      productId: product.id,
      state: 'Active',
      companyId: company,
      measurementPointId: pointId,
    });
    await db.update(devices).set({ updatedAt }).where(eq(devices.id, device.id));
  };
  await install(danger.id, ago(3 * 24 * 60));
  // transmission time 3600 s: the deadline is 2 h 5 min after the device was last heard
  await install(silentShort.id, ago(3 * 60));
  await install(silentLong.id, ago(3 * 24 * 60));
  await install(inTest.id, ago(3 * 24 * 60));
});
afterAll(() => server.close());

const get = (url: string, who: string = 'ROLE_USER', companyId = company) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en', 'x-current-company': companyId }),
  });

describe('GET /api/overview', () => {
  it('gives points by level, the latest open alerts, transmission today and devices out of service', async () => {
    const res = await get('/api/overview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.points).toEqual({
      total: 5,
      byLevel: { DANGER: 1, NO_TRANSMISSION: 1, WARNING: 0, OUT_OF_RANGE: 0, OK: 2, NO_DATA: 1 },
    });
    expect(body.openAlerts).toBe(2);
    expect(body.latestAlerts.map((a: { type: string }) => a.type)).toEqual(['NO_TRANSMISSION', 'DANGER']);
    const since = Date.parse(body.transmittingToday.since);
    const expected = [ago(1), ago(2)].filter((d) => d.getTime() >= since).length;
    expect(body.transmittingToday).toMatchObject({
      total: 4,
      transmitting: expected,
      percent: (expected / 4) * 100,
    });
    expect(body.devicesOutOfService).toEqual({ under24h: 1, over24h: 1 });
    expect(body.providerView).toBe(false);
    expect(body.network).toBe(false);
  });

  it('is tenant-safe: another company counts only its own', async () => {
    const body = (await get('/api/overview', 'outsider', other)).json();
    expect(body.points.total).toBe(1);
    expect(body.points.byLevel.DANGER).toBe(1);
    expect(body.latestAlerts.map((a: { pointName: string }) => a.pointName)).toEqual(['Foreign']);
    expect(body.devicesOutOfService).toEqual({ under24h: 0, over24h: 0 });
    expect((await get('/api/overview', 'outsider', company)).statusCode).not.toBe(200);
  });

  it('lets the general roles read; the spectator may not', async () => {
    for (const who of ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER', ...globalUsers])
      expect((await get('/api/overview', who)).statusCode, who).toBe(200);
    expect((await get('/api/overview', 'ROLE_SPECTATOR')).statusCode).toBe(403);
  });

  it('tells provider staff on the provider company to show the companies table', async () => {
    expect((await get('/api/overview', 'admin@demo.aforo.dev', provider)).json().providerView).toBe(true);
    expect((await get('/api/overview', 'admin@demo.aforo.dev', company)).json().providerView).toBe(false);
  });
});

describe('GET /api/overview/companies', () => {
  it('lists every client company with its figures, not the provider (it has no points)', async () => {
    const res = await get('/api/overview/companies?length=100', 'viewer@demo.aforo.dev', provider);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as Array<{ companyId: string; companyName: string }>;
    expect(rows.map((r) => r.companyName)).toEqual(
      expect.arrayContaining([
        'Canal del Norte S.A.',
        'Aguas de Levante S.L.',
        'Overview Co',
        'Overview Other',
      ]),
    );
    expect(rows.map((r) => r.companyId)).not.toContain(provider);
    expect(res.json().total).toBe(rows.length);
    expect(rows.find((r) => r.companyId === company)).toMatchObject({
      companyId: company,
      companyName: 'Overview Co',
      points: {
        total: 5,
        byLevel: { DANGER: 1, NO_TRANSMISSION: 1, WARNING: 0, OUT_OF_RANGE: 0, OK: 2, NO_DATA: 1 },
      },
      openAlerts: 2,
      openDanger: 1,
      openNoTransmission: 1,
      devicesOutOfService: { under24h: 1, over24h: 1 },
      transmittingToday: { total: 4 },
    });
    const page = (
      await get('/api/overview/companies?length=1&search=overview', 'chief@demo.aforo.dev', provider)
    ).json();
    expect(page).toMatchObject({ total: 2, rows: [{ companyName: 'Overview Co' }] });
    const one = (
      await get(`/api/overview/companies?companyId=${other}`, 'chief@demo.aforo.dev', provider)
    ).json();
    expect(one).toMatchObject({ total: 1, rows: [{ companyId: other, openDanger: 1 }] });
  });

  it('is for provider staff only', async () => {
    for (const who of ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER', 'ROLE_SPECTATOR'])
      expect((await get('/api/overview/companies', who)).statusCode, who).toBe(403);
    expect((await get('/api/overview/companies', 'admin@demo.aforo.dev', company)).statusCode).toBe(200);
  });

  it('answers hostile query parameters with 400, never 500', async () => {
    for (const query of ['length=0', 'length=101', 'page=-1', 'search=%00', `search=${'é'.repeat(201)}`]) {
      const res = await get(`/api/overview/companies?${query}`, 'admin@demo.aforo.dev', provider);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('V1000');
    }
    expect(
      (await get('/api/overview/companies?search=%25_', 'admin@demo.aforo.dev', provider)).json().total,
    ).toBe(0);
  });
});
