/**
 * The transmission status of installed devices on GET /api/devices (docs/REPORTS.md "Installed-device
 * transmission status"): the column, the filter, tenancy, and the same counts as the overview.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, seriesLatest } from '../../db/schema';
import { buildCatalogue, buildCompany, buildDevice, buildPoint, buildUser } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let company: string;
let other: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);
// transmission time 3600 s (buildPoint): the deadline is 2 h 5 min after the device was last heard
const deadline = 125;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  company = (await buildCompany(db, { businessName: 'Transmission Co' })).id;
  other = (await buildCompany(db, { businessName: 'Transmission Other' })).id;
  const user = await buildUser(db, { companyId: company, roles: ['ROLE_USER'] });
  tokens.user = await server.login(user.email);
  const outsider = await buildUser(db, { companyId: other, roles: ['ROLE_ADMIN_CLIENTE'] });
  tokens.outsider = await server.login(outsider.email);
  tokens.admin = await server.login('admin@demo.aforo.dev');

  const { model, product } = await buildCatalogue(db);
  /** A device at a new point of `owner`, last heard `minutes` ago (by a measure, or by its install when `heard` is false). */
  const install = async (
    owner: string,
    minutes: number,
    heard: boolean,
    point: Record<string, unknown> = {},
  ) => {
    const pointId = (await buildPoint(db, owner, point)).id;
    const device = await buildDevice(db, {
      modelId: model.id,
      productId: product.id,
      state: 'Active',
      companyId: owner,
      measurementPointId: pointId,
    });
    if (heard)
      await db.insert(seriesLatest).values({
        pointId,
        port: 'ai1',
        deviceId: device.id,
        ts: ago(minutes),
        interpreted: 1,
        flag: 1,
        updatedAt: ago(minutes),
      });
    else
      await db
        .update(devices)
        .set({ updatedAt: ago(minutes) })
        .where(eq(devices.id, device.id));
    return device.id;
  };
  ids.inService = await install(company, 10, true);
  ids.short = await install(company, deadline + 2 * 60, true);
  ids.long = await install(company, deadline + 3 * 24 * 60, false);
  // a point in test is left out, as the overview leaves it out
  ids.inTest = await install(company, deadline + 3 * 24 * 60, true, { test: true });
  const stored = await buildDevice(db, {
    modelId: model.id,
    productId: product.id,
    state: 'Inactive',
    companyId: company,
  });
  ids.uninstalled = stored.id;
  ids.foreign = await install(other, deadline + 3 * 24 * 60, false);
});
afterAll(() => server.close());

const get = (url: string, who = 'user', companyId = company) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en', 'x-current-company': companyId }),
  });

const statuses = async (query = '', who = 'user', companyId = company) => {
  const res = await get(`/api/devices?length=-1${query}`, who, companyId);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().rows as Array<{ id: string; transmission: string | null }>;
  return Object.fromEntries(rows.map((r) => [r.id, r.transmission]));
};

describe('GET /api/devices: transmission', () => {
  it('gives each installed device its status, and null to one not installed or at a point in test', async () => {
    expect(await statuses()).toEqual({
      [ids.inService!]: 'in_service',
      [ids.short!]: 'out_of_service_under_24h',
      [ids.long!]: 'out_of_service_over_24h',
      [ids.inTest!]: null,
      [ids.uninstalled!]: null,
    });
    const one = await get(`/api/devices/${ids.short}`);
    expect(one.json().transmission).toBe('out_of_service_under_24h');
  });

  it('filters by status', async () => {
    expect(Object.keys(await statuses('&transmission=in_service'))).toEqual([ids.inService]);
    expect(Object.keys(await statuses('&transmission=out_of_service_under_24h'))).toEqual([ids.short]);
    expect(Object.keys(await statuses('&transmission=out_of_service_over_24h'))).toEqual([ids.long]);
    const res = await get('/api/devices?transmission=out_of_service_over_24h&length=1');
    expect(res.json().total).toBe(1);
  });

  it('answers a bad status with 400', async () => {
    for (const value of ['broken', 'IN_SERVICE', '', 'in_service,out_of_service_over_24h']) {
      const res = await get(`/api/devices?transmission=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().code, value).toBe('V1000');
    }
  });

  it('is tenant-safe: a user of another company gets none of these devices', async () => {
    expect(await statuses('', 'outsider', other)).toEqual({ [ids.foreign!]: 'out_of_service_over_24h' });
    for (const status of ['in_service', 'out_of_service_under_24h', 'out_of_service_over_24h']) {
      const seen = Object.keys(await statuses(`&transmission=${status}`, 'outsider', other));
      expect(
        seen.filter((id) => id !== ids.foreign),
        status,
      ).toEqual([]);
    }
    expect((await get('/api/devices', 'outsider', company)).statusCode).not.toBe(200);
    const network = await statuses('&allCompanies=true&transmission=out_of_service_over_24h', 'admin');
    expect(network).toMatchObject({
      [ids.long!]: 'out_of_service_over_24h',
      [ids.foreign!]: 'out_of_service_over_24h',
    });
  });

  it('counts what the overview counts as devices out of service', async () => {
    const total = async (status: string, who = 'user', companyId = company) =>
      (await get(`/api/devices?length=1&transmission=${status}`, who, companyId)).json().total as number;
    for (const [who, companyId] of [
      ['user', company],
      ['outsider', other],
    ] as const) {
      const overview = await get('/api/overview', who, companyId);
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().devicesOutOfService).toEqual({
        under24h: await total('out_of_service_under_24h', who, companyId),
        over24h: await total('out_of_service_over_24h', who, companyId),
      });
    }
    expect((await get('/api/overview')).json().devicesOutOfService).toEqual({ under24h: 1, over24h: 1 });
  });
});
