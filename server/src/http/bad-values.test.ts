/**
 * Issue 9 item 4: NUL bytes in any text, epoch dates beyond JavaScript's range and year-0000 dates
 * answered 500 (PostgreSQL 22021 / 22008, or a RangeError). The contract building blocks refuse them:
 * 400 V1000 with the field named, and nothing logged as an error.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let token: string;
let pointId: string;
let deviceId: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const logged: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  server = await startTestServer({ logger });
  token = await server.login('admin@demo.aforo.dev');
  const db = server.database.db;
  const norte = await companyIdByName(db, 'Canal del Norte S.A.');
  catalogue = await buildCatalogue(db);
  pointId = (await buildPoint(db, norte)).id;
  deviceId = (await buildDevice(db, { modelId: catalogue.model.id, productId: catalogue.product.id })).id;
});
afterAll(() => server.close());

async function expectRefused(method: 'GET' | 'POST', url: string, field: string, payload?: unknown) {
  const res = await server.request({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
  expect(res.json()).toMatchObject({ code: 'V1000', fields: { [field]: 'This is invalid' } });
}

describe('NUL bytes in text', () => {
  it('are refused in query filters with the field named', async () => {
    await expectRefused('GET', '/api/brands?search=a%00b', 'search');
    await expectRefused('GET', '/api/devices?search=%00', 'search');
    await expectRefused('GET', '/api/users?search=x%00', 'search');
    await expectRefused('GET', '/api/measures-failed?serial=a%00b', 'serial');
    await expectRefused('GET', '/api/log-entries?entityType=a%00b', 'entityType');
    await expectRefused('GET', '/api/log-entries?entityId=%00', 'entityId');
    await expectRefused('GET', `/api/measures?pointId=${pointId}&port=a%00`, 'port');
    await expectRefused('GET', `/api/points/${pointId}/series?from=0&to=1&port=a%00`, 'port');
  });

  it('are refused in body fields of creates and updates', async () => {
    await expectRefused('POST', '/api/brands', 'abbreviation', { abbreviation: 'a\u0000b' });
    await expectRefused('POST', '/api/networks', 'name', { name: 'n\u0000', type: '4G' });
    await expectRefused('POST', '/api/companies', 'businessName', { businessName: 'x\u0000y' });
    await expectRefused('POST', '/api/companies', 'contactName', {
      businessName: 'X',
      contactName: '\u0000',
    });
    await expectRefused('POST', '/api/countries', 'code', { name: 'Zeta', code: 'Z\u0000' });
    const device = { serial: 'SN-NUL-1', modelId: catalogue.model.id, productId: catalogue.product.id };
    await expectRefused('POST', '/api/devices', 'technicalNotes', { ...device, technicalNotes: 'a\u0000' });
    await expectRefused('POST', '/api/devices/import', 'csv', { csv: 'serial\nSN\u00001', dryRun: true });
    await expectRefused('POST', `/api/devices/${deviceId}/review`, 'reason', { reason: 'r\u0000' });
    await expectRefused('POST', '/api/components', 'values.note', {
      typeId: crypto.randomUUID(),
      serial: 'C-1',
      values: { note: 'n\u0000' },
    });
  });

  it('are refused in the sign-in username without a session, and nothing is logged as an error', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'accept-language': 'en' },
      payload: { username: 'admin\u0000@demo.aforo.dev', password: 'whatever-it-is' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'V1000', fields: { username: 'This is invalid' } });
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('are refused in path parameters of public calls', async () => {
    const res = await server.request({ method: 'GET', url: `/public/activate/user/${'a'.repeat(30)}%00` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'V1000', fields: { token: expect.any(String) } });
  });
});

describe('dates out of range', () => {
  it('epoch 99999999999999 (beyond JavaScript dates) is refused on every telemetry list', async () => {
    const huge = '99999999999999';
    await expectRefused('GET', `/api/measures?pointId=${pointId}&to=${huge}`, 'to');
    await expectRefused('GET', `/api/events?to=${huge}`, 'to');
    await expectRefused('GET', `/api/events?from=${huge}`, 'from');
    await expectRefused('GET', `/api/log-entries?to=${huge}`, 'to');
    await expectRefused('GET', `/api/measures-failed?to=${huge}`, 'to');
    await expectRefused('GET', `/api/points/${pointId}/series?from=0&to=${huge}`, 'to');
  });

  it('year 0000 and years out of 1900..9999 are refused', async () => {
    const device = { serial: 'SN-Y0-1', modelId: catalogue.model.id, productId: catalogue.product.id };
    await expectRefused('POST', '/api/devices', 'manufactured', { ...device, manufactured: '0000-01-01' });
    await expectRefused('POST', '/api/devices', 'manufactured', { ...device, manufactured: '1899-12-31' });
    await expectRefused('GET', '/api/events?from=0000-01-01T00:00:00Z', 'from');
    await expectRefused('GET', '/api/log-entries?from=1492-10-12', 'from');
  });

  it('dates in range still work', async () => {
    const res = await server.request({
      method: 'GET',
      url: '/api/events?from=1767225600&to=2026-02-01T00:00:00Z',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
