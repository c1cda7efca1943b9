/**
 * The Overview's operation % of the current month (docs/REPORTS.md "Operation %"): the finished local
 * days of the month so far with the counts behind it, for a company whose only point transmitted
 * yesterday and nothing else this month.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPoint, buildUser } from '../../test/factories';
import { bearer, demoPassword, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let token: string;
const tz = 'Europe/Madrid';
const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await buildCompany(db, { preferredTimezone: tz });
  const email = `overview-op-${randomUUID().slice(0, 8)}@test.aforo.dev`;
  await buildUser(db, {
    companyId: company.id,
    roles: ['ROLE_ADMIN_CLIENTE'],
    email,
    password: demoPassword,
  });
  token = await server.login(email);
  const point = await buildPoint(db, company.id, {
    measureTime: 600,
    parameters: { ai1: {} },
    createdAt: new Date(Date.now() - 90 * 86_400_000),
  });
  // 12 values of yesterday's local afternoon
  const noon = Date.parse(`${localDay(Date.now() - 86_400_000)}T12:00:00Z`);
  const ts = Array.from({ length: 12 }, (_, i) => (noon + i * 600_000) / 1000);
  await db.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
    select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${point.id}::uuid, t / 1e9, t / 1e9, t / 1e9, 1
    from unnest(${sql.param(ts)}::float8[]) as k(t)`);
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/overview operationThisMonth', () => {
  it("counts the month's finished days: yesterday correct, the rest without transmission", async () => {
    const res = await server.request({ method: 'GET', url: '/api/overview', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const op = res.json().operationThisMonth;
    const today = localDay(Date.now());
    const yesterday = localDay(Date.now() - 86_400_000);
    expect(op).toMatchObject({ month: today.slice(0, 7), from: `${today.slice(0, 7)}-01`, to: yesterday });
    if (yesterday < op.from) {
      // the first of a month: nothing finished yet
      expect(op).toMatchObject({ days: 0, percent: null });
      return;
    }
    const days = Number(yesterday.slice(8, 10));
    expect(op).toEqual({
      ...op,
      days,
      correct: 1,
      intermittent: 0,
      incorrect: 0,
      noTransmission: days - 1,
      excluded: 0,
      percent: 100,
    });
  });
});
