/**
 * Issue 9 item 2: no value a device sends may break a point's reads. Values that are not finite or
 * beyond ±maxMeasureMagnitude are refused per measure, conversions that overflow are a sensor fault,
 * and the measure/series reads answer 200 whatever the table holds.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../auth/jwt';
import { devices, failedMeasures, measures } from '../db/schema';
import { buildApp } from '../app';
import {
  deviceSubscriber,
  pointParameters,
  startIngestHarness,
  type IngestHarness,
} from '../test/ingest-harness';
import { bearer, demoPassword, testSecret } from '../test/test-server';

let h: IngestHarness;
let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  h = await startIngestHarness();
  app = await buildApp({ database: h.database, tokens: new TokenService(testSecret), logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username: 'admin@demo.aforo.dev', password: demoPassword },
  });
  headers = bearer(login.json<{ token: string }>().token, { 'x-current-company': h.companyId });
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

const start = Math.floor(Date.now() / 1000) - 2 * 86_400;
let tick = start;
const nextT = () => (tick += 60);

/** The native body as text, so literals JSON cannot hold as a double (1e400) stay in it. */
function native(measures: string[], status = '{"battery":3.6,"rssi":-80}'): string {
  return (
    `{"v":1,"product":"${h.productCode}","model":"${h.modelName}","serial":"${h.device.serial}",` +
    `"msg_seq":9,"status":${status},"measures":[${measures.join(',')}]}`
  );
}
const m = (t: number, v: string | number, port = 'ai1') => `{"port":"${port}","t":${t},"v":${v}}`;

async function measureAt(t: number) {
  const [row] = await h.database.db
    .select()
    .from(measures)
    .where(and(eq(measures.deviceId, h.device.id), eq(measures.ts, new Date(t * 1000))));
  return row;
}

/** Both reads of the point over the whole test range, raw and bucketed: each must answer 200. */
async function readsAnswer(): Promise<number[]> {
  const from = new Date((start - 60) * 1000).toISOString();
  const to = new Date().toISOString();
  const q = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const urls = [
    `/api/points/${h.pointId}/series?${q}&port=ai1`,
    `/api/points/${h.pointId}/series?${q}&port=ai1&buckets=10`,
    `/api/measures?pointId=${h.pointId}&${q}&length=1000`,
    `/api/measures?deviceId=${h.device.id}&${q}&length=1000`,
  ];
  const codes = [];
  for (const url of urls) codes.push((await app.inject({ method: 'GET', url, headers })).statusCode);
  return codes;
}

