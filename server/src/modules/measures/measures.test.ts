import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMeasurePartitions } from '../../db/partitions';
import { measures } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let pointA: string;
let pointB: string;
let deviceA: string;
let deviceLevante: string;
let deviceSerialA: string;
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

/** A measure every 15 minutes from `start`, ports ai1 and ai2, flags cycling 1, 1, 3, 4. */
function series(device: string, point: string | null, start: Date, count: number) {
  const flags = [1, 1, 3, 4];
  return Array.from({ length: count }, (_, i) => i).flatMap((i) =>
    ['ai1', 'ai2'].map((port) => ({
      deviceId: device,
      port,
      ts: new Date(start.getTime() + i * 900_000),
      pointId: point,
      direct: 4 + i / 10,
      adjusted: 4 + i / 10,
      interpreted: point ? i / 100 : null,
      flag: flags[i % flags.length]!,
      topic: `aforo/v1/LVL/${device}/up`,
    })),
  );
}

const now = Date.now();
const hoursAgo = (h: number) => new Date(now - h * 3_600_000);

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
  pointB = (await buildPoint(db, levante)).id;
  const a = await device(norte, pointA);
  deviceA = a.id;
  deviceSerialA = a.serial;
  deviceLevante = (await device(levante, pointB)).id;
  // 20 h of point A (80 steps × 2 ports) plus 10 steps 30 h ago, outside the default 24 h
  await db.insert(measures).values(series(deviceA, pointA, hoursAgo(20), 80));
  await db.insert(measures).values(series(deviceA, pointA, hoursAgo(30), 10));
  await db.insert(measures).values(series(deviceLevante, pointB, hoursAgo(10), 8));
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who = 'user.norte@demo.aforo.dev') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'es',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
  });

