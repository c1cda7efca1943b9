/** POST /ingest/v1/up: device auth, the ack after commit, refusals as 4xx with the failed row kept. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../auth/jwt';
import { failedMeasures, measures } from '../../db/schema';
import { buildApp } from '../../app';
import { deviceSubscriber, startIngestHarness, type IngestHarness } from '../../test/ingest-harness';
import { bearer, demoPassword, testSecret } from '../../test/test-server';

let h: IngestHarness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await startIngestHarness();
  app = await buildApp({
    database: h.database,
    tokens: new TokenService(testSecret),
    logger: false,
    ingestion: h.ingestion,
    events: h.events,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

const t0 = Math.floor(Date.now() / 1000) - 3600;
const body = (t: number, extra: object = {}) =>
  JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: 1,
    measures: [{ port: 'ai1', t, v: 12 }],
    ...extra,
  });
const post = (payload: string, authorization?: string, lang = 'es') =>
  app.inject({
    method: 'POST',
    url: '/ingest/v1/up',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      ...(authorization ? { authorization } : {}),
    },
    payload,
  });
const auth = () => `Device ${h.device.serial}:${h.device.key}`;

describe('POST /ingest/v1/up', () => {
  it('stores the measures and answers with the acknowledgement', async () => {
    const res = await post(body(t0), auth());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg_seq: 1, accepted: 1, duplicates: 0, rejected: [] });
    const [row] = await h.database.db
      .select()
      .from(measures)
      .where(eq(measures.ts, new Date(t0 * 1000)));
    expect(row).toMatchObject({ topic: null, direct: 12 });
    expect(row!.interpreted).toBeCloseTo(5, 6);
  });

  it('counts a resent message as duplicates', async () => {
    const res = await post(body(t0), auth());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it('401 IN1000 without or with wrong device credentials, in the caller language', async () => {
    for (const header of [undefined, `Device ${h.device.serial}:nope`, `Bearer x`]) {
      const res = await post(body(t0 + 60), header);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('IN1000');
    }
    expect((await post(body(t0 + 60), undefined, 'en')).json().message).toMatch(
      /^Device authentication failed/,
    );
  });

  it('400 IN1001 for a refused message, which stays in failed_measures with its raw bytes', async () => {
    const res = await post('{"v":1,', auth());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IN1001', reason: 'unknown format', accepted: 0 });
    const rows = await h.database.db
      .select()
      .from(failedMeasures)
      .where(eq(failedMeasures.payload, '{"v":1,'));
    expect(rows).toEqual([
      expect.objectContaining({ reason: 'unknown format', serial: h.device.serial, topic: null }),
    ]);
  });

  it('accepts a body sent without a JSON content type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ingest/v1/up',
      headers: { authorization: auth(), 'content-type': 'text/plain' },
      payload: body(t0 + 120),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1 });
  });

  it('413 for a body over the limit, never a 500', async () => {
    const res = await post(`[${'1,'.repeat(600_000)}1]`, auth());
    expect(res.statusCode).toBe(413);
  });

  it('413 L1001 for a body over MQTT_MAX_PACKET_BYTES (256 KB), nothing stored; 1,000 measures fit', async () => {
    const t = t0 + 600;
    const padded = body(t).slice(0, -1) + ' '.repeat(256 * 1024) + '}';
    const res = await post(padded, auth(), 'en');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'L1001' });
    expect(
      await h.database.db
        .select()
        .from(measures)
        .where(eq(measures.ts, new Date(t * 1000))),
    ).toEqual([]);

    const many = Array.from({ length: 1000 }, (_, i) => ({
      port: 'ai1',
      t: t0 + 1000 + i,
      v: 12.345678901234,
    }));
    const full = await post(JSON.stringify(JSON.parse(body(t0 + 1000, { measures: many })), null, 4), auth());
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ accepted: 1000 });
  });
});

describe('retained config after an API change', () => {
  it('publishes the new parameters when an operator edits the point', async () => {
    const sub = await deviceSubscriber(h.port, h.device.serial, h.device.key, h.topic('config'));
    expect(JSON.parse(await sub.nth(1))).toMatchObject({ ports: { ai1: { value_20mA: 10 } } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'admin@demo.aforo.dev', password: demoPassword },
    });
    const headers = bearer(login.json<{ token: string }>().token, { 'x-current-company': h.companyId });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/points/${h.pointId}`,
      headers,
      payload: {
        name: 'Río de prueba',
        latitude: 41.65,
        longitude: -0.88,
        kind: 'river',
        measureTime: 300,
        transmissionTime: 900,
        parameters: { ai1: { value_4mA: 0, value_20mA: 20 } },
      },
    });
    expect(res.statusCode).toBe(200);
    // the login itself may publish the config again: wait for the one with the new times
    const changed = await sub.find((m) => m.measure_time === 300);
    expect(changed).toMatchObject({ transmission_time: 900, ports: { ai1: { value_20mA: 20 } } });
    await sub.close();
  });
});
