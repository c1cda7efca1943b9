/**
 * GET /api/measures/export?frequency=… (issue 11 item 9): one row per point, port and bucket of the
 * company's local time, checked against figures worked out by hand, across DST changes in Madrid.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMeasurePartitions } from '../../db/partitions';
import { companies, measures } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let point: string;
let pointName: string;
let device: string;
let dstPoint: string;
let roamer: string;
let norteStop: string;
let levanteStop: string;
const tokens: Record<string, string> = {};
const norteUser = 'user.norte@demo.aforo.dev';
const levanteUser = 'user.levante@demo.aforo.dev';

type Row = { ts: string; value: number | null; flag?: number; port?: string };
const rowsOf = (deviceId: string, pointId: string | null, rows: Row[]) =>
  rows.map((r) => ({
    deviceId,
    pointId,
    port: r.port ?? 'ai1',
    ts: new Date(r.ts),
    direct: 4,
    adjusted: 4,
    interpreted: r.value,
    flag: r.flag ?? 1,
  }));
/** One measure of value 1 every `stepMinutes` from `from` (inclusive) to `to` (exclusive). */
const every = (from: string, to: string, stepMinutes: number): Row[] => {
  const out: Row[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += stepMinutes * 60_000)
    out.push({ ts: new Date(t).toISOString(), value: 1 });
  return out;
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  await db.update(companies).set({ preferredTimezone: 'Europe/Madrid' }).where(eq(companies.id, norte));
  await ensureMeasurePartitions(db, new Date('2024-06-15T00:00:00Z'), 6, 6);
  const catalogue = await buildCatalogue(db);
  const build = (companyId: string, pointId: string) =>
    buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId,
      measurementPointId: pointId,
      state: 'Active',
    });
  const p = await buildPoint(db, norte);
  point = p.id;
  pointName = p.name;
  device = (await build(norte, point)).id;
  await db.insert(measures).values(
    rowsOf(device, point, [
      // 10:00–11:00 in Madrid (CEST): 1, 2 (suspect: it counts), 100 (fail: it does not), 4
      { ts: '2024-06-10T08:00:00Z', value: 1 },
      { ts: '2024-06-10T08:15:00Z', value: 2, flag: 3 },
      { ts: '2024-06-10T08:30:00Z', value: 100, flag: 4 },
      { ts: '2024-06-10T08:45:00Z', value: 4 },
      { ts: '2024-06-10T08:10:00Z', value: 7, port: 'ai2' },
      // 11:00–12:00: a value beyond the stored bound, none, 10, then a failed 99 (not the last)
      { ts: '2024-06-10T09:00:00Z', value: 1e300 },
      { ts: '2024-06-10T09:10:00Z', value: null, flag: 9 },
      { ts: '2024-06-10T09:30:00Z', value: 10 },
      { ts: '2024-06-10T09:50:00Z', value: 99, flag: 4 },
    ]),
  );
  // hourly values around both DST changes of 2024 in Madrid, and 5-minute ones over a week of June
  dstPoint = (await buildPoint(db, norte)).id;
  const dstDevice = (await build(norte, dstPoint)).id;
  const dst = [
    ...every('2024-03-29T23:00:00Z', '2024-04-01T22:00:00Z', 60),
    ...every('2024-10-25T22:00:00Z', '2024-10-28T23:00:00Z', 60),
    ...every('2024-06-16T22:00:00Z', '2024-06-23T22:00:00Z', 5),
  ];
  for (let i = 0; i < dst.length; i += 1000)
    await db.insert(measures).values(rowsOf(dstDevice, dstPoint, dst.slice(i, i + 1000)));
  // a device that measured at a Levante point, then moved to a Norte point
  levanteStop = (await buildPoint(db, levante)).id;
  norteStop = (await buildPoint(db, norte)).id;
  roamer = (await build(norte, norteStop)).id;
  await db
    .insert(measures)
    .values([
      ...rowsOf(roamer, levanteStop, [{ ts: '2024-06-10T08:00:00Z', value: 5 }]),
      ...rowsOf(roamer, norteStop, [{ ts: '2024-06-11T08:00:00Z', value: 6 }]),
    ]);
  for (const email of [norteUser, levanteUser, 'admin@demo.aforo.dev'])
    tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who = norteUser, company?: string) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'es',
      'x-current-company': company ?? (who === levanteUser ? levante : norte),
    }),
  });

/** The CSV's lines as cells, header first. */
async function csv(url: string, who = norteUser, company?: string): Promise<string[][]> {
  const res = await get(url, who, company);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}
const starts = (lines: string[][]) => lines.slice(1).map((cells) => cells[0]);
const column = (lines: string[][], name: string) => {
  const i = lines[0]!.indexOf(name);
  return lines.slice(1).map((cells) => cells[i]);
};