describe('GET /api/measures', () => {
  it('lists a point over the last 24 h by default, newest first, with every value column', async () => {
    const res = await get(`/api/measures?pointId=${pointA}&length=10`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(160);
    expect(body.rows).toHaveLength(10);
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(24 * 3_600_000);
    const [first] = body.rows;
    expect(first).toMatchObject({
      deviceId: deviceA,
      deviceSerial: deviceSerialA,
      pointId: pointA,
      topic: `aforo/v1/LVL/${deviceA}/up`,
    });
    expect(first.ts).toBe(hoursAgo(20 - 79 * 0.25).toISOString());
    expect(first.epoch).toBe(Math.floor(new Date(first.ts).getTime() / 1000));
    expect(Object.keys(first).sort()).toEqual(
      [
        'adjusted',
        'deviceId',
        'deviceSerial',
        'direct',
        'epoch',
        'flag',
        'interpreted',
        'pointId',
        'pointName',
        'port',
        'receivedAt',
        'topic',
        'ts',
      ].sort(),
    );
    const times = body.rows.map((r: { ts: string }) => r.ts);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages, sorts ascending and filters by range, port and flag', async () => {
    const from = hoursAgo(40).toISOString();
    const all = (await get(`/api/measures?pointId=${pointA}&from=${from}&length=1000`)).json();
    expect(all.total).toBe(180);
    const asc = (await get(`/api/measures?pointId=${pointA}&from=${from}&dir=ASC&length=7&page=2`)).json();
    expect(asc.rows).toHaveLength(7);
    expect(asc.rows[0].ts).toBe(hoursAgo(30 - 3 * 0.25).toISOString()); // rows 8-14: step 3, port ai2 first

    const port = (await get(`/api/measures?pointId=${pointA}&port=ai2&length=100`)).json();
    expect(port.total).toBe(80);
    expect(port.rows.every((r: { port: string }) => r.port === 'ai2')).toBe(true);

    const suspect = (await get(`/api/measures?pointId=${pointA}&flag=3&length=100`)).json();
    expect(suspect.total).toBe(40);
    expect(suspect.rows.every((r: { flag: number }) => r.flag === 3)).toBe(true);

    // epoch seconds are accepted as well as ISO text
    const epochFrom = Math.floor(hoursAgo(31).getTime() / 1000);
    const epochTo = Math.floor(hoursAgo(29).getTime() / 1000);
    const old = (await get(`/api/measures?pointId=${pointA}&from=${epochFrom}&to=${epochTo}`)).json();
    // steps at 30, 29.75, 29.5 and 29.25 h ago (29 h ago lies a fraction past the floored end)
    expect(old.total).toBe(8);
  });

  it('lists a device, and refuses without point or device (ME1002) or with from ≥ to (ME1001)', async () => {
    const res = await get(`/api/measures?deviceId=${deviceA}&length=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(160);

    const none = await get('/api/measures');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'ME1002' });
    expect(none.json().message).toMatch(/punto de medición o un equipo/);

    const t = hoursAgo(2).toISOString();
    const same = await get(`/api/measures?pointId=${pointA}&from=${t}&to=${t}`);
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('ME1001');
    const future = await get(`/api/measures?pointId=${pointA}&from=${hoursAgo(-5).toISOString()}`);
    expect(future.json().code).toBe('ME1001');

    const badFlag = await get(`/api/measures?pointId=${pointA}&flag=2`);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().code).toBe('V1000');
    const all = await get(`/api/measures?pointId=${pointA}&length=-1`);
    expect(all.statusCode).toBe(400);
  });

  it('lets the roles of Technical Operation read and refuses the spectator (F1000)', async () => {
    for (const who of [
      'admin@demo.aforo.dev',
      'chief@demo.aforo.dev',
      'viewer@demo.aforo.dev',
      'admin-cliente.norte@demo.aforo.dev',
      'chief-cliente.norte@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
    ]) {
      const res = await get(`/api/measures?pointId=${pointA}&length=1`, who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json().total).toBe(160);
    }
    const spectator = await get(`/api/measures?pointId=${pointA}`, 'spectator.norte@demo.aforo.dev');
    expect(spectator.statusCode).toBe(403);
    expect(spectator.json().code).toBe('F1000');
  });

  it("answers 404 for another company's point or device", async () => {
    const point = await get(`/api/measures?pointId=${pointA}`, 'user.levante@demo.aforo.dev');
    expect(point.statusCode).toBe(404);
    expect(point.json().code).toBe('POM1000');
    const device = await get(`/api/measures?deviceId=${deviceA}`, 'user.levante@demo.aforo.dev');
    expect(device.statusCode).toBe(404);
    expect(device.json().code).toBe('EQ1000');
    const ownDevice = await get(`/api/measures?deviceId=${deviceLevante}`, 'user.levante@demo.aforo.dev');
    expect(ownDevice.json().total).toBe(16);

    // provider staff: points of the current company only, devices of any company
    const staffPoint = await get(`/api/measures?pointId=${pointB}`, 'admin@demo.aforo.dev');
    expect(staffPoint.json().code).toBe('POM1000');
    const staffDevice = await get(`/api/measures?deviceId=${deviceLevante}`, 'viewer@demo.aforo.dev');
    expect(staffDevice.json().total).toBe(16);
  });

  it("hides a device's measures taken at another company's point from company users", async () => {
    const db = server.database.db;
    // the Levante device was at a Norte point last week, then moved to Levante
    await db.insert(measures).values(series(deviceLevante, pointA, hoursAgo(24 * 7), 4));
    const from = hoursAgo(24 * 8).toISOString();
    const levanteUser = (
      await get(`/api/measures?deviceId=${deviceLevante}&from=${from}`, 'user.levante@demo.aforo.dev')
    ).json();
    expect(levanteUser.total).toBe(16);
    const staff = (
      await get(`/api/measures?deviceId=${deviceLevante}&from=${from}`, 'chief@demo.aforo.dev')
    ).json();
    expect(staff.total).toBe(24);
  });

  it('reads rows from their monthly partitions', async () => {
    const db = server.database.db;
    const march = new Date('2021-03-31T22:00:00Z');
    await ensureMeasurePartitions(db, new Date('2021-03-15T00:00:00Z'), 0, 1);
    // 16 steps of 15 min: 8 in March, 8 in April
    await db.insert(measures).values(series(deviceA, pointA, march, 16));
    const stored = await db.execute<{ partition: string; n: number }>(
      sql`select tableoid::regclass::text as partition, count(*)::int as n from measures
          where device_id = ${deviceA} and ts < '2021-05-01' group by 1 order by 1`,
    );
    const rows = (stored as unknown as { rows: Array<{ partition: string; n: number }> }).rows;
    expect(rows).toEqual([
      { partition: 'measures_y2021m03', n: 16 },
      { partition: 'measures_y2021m04', n: 16 },
    ]);
    const res = await get(
      `/api/measures?pointId=${pointA}&from=2021-03-01T00:00:00Z&to=2021-05-01T00:00:00Z&dir=ASC&length=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(32);
    expect(res.json().rows[0].ts).toBe('2021-03-31T22:00:00.000Z');
    expect(res.json().rows.at(-1).ts).toBe('2021-04-01T01:45:00.000Z');
  });
});

describe('GET /api/measures/export (issue 9 item 5)', () => {
  let bulkPoint: string;
  const steps = 650; // × 2 ports = 1300 rows, more than one batch of 1000
  beforeAll(async () => {
    const db = server.database.db;
    const catalogue = await buildCatalogue(db);
    bulkPoint = (await buildPoint(db, norte)).id;
    const bulkDevice = await buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId: norte,
      measurementPointId: bulkPoint,
      state: 'Active',
    });
    const rows = series(bulkDevice.id, bulkPoint, hoursAgo(12), steps).map((r, i) => ({
      ...r,
      ts: new Date(hoursAgo(12).getTime() + Math.floor(i / 2) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(measures).values(rows.slice(i, i + 500));
  });

  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  // docs/VALIDATION.md: an export names its range
  const day = () => `from=${hoursAgo(24).toISOString()}&to=${new Date(now).toISOString()}`;

  it('streams every measure of the range once, in time order, with the value columns', async () => {
    for (const dir of ['ASC', 'DESC']) {
      const res = await get(`/api/measures/export?pointId=${bulkPoint}&dir=${dir}&${day()}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = lines(res.body);
      expect(header).toBe(
        'ts,epoch,device_serial,point_name,port,direct,adjusted,interpreted,flag,received_at,topic,device_id,point_id',
      );
      expect(rows).toHaveLength(steps * 2);
      const keys = rows.map((r) => r.split(',').slice(0, 5).join(','));
      expect(new Set(keys).size).toBe(steps * 2);
      // times are local (ISO 8601 with the company's offset): ordered by the instant, i.e. the epoch
      const times = rows.map((r) => Number(r.split(',')[1]));
      const ordered = [...times].sort((a, b) => a - b);
      expect(times).toEqual(dir === 'ASC' ? ordered : ordered.reverse());
      expect(rows[0]!.split(',')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    }
    const ai2 = lines((await get(`/api/measures/export?pointId=${bulkPoint}&port=ai2&flag=4&${day()}`)).body);
    expect(ai2.slice(1).every((r) => r.split(',')[4] === 'ai2' && r.split(',')[8] === '4')).toBe(true);
  });

  it('keeps the list rules: point or device required, range order, company scope', async () => {
    // docs/VALIDATION.md: a point or a device plus both dates, every missing field named at once
    const bare = await get('/api/measures/export');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 'V1000',
      fields: {
        pointId: 'Seleccione al menos un punto de medición o un equipo',
        deviceId: 'Seleccione al menos un punto de medición o un equipo',
        from: 'Este campo es obligatorio',
        to: 'Este campo es obligatorio',
      },
    });
    const noTo = await get(`/api/measures/export?pointId=${bulkPoint}&from=${hoursAgo(2).toISOString()}`);
    expect(noTo.statusCode).toBe(400);
    expect(Object.keys(noTo.json().fields)).toEqual(['to']);
    const t = hoursAgo(2).toISOString();
    expect((await get(`/api/measures/export?pointId=${bulkPoint}&from=${t}&to=${t}`)).json().code).toBe(
      'ME1001',
    );
    const other = await get(
      `/api/measures/export?pointId=${bulkPoint}&${day()}`,
      'user.levante@demo.aforo.dev',
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('POM1000');
    const device = await get(
      `/api/measures/export?deviceId=${deviceA}&${day()}`,
      'user.levante@demo.aforo.dev',
    );
    expect(device.json().code).toBe('EQ1000');
    const spectator = await get(
      `/api/measures/export?pointId=${bulkPoint}&${day()}`,
      'spectator.norte@demo.aforo.dev',
    );
    expect(spectator.statusCode).toBe(403);
  });
});
