/**
 * Issue 26: API tokens and the external read API. Usage exact under 50 concurrent calls, the limit
 * → 429, the month rolls over, expired or revoked → 401, a token of company A reads nothing of B, a
 * token restricted to a layer reads only that layer's points, and a token never reaches a write or
 * an /api route outside /api/v1; the 80 %/100 % notices reach the company's admins.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokenMonths,
  billingPlans,
  companies,
  layerPoints,
  layers,
  measures,
  notifications,
  seriesLatest,
} from '../../db/schema';
import { buildCompany, buildPoint, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let now = new Date('2026-11-28T10:00:00Z');
let server: TestServer;
let norte: string;
let levante: string;
let clientAdmin: string;
let levanteAdmin: string;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, apiTokenBurstPerMinute: 10_000 });
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  clientAdmin = await server.login('admin-cliente.norte@demo.aforo.dev');
  levanteAdmin = await server.login('admin-cliente.levante@demo.aforo.dev');
});
afterAll(() => server.close());

async function newToken(admin: string, body: Record<string, unknown> = {}) {
  const res = await server.request({
    method: 'POST',
    url: '/api/tokens',
    headers: bearer(admin),
    payload: { alias: `t-${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string; prefix: string }>();
}
const v1 = (secret: string, url: string) => server.request({ method: 'GET', url, headers: bearer(secret) });
const monthCount = async (tokenId: string) =>
  (
    await server.database.db
      .select({ count: apiTokenMonths.count })
      .from(apiTokenMonths)
      .where(eq(apiTokenMonths.tokenId, tokenId))
  ).reduce((n, r) => n + r.count, 0);

describe('the external API', () => {
  it('answers the company’s points as Things with RateLimit headers, and counts the call', async () => {
    const token = await newToken(clientAdmin);
    const res = await v1(token.secret, '/api/v1/points');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      value: Array<{ '@iot.id': string; Datastreams: unknown[]; Locations: unknown[] }>;
    }>();
    expect(body.value.length).toBeGreaterThan(0);
    expect(body.value[0]!.Locations[0]).toMatchObject({ encodingType: 'application/geo+json' });
    // Norte's plan: Profesional, 100,000 calls
    expect(res.headers['ratelimit-limit']).toBe('100000');
    expect(res.headers['ratelimit-remaining']).toBe('99999');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const listed = (
      await server.request({ method: 'GET', url: '/api/tokens', headers: bearer(clientAdmin) })
    ).json<{
      rows: Array<{
        id: string;
        usage: { count: number; byEndpoint: Array<{ endpoint: string; count: number }> };
        lastUsedAt: string | null;
      }>;
    }>();
    const mine = listed.rows.find((r) => r.id === token.id)!;
    expect(mine.usage.count).toBe(1);
    expect(mine.usage.byEndpoint).toEqual([{ endpoint: '/api/v1/points', count: 1 }]);
    expect(mine.lastUsedAt).toBe('2026-11-28T10:00:00.000Z');
    expect(JSON.stringify(listed)).not.toContain(token.secret);
  });

  it('pages Things by cursor, reads latest values, raw and downsampled observations, alerts and daily summaries', async () => {
    const token = await newToken(clientAdmin);
    const first = (await v1(token.secret, '/api/v1/points?limit=2')).json<{
      value: Array<{ '@iot.id': string }>;
      '@iot.nextLink': string;
    }>();
    expect(first.value).toHaveLength(2);
    const second = (await v1(token.secret, first['@iot.nextLink'])).json<{
      value: Array<{ '@iot.id': string }>;
    }>();
    expect(second.value[0]!['@iot.id'] > first.value[1]!['@iot.id']).toBe(true);

    // a point of Norte with a few measures (series_latest is what the latest read uses)
    const point = await buildPoint(server.database.db, norte);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await server.database.db.insert(measures).values(
      [30, 20, 10, 5, 1, 0.5].map((m, i) => ({
        deviceId: point.id,
        pointId: point.id,
        port: 'ai1',
        ts: at(m),
        direct: i,
        adjusted: i,
        interpreted: 1 + i / 10,
        flag: 1,
      })),
    );
    await server.database.db
      .insert(seriesLatest)
      .values({ pointId: point.id, port: 'ai1', deviceId: point.id, ts: at(0.5), interpreted: 1.5, flag: 1 });
    const latest = await v1(token.secret, '/api/v1/latest');
    expect(latest.statusCode).toBe(200);
    const items = latest.json<{
      value: Array<{
        Thing: { '@iot.id': string };
        Datastream: { '@iot.id': string };
        result: number;
        resultQuality: { qartodFlag: number };
      }>;
    }>().value;
    expect(items.length).toBeGreaterThan(0);
    const mine = items.find((o) => o.Thing['@iot.id'] === point.id)!;
    expect(mine).toMatchObject({
      Datastream: { '@iot.id': `${point.id}/ai1` },
      result: 1.5,
      resultQuality: { qartodFlag: 1, label: 'pass' },
    });
    const pointId = point.id;
    const port = 'ai1';

    const to = new Date().toISOString();
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const raw = await v1(
      token.secret,
      `/api/v1/points/${pointId}/observations?port=${port}&from=${from}&to=${to}&limit=5`,
    );
    expect(raw.statusCode, raw.body).toBe(200);
    const rawBody = raw.json<{ value: Array<{ phenomenonTime: string }>; '@iot.nextLink': string | null }>();
    expect(rawBody.value).toHaveLength(5);
    const next = (await v1(token.secret, rawBody['@iot.nextLink']!)).json<{
      value: Array<{ phenomenonTime: string; result: number }>;
    }>();
    expect(next.value).toHaveLength(1);
    expect(next.value[0]!.phenomenonTime > rawBody.value[4]!.phenomenonTime).toBe(true);
    const buckets = await v1(
      token.secret,
      `/api/v1/points/${pointId}/observations?port=${port}&from=${from}&to=${to}&buckets=24`,
    );
    expect(buckets.statusCode, buckets.body).toBe(200);

    const alerts = await v1(token.secret, '/api/v1/alerts?limit=3');
    expect(alerts.statusCode, alerts.body).toBe(200);
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const summaries = await v1(
      token.secret,
      `/api/v1/daily-summaries?pointId=${pointId}&from=${day}&to=${day}`,
    );
    expect(summaries.statusCode, summaries.body).toBe(200);

    const bad = await v1(token.secret, '/api/v1/points?cursor=not-a-cursor');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'V1000']);
  });

  it('counts exactly under 50 concurrent calls, in memory far from the limit and written within moments', async () => {
    const token = await newToken(clientAdmin);
    expect((await v1(token.secret, '/api/v1/latest')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => v1(token.secret, '/api/v1/latest')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const remaining = answers.map((a) => Number(a.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    // every call saw its own count: 100,000 − 51 … 100,000 − 2, each once
    expect(new Set(remaining).size).toBe(50);
    expect(remaining[0]).toBe(100_000 - 51);
    let stored = 0;
    for (let i = 0; i < 100 && stored < 51; i++) {
      stored = await monthCount(token.id);
      if (stored < 51) await new Promise((r) => setTimeout(r, 20));
    }
    expect(stored).toBe(51);
    const listed = (
      await server.request({ method: 'GET', url: `/api/tokens/${token.id}`, headers: bearer(clientAdmin) })
    ).json<{
      usage: { count: number; byDay: Array<{ day: string; count: number }> };
    }>();
    expect(listed.usage.count).toBe(51);
    expect(listed.usage.byDay).toEqual([{ day: '2026-11-28', count: 51 }]);
  });

  it('never passes the limit when the calls cross from counting in memory to counting each', async () => {
    // margin 200: the first 49 calls after the first are counted in memory, the rest one by one
    const token = await newToken(clientAdmin, { monthlyLimit: 250 });
    expect((await v1(token.secret, '/api/v1/latest')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 300 }, () => v1(token.secret, '/api/v1/latest')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(249);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(51);
    expect(await monthCount(token.id)).toBe(250);
    // spent: later calls stay refused (the tally knows the month is over its limit)
    for (let i = 0; i < 3; i++) expect((await v1(token.secret, '/api/v1/latest')).statusCode).toBe(429);
  });

  it('keeps refusing a token whose month was already spent when this process first saw it', async () => {
    const token = await newToken(clientAdmin, { monthlyLimit: 1000 });
    await server.database.db.insert(apiTokenMonths).values({ tokenId: token.id, month: '2026-11-01', count: 1000 });
    for (let i = 0; i < 3; i++) {
      const res = await v1(token.secret, '/api/v1/latest');
      expect([res.statusCode, res.json().code]).toEqual([429, 'TK1013']);
    }
    expect(await monthCount(token.id)).toBe(1000);
  });

  it('answers 429 over the limit, exactly at it under concurrency, and again after the month rolls over', async () => {
    const token = await newToken(clientAdmin, { monthlyLimit: 10 });
    const answers = await Promise.all(Array.from({ length: 25 }, () => v1(token.secret, '/api/v1/latest')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.json().code).toBe('TK1013');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.headers['ratelimit-remaining']).toBe('0');
    expect(await monthCount(token.id)).toBe(10);

    const saved = now;
    now = new Date('2026-12-01T00:00:01Z');
    try {
      const next = await v1(token.secret, '/api/v1/latest');
      expect(next.statusCode).toBe(200);
      expect(next.headers['ratelimit-remaining']).toBe('9');
    } finally {
      now = saved;
    }
  });

  it('tells the company admins at 80 % and 100 % of the month, once each', async () => {
    const token = await newToken(clientAdmin, { monthlyLimit: 5 });
    for (let i = 0; i < 7; i++) await v1(token.secret, '/api/v1/latest');
    await server.app.ready();
    const admin = await userIdByEmail(server.database.db, 'admin-cliente.norte@demo.aforo.dev');
    let told: Array<{ title: string }> = [];
    for (let i = 0; i < 50 && told.length < 2; i++) {
      told = await server.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, admin),
            eq(notifications.kind, 'api_usage'),
            sql`${notifications.dedupeKey} like ${`api-usage:${token.id}:%`}`,
          ),
        );
      if (told.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    const titles = told.map((t) => t.title);
    expect(titles, titles.join(' | ')).toHaveLength(2);
    expect(titles.some((t) => t.includes('80 %'))).toBe(true);
    expect(titles.some((t) => t.includes('agotado'))).toBe(true);
  });

  it('refuses expired and revoked tokens (401), and anything that is not a token', async () => {
    const token = await newToken(clientAdmin, { validUntil: '2026-11-30' });
    expect((await v1(token.secret, '/api/v1/latest')).statusCode).toBe(200);
    const saved = now;
    now = new Date('2026-12-01T08:00:00Z');
    try {
      const expired = await v1(token.secret, '/api/v1/latest');
      expect([expired.statusCode, expired.json().code]).toEqual([401, 'TK1011']);
    } finally {
      now = saved;
    }
    const revoked = await server.request({
      method: 'DELETE',
      url: `/api/tokens/${token.id}`,
      headers: bearer(clientAdmin),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await v1(token.secret, '/api/v1/latest');
    expect([after.statusCode, after.json().code]).toEqual([401, 'TK1012']);

    const forged = `${token.secret.slice(0, 12)}${'A'.repeat(token.secret.length - 12)}`;
    expect((await v1(forged, '/api/v1/latest')).json().code).toBe('TK1010');
    // a session token does not open the external API
    expect((await v1(clientAdmin, '/api/v1/latest')).json().code).toBe('TK1010');
    expect((await server.request({ method: 'GET', url: '/api/v1/latest' })).statusCode).toBe(401);
  });

  it('never reaches a write nor an /api route outside /api/v1', async () => {
    const token = await newToken(clientAdmin);
    for (const [method, url] of [
      ['GET', '/api/points'],
      ['GET', '/api/tokens'],
      ['GET', '/api/users/info/logged'],
      ['POST', '/api/points'],
      ['DELETE', `/api/tokens/${token.id}`],
    ] as const) {
      const res = await server.request({
        method,
        url,
        headers: bearer(token.secret),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await server.request({
        method,
        url: '/api/v1/points',
        headers: bearer(token.secret),
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
    const routes = server.app.accessTable.filter((r) => r.access === 'apiToken');
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.every((r) => r.url.startsWith('/api/v1/') && ['GET', 'HEAD'].includes(r.method))).toBe(
      true,
    );
  });

  it('reads nothing of another company, and only its layers when restricted', async () => {
    const levanteToken = await newToken(levanteAdmin);
    const norteThings = (await v1((await newToken(clientAdmin)).secret, '/api/v1/points?limit=10000')).json<{
      value: Array<{ '@iot.id': string }>;
    }>().value;
    const levanteThings = (await v1(levanteToken.secret, '/api/v1/points?limit=10000')).json<{
      value: Array<{ '@iot.id': string }>;
    }>().value;
    const norteIds = new Set(norteThings.map((t) => t['@iot.id']));
    expect(levanteThings.some((t) => norteIds.has(t['@iot.id']))).toBe(false);
    const someNorte = norteThings[0]!['@iot.id'];
    const day = '2026-11-20';
    for (const url of [
      `/api/v1/points/${someNorte}/observations?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z`,
      `/api/v1/daily-summaries?pointId=${someNorte}&from=${day}&to=${day}`,
    ]) {
      const res = await v1(levanteToken.secret, url);
      expect([res.statusCode, res.json().code], url).toEqual([404, 'POM1000']);
    }
    const levanteLatest = (await v1(levanteToken.secret, '/api/v1/latest')).json<{
      value: Array<{ Thing: { '@iot.id': string } }>;
    }>().value;
    expect(levanteLatest.some((o) => norteIds.has(o.Thing['@iot.id']))).toBe(false);

    // a layer of Norte with one point: the restricted token sees that point only
    const [layer] = await server.database.db
      .insert(layers)
      .values({ companyId: norte, name: `API ${Date.now()}`, colour: '#336699' })
      .returning();
    await server.database.db.insert(layerPoints).values({ layerId: layer!.id, pointId: someNorte });
    const restricted = await newToken(clientAdmin, { layerIds: [layer!.id] });
    const seen = (await v1(restricted.secret, '/api/v1/points')).json<{
      value: Array<{ '@iot.id': string }>;
    }>().value;
    expect(seen.map((t) => t['@iot.id'])).toEqual([someNorte]);
    const other = norteThings.find((t) => t['@iot.id'] !== someNorte)!['@iot.id'];
    expect(
      (
        await v1(
          restricted.secret,
          `/api/v1/points/${other}/observations?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z`,
        )
      ).statusCode,
    ).toBe(404);
    const restrictedLatest = (await v1(restricted.secret, '/api/v1/latest')).json<{
      value: Array<{ Thing: { '@iot.id': string } }>;
    }>().value;
    expect(restrictedLatest.every((o) => o.Thing['@iot.id'] === someNorte)).toBe(true);
  });

  it('gives no calls to a company without a billing plan unless the token has its own limit', async () => {
    const [plan] = await server.database.db.select().from(billingPlans).limit(1);
    const bare = await buildCompany(server.database.db, { billingPlanId: null });
    await buildPoint(server.database.db, bare.id);
    expect(plan).toBeDefined();
    const { createApiTokensRepository } = await import('../api-tokens/api-tokens.repository');
    const { newSecret } = await import('../../auth/api-token-secret');
    const s = newSecret();
    await createApiTokensRepository(server.database.db).insert({
      companyId: bare.id,
      alias: 'sin plan',
      prefix: s.prefix,
      secretHash: s.hash,
      validUntil: null,
      monthlyLimit: null,
      layerIds: null,
      userId: null,
    });
    const res = await v1(s.secret, '/api/v1/latest');
    expect([res.statusCode, res.json().code, res.headers['ratelimit-limit']]).toEqual([429, 'TK1013', '0']);
    await server.database.db
      .update(companies)
      .set({ billingPlanId: plan!.id })
      .where(eq(companies.id, bare.id));
    void levante;
  });
});