describe('GET /api/measures/export with a frequency', () => {
  it('answers count, failed, min, avg, max and last per point, port and local hour', async () => {
    const lines = await csv(
      `/api/measures/export?pointId=${point}&from=2024-06-10T07:00:00Z&to=2024-06-10T10:00:00Z&frequency=3600&dir=ASC`,
    );
    expect(lines[0]!.join(',')).toBe(
      'bucket_start,epoch,point_name,port,count,failed,min,avg,max,last,point_id',
    );
    expect(lines.slice(1)).toEqual([
      // avg of 1, 2 and 4 (to the thousandth: measureResolution); the failed 100 is counted apart
      ['2024-06-10T10:00:00+02:00', '1718006400', pointName, 'ai1', '3', '1', '1', '2.333', '4', '4', point],
      ['2024-06-10T10:00:00+02:00', '1718006400', pointName, 'ai2', '1', '0', '7', '7', '7', '7', point],
      // 1e300, the missing value and the failed 99 are "failed"; the last usable value is 10
      ['2024-06-10T11:00:00+02:00', '1718010000', pointName, 'ai1', '1', '3', '10', '10', '10', '10', point],
    ]);
  });

  it('cuts the buckets at the range and keeps the port and flag filters', async () => {
    const lines = await csv(
      `/api/measures/export?pointId=${point}&from=2024-06-10T08:15:00Z&to=2024-06-10T08:45:00Z&frequency=900&port=ai1&dir=ASC`,
    );
    expect(lines.slice(1).map((c) => [c[0], c[4], c[5], c[7]])).toEqual([
      ['2024-06-10T10:15:00+02:00', '1', '0', '2'],
      ['2024-06-10T10:30:00+02:00', '0', '1', ''],
      ['2024-06-10T10:45:00+02:00', '1', '0', '4'],
    ]);
    const failedOnly = await csv(
      `/api/measures/export?deviceId=${device}&from=2024-06-10T07:00:00Z&to=2024-06-10T10:00:00Z&frequency=86400&flag=4`,
    );
    expect(failedOnly.slice(1).map((c) => [c[0], c[3], c[4], c[5], c[6]])).toEqual([
      ['2024-06-10T00:00:00+02:00', 'ai1', '0', '2', ''],
    ]);
  });

  it('makes a day a local calendar day: 23 hours in March, 25 in October (Europe/Madrid)', async () => {
    const spring = await csv(
      `/api/measures/export?pointId=${dstPoint}&from=2024-03-29T23:00:00Z&to=2024-04-01T21:59:59Z&frequency=86400&dir=ASC`,
    );
    expect(starts(spring)).toEqual([
      '2024-03-30T00:00:00+01:00',
      '2024-03-31T00:00:00+01:00',
      '2024-04-01T00:00:00+02:00',
    ]);
    expect(column(spring, 'count')).toEqual(['24', '23', '24']);
    const autumn = await csv(
      `/api/measures/export?pointId=${dstPoint}&from=2024-10-25T22:00:00Z&to=2024-10-28T22:59:59Z&frequency=86400&dir=DESC`,
    );
    expect(starts(autumn)).toEqual([
      '2024-10-28T00:00:00+01:00',
      '2024-10-27T00:00:00+02:00',
      '2024-10-26T00:00:00+02:00',
    ]);
    expect(column(autumn, 'count')).toEqual(['24', '25', '24']);
  });

  it('starts shorter buckets at local midnight and steps by the frequency through a DST change', async () => {
    const range = 'from=2024-10-26T22:00:00Z&to=2024-10-27T22:59:59Z';
    const hours = await csv(`/api/measures/export?pointId=${dstPoint}&${range}&frequency=3600&dir=ASC`);
    // 25 hours: 02:00 comes twice, first in summer time, then in winter time
    expect(starts(hours)).toHaveLength(25);
    expect(starts(hours).slice(1, 5)).toEqual([
      '2024-10-27T01:00:00+02:00',
      '2024-10-27T02:00:00+02:00',
      '2024-10-27T02:00:00+01:00',
      '2024-10-27T03:00:00+01:00',
    ]);
    expect(starts(hours).at(-1)).toBe('2024-10-27T23:00:00+01:00');
    // date_bin from the local midnight: after the change 3-hour buckets keep 3 elapsed hours, so
    // they start an hour earlier on the clock, and the day's last one is cut by the next midnight
    const threes = await csv(`/api/measures/export?pointId=${dstPoint}&${range}&frequency=10800&dir=ASC`);
    expect(starts(threes)).toEqual([
      '2024-10-27T00:00:00+02:00',
      '2024-10-27T02:00:00+01:00',
      '2024-10-27T05:00:00+01:00',
      '2024-10-27T08:00:00+01:00',
      '2024-10-27T11:00:00+01:00',
      '2024-10-27T14:00:00+01:00',
      '2024-10-27T17:00:00+01:00',
      '2024-10-27T20:00:00+01:00',
      '2024-10-27T23:00:00+01:00',
    ]);
    expect(column(threes, 'count')).toEqual(['3', '3', '3', '3', '3', '3', '3', '3', '1']);
    const spring = await csv(
      `/api/measures/export?pointId=${dstPoint}&from=2024-03-30T23:00:00Z&to=2024-03-31T21:59:59Z&frequency=3600&dir=ASC`,
    );
    expect(starts(spring)).toHaveLength(23);
    expect(starts(spring).slice(1, 3)).toEqual(['2024-03-31T01:00:00+01:00', '2024-03-31T03:00:00+02:00']);
  });

  it('streams a week of 5-minute buckets in windows of local days, each bucket once, both orders', async () => {
    const range = 'from=2024-06-16T22:00:00Z&to=2024-06-23T21:59:59Z';
    for (const dir of ['ASC', 'DESC']) {
      const lines = await csv(`/api/measures/export?pointId=${dstPoint}&${range}&frequency=300&dir=${dir}`);
      const all = starts(lines);
      expect(all).toHaveLength(7 * 288);
      expect(new Set(all).size).toBe(7 * 288);
      const epochs = column(lines, 'epoch').map(Number);
      const sorted = [...epochs].sort((a, b) => a - b);
      expect(epochs).toEqual(dir === 'ASC' ? sorted : sorted.reverse());
      expect(column(lines, 'count').every((n) => n === '1')).toBe(true);
    }
  });

  it("uses the current company's time zone", async () => {
    await server.database.db
      .update(companies)
      .set({ preferredTimezone: 'America/New_York' })
      .where(eq(companies.id, norte));
    try {
      const lines = await csv(
        `/api/measures/export?pointId=${point}&from=2024-06-10T07:00:00Z&to=2024-06-10T10:00:00Z&frequency=86400`,
      );
      expect(starts(lines)).toEqual(['2024-06-10T00:00:00-04:00', '2024-06-10T00:00:00-04:00']);
    } finally {
      await server.database.db
        .update(companies)
        .set({ preferredTimezone: 'Europe/Madrid' })
        .where(eq(companies.id, norte));
    }
  });

  it("keeps the export's access rules: another company's point or device is 404, its rows stay out", async () => {
    const range = 'from=2024-06-01T00:00:00Z&to=2024-06-30T00:00:00Z&frequency=86400';
    const byPoint = await get(`/api/measures/export?pointId=${point}&${range}`, levanteUser);
    expect([byPoint.statusCode, byPoint.json().code]).toEqual([404, 'POM1000']);
    const byDevice = await get(`/api/measures/export?deviceId=${device}&${range}`, levanteUser);
    expect([byDevice.statusCode, byDevice.json().code]).toEqual([404, 'EQ1000']);
    // the device's past at a Levante point is not Norte's to read
    const roamed = await csv(`/api/measures/export?deviceId=${roamer}&${range}&dir=ASC`);
    expect(column(roamed, 'point_id')).toEqual([norteStop]);
    // provider staff read it all (their current company's clock)
    const staff = await csv(
      `/api/measures/export?deviceId=${roamer}&${range}&dir=ASC`,
      'admin@demo.aforo.dev',
    );
    expect(column(staff, 'point_id').sort()).toEqual([levanteStop, norteStop].sort());
  });

  it('refuses a frequency not in docs/LIMITS.md (V1000 naming it) and a range over a year (DR1000)', async () => {
    for (const frequency of ['3601', '60', 'hour', '0', '-300']) {
      const res = await get(
        `/api/measures/export?pointId=${point}&from=2024-06-01T00:00:00Z&to=2024-06-02T00:00:00Z&frequency=${frequency}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'V1000', fields: { frequency: 'Este valor no es válido' } });
    }
    const year = `pointId=${point}&from=2023-06-01T00:00:00Z&to=2024-06-02T00:00:00Z`;
    const long = await get(`/api/measures/export?${year}&frequency=86400`);
    expect([long.statusCode, long.json().code]).toEqual([400, 'DR1000']);
    // the raw export streams rows of any range: its limit is the batch, not the range
    expect((await get(`/api/measures/export?${year}`)).statusCode).toBe(200);
    const leapYear = `pointId=${point}&from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`;
    expect((await get(`/api/measures/export?${leapYear}&frequency=86400`)).statusCode).toBe(200);
  });

  it('writes the chosen separator', async () => {
    const res = await get(
      `/api/measures/export?pointId=${point}&from=2024-06-10T07:00:00Z&to=2024-06-10T09:00:00Z&frequency=3600&port=ai2&separator=;`,
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="measures-3600s.csv"');
    expect(res.body.split('\r\n')[1]).toBe(
      `2024-06-10T10:00:00+02:00;1718006400;${pointName};ai2;1;0;7;7;7;7;${point}`,
    );
  });
});
