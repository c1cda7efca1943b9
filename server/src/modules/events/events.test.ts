import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let pointA: string;
let deviceA: string;
let deviceA2: string;
let deviceLevante: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'user.levante@demo.aforo.dev',
];
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  const catalogue = await buildCatalogue(db);
  const device = (companyId: string, pointId: string | null) =>
    buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId,
      measurementPointId: pointId,
      state: pointId ? 'Active' : 'Inactive',
    });
  pointA = (await buildPoint(db, norte)).id;
  deviceA = (await device(norte, pointA)).id;
  deviceA2 = (await device(norte, null)).id;
  deviceLevante = (await device(levante, (await buildPoint(db, levante)).id)).id;
  await db.insert(events).values([
    { deviceId: deviceA, type: 'RESTART', message: 'watchdog reset', ts: at('2026-01-10T08:00:00Z') },
    { deviceId: deviceA, type: 'ERROR', message: 'sensor open circuit', ts: at('2026-01-11T08:00:00Z') },
    { deviceId: deviceA, type: 'SYSTEM', message: 'firmware 1.2.0 booted', ts: at('2026-01-12T08:00:00Z') },
    { deviceId: deviceA2, type: 'ERROR', message: 'low battery', ts: at('2026-01-13T08:00:00Z') },
    {
      deviceId: deviceLevante,
      type: 'ERROR',
      message: 'levante sensor fault',
      ts: at('2026-01-14T08:00:00Z'),
    },
  ]);
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who = 'user.norte@demo.aforo.dev') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
  });
const ids = (body: { rows: { deviceId: string; message: string }[] }) => body.rows.map((r) => r.message);

