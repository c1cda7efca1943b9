/**
 * GET /api/reports/{monthly,quarterly,level} and GET /api/daily-summaries (docs/REPORTS.md,
 * docs/API.md "Reports"): the role matrix (ADMIN, CHIEF, VIEWER read; client roles 403), tenancy
 * (another company's point 404; the network only for provider staff), the DR codes, and the figures
 * of a point whose October is stored.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPoint, buildUser, companyIdByName } from '../../test/factories';
import { monthlyReportQuerySchema } from '@aforo/contracts/reports';
import { userContext } from '../../core/request-context';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { createDailySummariesService } from '../daily-summaries/daily-summaries.service';
import { primaryReads } from '../../db/read-replica';
import { createReportsService } from './reports.service';

let server: TestServer;
let norte: string;
let levante: string;
let pointId: string;
let levantePointId: string;
const tokens: Record<string, string> = {};
const provider = ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'];
const clients = [
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
];
const viewer = 'viewer@demo.aforo.dev';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of [...provider, ...clients]) tokens[email] = await server.login(email);
  const point = await buildPoint(db, norte, {
    name: 'Aforo de pruebas de informes',
    measureTime: 600,
    groundLevel: 10,
    invertLevel: 0,
    parameters: { ai1: { label: 'Nivel' } },
    createdAt: new Date('2026-09-01T00:00:00Z'),
  });
  pointId = point.id;
  levantePointId = (await buildPoint(db, levante, { measureTime: 600, parameters: { ai1: {} } })).id;
  // 144 calm values on 3 and 4 October (Madrid days), nothing else that month; the Levante point
  // (created today) has an October imported
  for (const [id, day] of [
    [pointId, '2026-10-03'],
    [pointId, '2026-10-04'],
    [levantePointId, '2026-10-04'],
  ] as const) {
    const start = Date.parse(`${day}T00:00:00+02:00`);
    const ts = Array.from({ length: 144 }, (_, i) => (start + i * 600_000) / 1000);
    const values = ts.map((_, i) => 2 + i * 0.001);
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${id}::uuid, v, v, v, 1
      from unnest(${sql.param(ts)}::float8[], ${sql.param(values)}::float8[]) as k(t, v)`);
  }
}, 120_000);
afterAll(() => server?.close());

const get = (url: string, who = viewer, company = norte, lang = 'en') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, { 'accept-language': lang, 'x-current-company': company }),
  });

describe('GET /api/reports/monthly', () => {
  it('provider staff read the month: the point with its classes, counts and operation %', async () => {
    const res = await get('/api/reports/monthly?month=2026-10');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.company).toMatchObject({ id: norte, timeZone: 'Europe/Madrid' });
    expect(report.period).toEqual({ label: '2026-10', from: '2026-10-01', to: '2026-10-31', open: false });
    expect(report.formula).toContain('operation %');
    const row = report.rows.find((r: { pointId: string }) => r.pointId === pointId);
    expect(row.days).toHaveLength(31);
    expect(row.days[2]).toMatchObject({ day: '2026-10-03', class: 'correct', count: 144 });
    expect(row.counts).toEqual({
      days: 31,
      correct: 2,
      intermittent: 0,
      incorrect: 0,
      noTransmission: 29,
      excluded: 0,
      percent: 100,
    });
    expect(row.level.min).toEqual({ value: 2, at: '2026-10-02T22:00:00.000Z' });
    expect(row.port).toBe('ai1');
  });

  it('in Spanish the formula is written in Spanish', async () => {
    const res = await get('/api/reports/monthly?month=2026-10', viewer, norte, 'es');
    expect(res.json().formula).toBe(
      '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
    );
  });

  it.each(provider)('%s reads it', async (who) => {
    expect((await get('/api/reports/monthly?month=2026-10', who)).statusCode).toBe(200);
  });

  it.each(clients)('%s may not (403)', async (who) => {
    const res = await get('/api/reports/monthly?month=2026-10', who);
    expect(res.statusCode).toBe(403);
  });

  it('the network for provider staff (scope=all), one company with companyId; 403 to a client', async () => {
    const all = (await get('/api/reports/monthly?month=2026-10&scope=all')).json();
    expect(all.company).toBeNull();
    expect(new Set(all.rows.map((r: { companyId: string }) => r.companyId))).toEqual(
      new Set([norte, levante]),
    );
    const one = (await get(`/api/reports/monthly?month=2026-10&scope=all&companyId=${levante}`)).json();
    expect(one.company.id).toBe(levante);
    // created after October, listed for the days it has measures of: the 4th only
    const imported = one.rows.find((r: { pointId: string }) => r.pointId === levantePointId);
    expect(imported.days.filter((d: { class: string | null }) => d.class !== null)).toHaveLength(1);
    expect(imported.counts).toMatchObject({ days: 1, correct: 1, percent: 100 });
    expect(one.rows.every((r: { companyId: string }) => r.companyId === levante)).toBe(true);
    expect((await get('/api/reports/monthly?month=2026-10&scope=all', clients[0])).statusCode).toBe(403);
    expect((await get(`/api/reports/monthly?month=2026-10&companyId=${levante}`)).statusCode).toBe(400);
  });

  it('a bad month is 400', async () => {
    for (const month of ['2026-13', '26-10', '2026-10-01', '1800-01'])
      expect((await get(`/api/reports/monthly?month=${month}`)).statusCode).toBe(400);
  });
});

describe('GET /api/reports/quarterly and level', () => {
  it('the quarter: its three months and the quarter counts', async () => {
    const res = await get('/api/reports/quarterly?quarter=2026-Q4');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.months).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(report.period.open).toBe(true);
    const row = report.rows.find((r: { pointId: string }) => r.pointId === pointId);
    expect(row.months[0].counts.correct).toBe(2);
    expect(row.averageMonthlyPercent).toBe(100);
    expect(row.averageDailyMin).toBeCloseTo(2, 9);
  });

  it('the level summary: per day min/max/mean; over 2 months DR1001, a download over a year DR1000', async () => {
    const res = await get('/api/reports/level?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().rows.find((r: { pointId: string }) => r.pointId === pointId);
    expect(row.days[3]).toMatchObject({ day: '2026-10-04', min: 2, max: 2.143, count: 144 });
    const long = await get('/api/reports/level?from=2026-08-01&to=2026-10-31');
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('DR1001');
    const year = await get('/api/reports/level?from=2025-01-01&to=2026-10-31&format=csv');
    expect(year.statusCode).toBe(400);
    expect(year.json().code).toBe('DR1000');
    expect((await get('/api/reports/level?from=2026-10-31&to=2026-10-01')).statusCode).toBe(400);
  });

  it.each(clients)('%s may not read the quarterly nor the level summary (403)', async (who) => {
    expect((await get('/api/reports/quarterly?quarter=2026-Q4', who)).statusCode).toBe(403);
    expect((await get('/api/reports/level?from=2026-10-01&to=2026-10-31', who)).statusCode).toBe(403);
  });
});

describe('GET /api/daily-summaries', () => {
  const url = (from = '2026-10-01', to = '2026-10-05', id = pointId) =>
    `/api/daily-summaries?pointId=${id}&from=${from}&to=${to}`;

  it("the point's days with class, reason and counts", async () => {
    const res = await get(url());
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows.map((r: { day: string; class: string }) => [r.day, r.class])).toEqual([
      ['2026-10-01', 'no_transmission'],
      ['2026-10-02', 'no_transmission'],
      ['2026-10-03', 'correct'],
      ['2026-10-04', 'correct'],
      ['2026-10-05', 'no_transmission'],
    ]);
    expect(rows[2]).toMatchObject({
      port: 'ai1',
      main: true,
      count: 144,
      expected: 144,
      hours: 24,
      reasons: [],
    });
    expect(rows[2].first).toEqual({ value: 2, at: '2026-10-02T22:00:00.000Z' });
  });

  it('another company current: 404; a range over a year: DR1000; client roles: 403', async () => {
    const other = await get(url(), viewer, levante);
    expect(other.statusCode).toBe(404);
    const long = await get(url('2025-01-01', '2026-10-05'));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('DR1000');
    for (const who of clients) expect((await get(url(), who)).statusCode).toBe(403);
    expect((await get(url('2026-10-01', 'not-a-day'))).statusCode).toBe(400);
  });

  it('a user with no company: DR1002 from both services (the route group lets only provider staff in)', async () => {
    const email = `no-company-${randomUUID().slice(0, 8)}@test.aforo.dev`;
    await buildUser(server.database.db, { companyId: null, roles: ['ROLE_USER'], email });
    const token = await server.login(email);
    const res = await server.request({ method: 'GET', url: url(), headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    // provider staff without a current company (no provider company to fall back on)
    const ctx = userContext(
      {
        userId: randomUUID(),
        email,
        state: 'Active',
        sessionVersion: 1,
        profiles: [{ companyId: null, roles: ['ROLE_VIEWER'], state: 'Active' }],
      },
      null,
      'es',
    );
    const deps = { db: server.database.db, reads: primaryReads(server.database.db), clock: () => new Date() };
    await expect(
      createDailySummariesService(deps).list(ctx, { pointId, from: '2026-10-01', to: '2026-10-02' }),
    ).rejects.toMatchObject({ code: 'DR1002', status: 409 });
    await expect(
      createReportsService(deps).monthly(ctx, monthlyReportQuerySchema.parse({ month: '2026-10' })),
    ).rejects.toMatchObject({ code: 'DR1002' });
  });
});
