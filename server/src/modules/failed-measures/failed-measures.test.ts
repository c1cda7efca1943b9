import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedMeasures } from '../../db/schema';
import { companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let withPayload: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
];
const payload = '{"v":1,"serial":"ZZ-9001","measures":[{"port":"ai1","t":"yesterday","v":12}]}';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  const rows = await db
    .insert(failedMeasures)
    .values([
      {
        receivedAt: new Date('2025-06-01T10:00:00Z'),
        topic: 'aforo/v1/LVL/ZZ-9001/up',
        serial: 'ZZ-9001',
        reason: 'invalid date',
        detail: 'measure 0: t is not a date',
        payload,
        measureIndex: 0,
      },
      {
        receivedAt: new Date('2025-06-02T10:00:00Z'),
        topic: 'aforo/v1/LVL/ZZ-9002/up',
        serial: 'ZZ-9002',
        reason: 'unknown format',
        detail: 'not JSON',
        payload: 'garbage, not json',
      },
      {
        receivedAt: new Date('2025-06-03T10:00:00Z'),
        topic: 'aforo/v1/XXX/ZZ-9001/up',
        serial: 'ZZ-9001',
        reason: 'product not found',
        detail: 'product XXX',
        payload: '{}',
      },
      { receivedAt: new Date('2025-06-04T10:00:00Z'), topic: null, serial: null, reason: 'invalid payload' },
    ])
    .returning({ id: failedMeasures.id, reason: failedMeasures.reason });
  withPayload = rows.find((r) => r.reason === 'invalid date')!.id;
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who = 'viewer@demo.aforo.dev') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en', 'x-current-company': norte }),
  });
const june = 'from=2025-06-01T00:00:00Z&to=2025-06-30T00:00:00Z';
const reasons = (body: { rows: { reason: string }[] }) => body.rows.map((r) => r.reason);

describe('GET /api/measures-failed', () => {
  it('lists newest first without payloads, and pages', async () => {
    const res = await get(`/api/measures-failed?${june}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(4);
    expect(reasons(res.json())).toEqual([
      'invalid payload',
      'product not found',
      'unknown format',
      'invalid date',
    ]);
    expect(res.json().rows[3]).toEqual({
      id: withPayload,
      receivedAt: '2025-06-01T10:00:00.000Z',
      topic: 'aforo/v1/LVL/ZZ-9001/up',
      serial: 'ZZ-9001',
      reason: 'invalid date',
      detail: 'measure 0: t is not a date',
      // a free text of older rows has no code: the web shows it as it is
      detailCode: null,
      detailParams: {},
      measureIndex: 0,
    });
    const page = (await get(`/api/measures-failed?${june}&length=3&page=2`)).json();
    expect(reasons(page)).toEqual(['invalid date']);
    const asc = (await get(`/api/measures-failed?${june}&dir=ASC&length=1`)).json();
    expect(reasons(asc)).toEqual(['invalid date']);
  });

  it('filters by reason, serial, date range and search', async () => {
    expect(reasons((await get(`/api/measures-failed?reason=unknown%20format&${june}`)).json())).toEqual([
      'unknown format',
    ]);
    expect((await get(`/api/measures-failed?serial=zz-9001&${june}`)).json().total).toBe(2);
    const range = (
      await get('/api/measures-failed?from=2025-06-02T00:00:00Z&to=2025-06-03T23:00:00Z')
    ).json();
    expect(reasons(range)).toEqual(['product not found', 'unknown format']);
    expect(reasons((await get(`/api/measures-failed?search=xxx&${june}`)).json())).toEqual([
      'product not found',
    ]);
    expect(reasons((await get(`/api/measures-failed?search=NOT%20JSON&${june}`)).json())).toEqual([
      'unknown format',
    ]);

    const badReason = await get('/api/measures-failed?reason=whatever');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().code).toBe('V1000');
    const reversed = await get('/api/measures-failed?from=2025-07-01T00:00:00Z&to=2025-06-01T00:00:00Z');
    expect(reversed.json().code).toBe('ME1001');
  });

  it('gives one row with its raw payload; an unknown id is ME1000', async () => {
    const res = await get(`/api/measures-failed/${withPayload}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: withPayload, payload, reason: 'invalid date' });
    const missing = await get('/api/measures-failed/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ME1000');
  });

  it('is for provider staff only: client roles get 403 F1000', async () => {
    for (const who of ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      expect((await get(`/api/measures-failed?${june}`, who)).statusCode, who).toBe(200);
      expect((await get(`/api/measures-failed/${withPayload}`, who)).statusCode, who).toBe(200);
    }
    for (const who of emails.filter((e) => e.includes('norte'))) {
      for (const url of [
        '/api/measures-failed',
        `/api/measures-failed/${withPayload}`,
        '/api/measures-failed/export',
      ]) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    }
  });
});

describe('unbounded list and the export (issue 9 item 5)', () => {
  const bulk = 1234;
  beforeAll(async () => {
    // arrival times with microseconds, as now() writes them: the cursor must not round them
    const rows = Array.from({ length: bulk }, (_, i) => ({
      receivedAt: sql`now() - random() * interval '1 hour'`,
      serial: 'BULK-1',
      reason: 'invalid payload',
      detail: `bulk ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await server.database.db.insert(failedMeasures).values(rows.slice(i, i + 500));
  });

  it('refuses length=-1 (400 V1000, field length)', async () => {
    const res = await get('/api/measures-failed?length=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'V1000', fields: { length: expect.any(String) } });
  });

  it('streams every row of the filters once, without payloads', async () => {
    for (const dir of ['DESC', 'ASC']) {
      const res = await get(`/api/measures-failed/export?serial=bulk-1&dir=${dir}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toBe('received_at,serial,reason,detail,topic,measure_index,id');
      expect(rows).toHaveLength(bulk);
      expect(new Set(rows.map((r) => r.split(',')[3])).size).toBe(bulk);
      const times = rows.map((r) => r.split(',')[0]!);
      expect(times).toEqual(dir === 'ASC' ? [...times].sort() : [...times].sort().reverse());
    }
    const june = await get('/api/measures-failed/export?from=2025-06-01T00:00:00Z&to=2025-06-30T00:00:00Z');
    expect(june.body).toContain('measure 0: t is not a date');
    expect(june.body).not.toContain(payload);
  });
});