describe('values beyond the limit are refused per measure', () => {
  it('1e308 on a 4-20 mA port: refused as invalid payload with its index, the rest stored', async () => {
    const sub = await deviceSubscriber(h.port, h.device.serial, h.device.key, h.topic('ack'));
    const [bad, negative, good] = [nextT(), nextT(), nextT()];
    const res = await h.pub(native([m(bad, '1e308'), m(negative, '-1e13'), m(good, 12)]));
    expect(res.code).toBe(0);
    expect(JSON.parse(await sub.nth(1))).toEqual({
      msg_seq: 9,
      accepted: 1,
      duplicates: 0,
      rejected: [
        { i: 0, reason: 'invalid payload' },
        { i: 1, reason: 'invalid payload' },
      ],
    });
    await sub.close();
    expect(await measureAt(bad)).toBeUndefined();
    expect(await measureAt(negative)).toBeUndefined();
    expect((await measureAt(good))!.interpreted).toBeCloseTo(5, 6);
    const failed = await h.database.db
      .select()
      .from(failedMeasures)
      .where(eq(failedMeasures.serial, h.device.serial))
      .orderBy(asc(failedMeasures.measureIndex));
    expect(failed.map((f) => [f.reason, f.measureIndex])).toEqual([
      ['invalid payload', 0],
      ['invalid payload', 1],
    ]);
    expect(JSON.parse(failed[0]!.payload!)).toEqual({ port: 'ai1', t: bad, v: 1e308 });
    expect(failed[0]!.detail).toContain('1e+308');
    expect(await readsAnswer()).toEqual([200, 200, 200, 200]);
  });

  it('a number JSON cannot hold (1e400) is refused alone, not the whole message', async () => {
    const [bad, good] = [nextT(), nextT()];
    expect((await h.pub(native([m(bad, '-1e400'), m(good, 12)]))).code).toBe(0);
    expect(await measureAt(bad)).toBeUndefined();
    expect(await measureAt(good)).toBeDefined();
    const [row] = await h.database.db
      .select()
      .from(failedMeasures)
      .where(
        and(
          eq(failedMeasures.serial, h.device.serial),
          eq(failedMeasures.detail, `msg_seq 9: ai1 value -Infinity is not a finite number within ±1e+12`),
        ),
      );
    expect(row).toMatchObject({ reason: 'invalid payload', measureIndex: 0 });
    expect(JSON.parse(row!.payload!)).toMatchObject({ v: '-Infinity' });
  });

  it('NaN-like strings are not numbers: the message is refused and nothing stored', async () => {
    for (const text of ['"NaN"', '"Infinity"', '"1e308"', 'NaN', 'Infinity']) {
      const t = nextT();
      expect((await h.pub(native([m(t, text)]))).code).toBe(0);
      expect(await measureAt(t)).toBeUndefined();
    }
    expect(await readsAnswer()).toEqual([200, 200, 200, 200]);
  });

  it('SenML: a base value plus a value beyond the limit (1e308 + 1e308) is refused per record', async () => {
    const bt = nextT();
    nextT();
    const pack = JSON.stringify([
      { bn: `urn:dev:sn:${h.device.serial}:`, bt, bv: 1e308, n: 'ai1', v: 1e308 },
      { bv: 0, n: 'ai1', t: 60, v: 16 },
    ]);
    expect((await h.pub(pack)).code).toBe(0);
    expect(await measureAt(bt)).toBeUndefined();
    expect((await measureAt(bt + 60))!.interpreted).toBeCloseTo(7.5, 6);
    const [row] = await h.database.db
      .select()
      .from(failedMeasures)
      .where(
        and(
          eq(failedMeasures.serial, h.device.serial),
          eq(failedMeasures.payload, JSON.stringify({ port: 'ai1', t: bt, v: 'Infinity' })),
        ),
      );
    expect(row).toMatchObject({ reason: 'invalid payload', measureIndex: 0 });
    expect(await readsAnswer()).toEqual([200, 200, 200, 200]);
  });

  it('ThingsBoard values beyond the limit are refused per value', async () => {
    const t = nextT();
    const res = await h.pub(
      JSON.stringify([
        { ts: t * 1000, values: { ai1: 1e13 } },
        { ts: (t + 30) * 1000, values: { ai1: 12 } },
      ]),
    );
    expect(res.code).toBe(0);
    expect(await measureAt(t)).toBeUndefined();
    expect(await measureAt(t + 30)).toBeDefined();
    nextT();
  });

  it('a conversion that overflows is a sensor fault: flag 4, no interpreted value', async () => {
    // finite parameters whose span overflows a double: (raw − 4) × (v20 − v4) is not a number
    await pointParameters(h.database, h.pointId, {
      ai1: { active: true, value_4mA: -1.7e308, value_20mA: 1.7e308 },
    });
    h.ingestion.directory.invalidate();
    const t = nextT();
    expect((await h.pub(native([m(t, 12)]))).code).toBe(0);
    expect(await measureAt(t)).toMatchObject({ direct: 12, adjusted: 12, interpreted: null, flag: 4 });
    await pointParameters(h.database, h.pointId, {
      ai1: { active: true, value_4mA: 0, value_20mA: 10, max_value_expected: 9 },
    });
    h.ingestion.directory.invalidate();
    expect(await readsAnswer()).toEqual([200, 200, 200, 200]);
  });

  it('status values that do not fit are not stored and do not stop the status updates', async () => {
    const [t1, t2] = [nextT(), nextT()];
    expect((await h.pub(native([m(t1, 12)], '{"battery":1e308,"rssi":-70}'))).code).toBe(0);
    await h.ingestion.close(); // flushes the coalesced status update
    const before = Date.now();
    expect((await h.pub(native([m(t2, 12)], '{"battery":3.5,"rssi":9007199254740991}'))).code).toBe(0);
    await h.ingestion.close();
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, h.device.id));
    // the last good battery (3.6 earlier, then 3.5), the last good rssi (-70)
    expect(row).toMatchObject({ lastBattery: 3.5, lastRssi: -70 });
    expect(row!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await measureAt(t2)).toBeDefined();
  });
});