describe('GET /api/events', () => {
  it("lists the current company's device events, newest first, with serial and point", async () => {
    const res = await get(`/api/events?deviceId=${deviceA}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual(['firmware 1.2.0 booted', 'sensor open circuit', 'watchdog reset']);
    expect(res.json().rows[0]).toMatchObject({
      type: 'SYSTEM',
      pointId: pointA,
      ts: '2026-01-12T08:00:00.000Z',
    });
    expect(res.json().rows[0].deviceSerial).toMatch(/^SN-/);

    const window = '&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';
    const company = (await get(`/api/events?length=100${window}`)).json();
    expect(ids(company)).toContain('low battery');
    expect(ids(company)).not.toContain('levante sensor fault');
  });

  it('filters by type, point, date range and message, and pages', async () => {
    const errors = (
      await get(`/api/events?type=ERROR&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`)
    ).json();
    expect(ids(errors)).toEqual(['low battery', 'sensor open circuit']);
    const atPoint = (await get(`/api/events?pointId=${pointA}`)).json();
    expect(atPoint.total).toBe(3);
    const range = (
      await get(`/api/events?deviceId=${deviceA}&from=2026-01-11T00:00:00Z&to=2026-01-11T23:59:59Z`)
    ).json();
    expect(ids(range)).toEqual(['sensor open circuit']);
    const search = (await get(`/api/events?deviceId=${deviceA}&search=WATCHDOG`)).json();
    expect(ids(search)).toEqual(['watchdog reset']);
    const page = (await get(`/api/events?deviceId=${deviceA}&length=2&page=2&dir=ASC`)).json();
    expect(page).toMatchObject({ total: 3 });
    expect(ids(page)).toEqual(['firmware 1.2.0 booted']);
    const byType = (await get(`/api/events?deviceId=${deviceA}&order=type&dir=ASC`)).json();
    expect(byType.rows.map((r: { type: string }) => r.type)).toEqual(['ERROR', 'RESTART', 'SYSTEM']);

    const bad = await get('/api/events?type=WARNING');
    expect(bad.statusCode).toBe(400);
    const reversed = await get('/api/events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.json().code).toBe('ME1001');
  });

  it('lets Technical Operation roles read and refuses the spectator (F1000)', async () => {
    for (const who of emails.filter((e) => e.includes('norte') && !e.startsWith('spectator'))) {
      expect((await get(`/api/events?deviceId=${deviceA}`, who)).json().total, who).toBe(3);
    }
    for (const who of ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      expect((await get(`/api/events?deviceId=${deviceA}`, who)).json().total, who).toBe(3);
    }
    const spectator = await get('/api/events', 'spectator.norte@demo.aforo.dev');
    expect(spectator.statusCode).toBe(403);
    expect(spectator.json().code).toBe('F1000');
  });

  it("answers 404 for another company's device or point; provider staff may read every company", async () => {
    const device = await get(`/api/events?deviceId=${deviceA}`, 'user.levante@demo.aforo.dev');
    expect(device.statusCode).toBe(404);
    expect(device.json().code).toBe('EQ1000');
    const point = await get(`/api/events?pointId=${pointA}`, 'user.levante@demo.aforo.dev');
    expect(point.json().code).toBe('POM1000');
    // a client cannot widen the scope
    const widened = (
      await get('/api/events?allCompanies=true&length=1000', 'user.levante@demo.aforo.dev')
    ).json();
    expect(ids(widened)).not.toContain('sensor open circuit');
    expect(ids(widened)).toContain('levante sensor fault');

    const staffCurrent = (await get('/api/events?length=1000', 'admin@demo.aforo.dev')).json();
    expect(ids(staffCurrent)).not.toContain('levante sensor fault');
    const staffAll = (await get('/api/events?length=1000&allCompanies=true', 'admin@demo.aforo.dev')).json();
    expect(ids(staffAll)).toEqual(expect.arrayContaining(['levante sensor fault', 'sensor open circuit']));
    const staffDevice = (await get(`/api/events?deviceId=${deviceLevante}`, 'viewer@demo.aforo.dev')).json();
    expect(ids(staffDevice)).toEqual(['levante sensor fault']);
  });
});

describe('unbounded lists and the export (issue 9 item 5)', () => {
  const bulk = 2345;
  let bulkDevice: string;
  beforeAll(async () => {
    const db = server.database.db;
    const catalogue = await buildCatalogue(db);
    bulkDevice = (
      await buildDevice(db, {
        modelId: catalogue.model.id,
        productId: catalogue.product.id,
        companyId: norte,
      })
    ).id;
    // more rows than one batch of 1000, three to an instant so the cursor must break ties by id
    const start = Date.parse('2025-06-01T00:00:00Z');
    const rows = Array.from({ length: bulk }, (_, i) => ({
      deviceId: bulkDevice,
      type: 'SYSTEM',
      message: `bulk ${i}`,
      ts: new Date(start + Math.floor(i / 3) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(events).values(rows.slice(i, i + 500));
  });

  const csvRows = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => l.split(','));

  it('refuses length=-1 and lengths over 1000 to a plain user (400 V1000, field length)', async () => {
    for (const length of ['-1', '1001', '0']) {
      const res = await get(`/api/events?length=${length}`);
      expect(res.statusCode, length).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'V1000',
        fields: { length: 'A page holds 1 to 1000 rows; use the export for more' },
      });
    }
    expect((await get('/api/events?length=1000')).statusCode).toBe(200);
  });

  it('streams every row of the filters as CSV, in time order, each row once', async () => {
    const res = await get(`/api/events/export?deviceId=${bulkDevice}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('events.csv');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'ts',
      'received_at',
      'type',
      'message',
      'device_serial',
      'device_id',
      'point_name',
      'point_id',
      'id',
    ]);
    expect(rows).toHaveLength(bulk);
    expect(new Set(rows.map((r) => r[8])).size).toBe(bulk);
    const times = rows.map((r) => r[0]!);
    expect(times).toEqual([...times].sort().reverse());

    const asc = csvRows(
      (await get(`/api/events/export?deviceId=${bulkDevice}&dir=ASC&search=bulk%201`)).body,
    );
    const expected = Array.from({ length: bulk }, (_, i) => `bulk ${i}`).filter((m) =>
      m.startsWith('bulk 1'),
    );
    expect(
      asc
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(expected.sort());
    expect(asc[1]![0]! <= asc.at(-1)![0]!).toBe(true);

    const semicolons = await get(`/api/events/export?deviceId=${deviceA}&separator=%3B`);
    expect(semicolons.body.split('\r\n')[0]).toBe(
      '\uFEFFts;received_at;type;message;device_serial;device_id;point_name;point_id;id',
    );
  });

  it("keeps company scope: another company's rows are absent and its device answers 404", async () => {
    const levanteExport = await get('/api/events/export?allCompanies=true', 'user.levante@demo.aforo.dev');
    expect(levanteExport.statusCode).toBe(200);
    const messages = csvRows(levanteExport.body).map((r) => r[3]);
    expect(messages).toContain('levante sensor fault');
    expect(messages.some((m) => m?.startsWith('bulk') || m === 'watchdog reset')).toBe(false);
    const named = await get(`/api/events/export?deviceId=${bulkDevice}`, 'user.levante@demo.aforo.dev');
    expect(named.statusCode).toBe(404);
    expect(named.json().code).toBe('EQ1000');
    expect((await get('/api/events/export', 'spectator.norte@demo.aforo.dev')).statusCode).toBe(403);
    const reversed = await get('/api/events/export?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.json().code).toBe('ME1001');
  });
});
