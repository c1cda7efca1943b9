/**
 * Device → embedded broker → pipeline → batch writer → database, with the Debian mosquitto clients
 * playing the devices. Every refusal reason of docs/MEASURES.md is reproduced by a real client.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFailureDetail } from '@aforo/contracts/failed-measure-details';
import { devices, events, failedMeasures, measures, models, seriesLatest } from '../db/schema';
import { buildCatalogue, buildDevice, buildPoint } from '../test/factories';
import {
  deviceSubscriber,
  giveProvisioningKey,
  pointParameters,
  mosquittoPub,
  startIngestHarness,
  type IngestHarness,
} from '../test/ingest-harness';
import { hashKey } from '../lib/key-hash';

let h: IngestHarness;
beforeAll(async () => {
  h = await startIngestHarness();
});
afterAll(async () => {
  await h?.close();
});

const now = () => Math.floor(Date.now() / 1000);
let tick = now() - 86_400;
/** Distinct measure times, so tests do not collide on the primary key. */
const nextT = () => (tick += 60);

function native(
  measures: Array<{ port?: string; t?: number; v: number }>,
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: 7,
    status: { battery: 3.61, rssi: -87 },
    measures: measures.map((m) => ({ port: m.port ?? 'ai1', t: m.t ?? nextT(), v: m.v })),
    ...extra,
  });
}

async function measureAt(t: number) {
  const [row] = await h.database.db
    .select()
    .from(measures)
    .where(and(eq(measures.deviceId, h.device.id), eq(measures.ts, new Date(t * 1000))));
  return row;
}

async function failuresFor(reason: string) {
  return h.database.db
    .select()
    .from(failedMeasures)
    .where(eq(failedMeasures.reason, reason))
    .orderBy(asc(failedMeasures.receivedAt));
}

describe('native payload over MQTT', () => {
  it('stores converted measures before the PUBACK and acknowledges on the ack topic', async () => {
    const sub = await deviceSubscriber(h.port, h.device.serial, h.device.key, h.topic('ack'));
    const t1 = nextT();
    const t2 = nextT();
    const res = await h.pub(
      native([
        { t: t1, v: 12 },
        { t: t2, v: 12.004 },
      ]),
    );
    expect(res.code).toBe(0);
    // mosquitto_pub has exited: its PUBACK came, so the rows are committed already
    const first = await measureAt(t1);
    expect(first).toMatchObject({
      direct: 12,
      adjusted: 12,
      flag: 1,
      pointId: h.pointId,
      topic: h.topic('up'),
    });
    expect(first!.interpreted).toBeCloseTo(5.0, 6);
    expect((await measureAt(t2))!.interpreted).toBeCloseTo(5.0025, 6);
    expect(JSON.parse(await sub.nth(1))).toEqual({ msg_seq: 7, accepted: 2, duplicates: 0, rejected: [] });
    await sub.close();
    const [latest] = await h.database.db
      .select()
      .from(seriesLatest)
      .where(eq(seriesLatest.pointId, h.pointId));
    expect(latest).toMatchObject({ port: 'ai1', direct: 12.004, ts: new Date(t2 * 1000) });
  });

  it('flags NAMUR faults and values beyond the expected maximum', async () => {
    const [fault, suspect, high] = [nextT(), nextT(), nextT()];
    expect(
      (
        await h.pub(
          native([
            { t: fault, v: 3.5 },
            { t: suspect, v: 3.9 },
            { t: high, v: 19.5 },
          ]),
        )
      ).code,
    ).toBe(0);
    expect((await measureAt(fault))!.flag).toBe(4);
    expect((await measureAt(suspect))!.flag).toBe(3);
    // 19.5 mA → 9.6875 m, above max_value_expected 9
    expect(await measureAt(high)).toMatchObject({ flag: 3 });
  });

  it('updates the device status from the message', async () => {
    await h.pub(native([{ v: 10 }], { status: { battery: 3.42, rssi: -91 } }));
    await h.ingestion.close(); // flushes the coalesced status update
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, h.device.id));
    expect(row).toMatchObject({ lastBattery: 3.42, lastRssi: -91 });
    expect(row!.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('SenML and ThingsBoard-style bodies', () => {
  it('resolves SenML base name, base time and relative times', async () => {
    const bt = nextT();
    nextT();
    const pack = JSON.stringify([
      { bn: `urn:dev:sn:${h.device.serial}:`, bt, n: 'ai1', v: 8 },
      { n: 'ai1', t: 60, v: 16 },
    ]);
    expect((await h.pub(pack)).code).toBe(0);
    expect((await measureAt(bt))!.interpreted).toBeCloseTo(2.5, 6);
    expect((await measureAt(bt + 60))!.interpreted).toBeCloseTo(7.5, 6);
  });

  it('stores a {ts, values} body with millisecond times', async () => {
    const t = nextT();
    expect((await h.pub(JSON.stringify({ ts: t * 1000, values: { ai1: 20 } }))).code).toBe(0);
    expect((await measureAt(t))!.interpreted).toBeCloseTo(10, 6);
  });
});

describe('refusals, each stored in failed_measures with its reason', () => {
  it('unknown format: not JSON', async () => {
    expect((await h.pub('level=12.0;t=now')).code).toBe(0);
    const [row] = await failuresFor('unknown format');
    expect(row).toMatchObject({ serial: h.device.serial, topic: h.topic('up'), payload: 'level=12.0;t=now' });
  });

  it('invalid payload: schema, unknown port, serial of another device', async () => {
    await h.pub(
      JSON.stringify({
        v: 1,
        product: h.productCode,
        model: h.modelName,
        serial: h.device.serial,
        measures: [],
      }),
    );
    await h.pub(native([{ port: 'ai9', v: 12 }]));
    await h.pub(native([{ v: 12 }], { serial: 'SOMEONE-ELSE' }));
    const rows = await failuresFor('invalid payload');
    expect(rows.map((r) => r.detail)).toEqual([
      expect.stringContaining('measures'),
      expect.stringContaining('port ai9'),
      expect.stringContaining('SOMEONE-ELSE'),
    ]);
  });

  it('product not found / not expected, model not found / not expected', async () => {
    const other = await buildCatalogue(h.database.db);
    await h.pub(native([{ v: 12 }]), h.topic('up', 'NO-SUCH-PRODUCT'));
    await h.pub(native([{ v: 12 }], { product: other.product.code }));
    await h.pub(native([{ v: 12 }], { model: 'No such model' }));
    await h.pub(native([{ v: 12 }], { model: other.model.name }));
    expect(await failuresFor('product not found')).toHaveLength(1);
    expect((await failuresFor('product not expected'))[0]!.detail).toContain(other.product.code);
    expect(await failuresFor('model not found')).toHaveLength(1);
    expect((await failuresFor('model not expected'))[0]!.detail).toContain(other.model.name);
    // each detail reads back as a code with its parameters, for the web to say in its language
    const read = async (reason: string) => parseFailureDetail((await failuresFor(reason))[0]!.detail);
    expect(await read('product not found')).toEqual({
      code: 'productNotFound',
      params: { product: 'NO-SUCH-PRODUCT' },
    });
    expect(await read('model not expected')).toEqual({
      code: 'modelNotExpected',
      params: { serial: h.device.serial, registered: h.modelName, received: other.model.name },
    });
  });

  it('duplicated measure: a resent message is counted, never stored twice', async () => {
    const t = nextT();
    const message = native([{ t, v: 12 }, { v: 13 }]);
    await h.pub(message);
    const sub = await deviceSubscriber(h.port, h.device.serial, h.device.key, h.topic('ack'));
    expect((await h.pub(message)).code).toBe(0);
    expect(JSON.parse(await sub.nth(1))).toMatchObject({
      accepted: 0,
      duplicates: 2,
      rejected: [
        { i: 0, reason: 'duplicated measure' },
        { i: 1, reason: 'duplicated measure' },
      ],
    });
    await sub.close();
    const rows = await h.database.db
      .select()
      .from(measures)
      .where(and(eq(measures.deviceId, h.device.id), eq(measures.ts, new Date(t * 1000))));
    expect(rows).toHaveLength(1);
    const dup = await failuresFor('duplicated measure');
    expect(dup).toHaveLength(2);
    expect(dup.map((d) => d.measureIndex).sort()).toEqual([0, 1]);
  });

  it('invalid date: before 2000, in the future, older than the backfill window — the rest is kept', async () => {
    const good = nextT();
    await h.pub(
      native([
        { t: 946_684_000, v: 12 },
        { t: now() + 3600, v: 12 },
        { t: now() - 91 * 86_400, v: 12 },
        { t: good, v: 12 },
      ]),
    );
    const rows = await failuresFor('invalid date');
    expect(rows.map((r) => r.measureIndex)).toEqual([0, 1, 2]);
    expect(await measureAt(good)).toBeDefined();
  });
});

describe('device access', () => {
  it('refuses a wrong key', async () => {
    const res = await mosquittoPub(h.port, h.device.serial, 'wrong-key', h.topic('up'), native([{ v: 12 }]));
    expect(res.code).not.toBe(0);
  });

  it('drops a device publishing on another device topic, storing nothing', async () => {
    const t = nextT();
    const res = await h.pub(native([{ t, v: 12 }]), `aforo/v1/${h.productCode}/OTHER-SERIAL/up`);
    expect(res.code).not.toBe(0);
    expect(await measureAt(t)).toBeUndefined();
  });

  it('a product provisioning key registers an unknown serial as Unconfigured, storing raw values', async () => {
    const key = await giveProvisioningKey(h.database, h.productCode);
    const serial = `NEW-${Date.now()}`;
    const t = nextT();
    const body = JSON.stringify({
      v: 1,
      product: h.productCode,
      model: h.modelName,
      serial,
      measures: [{ port: 'ai1', t, v: 12 }],
    });
    const res = await mosquittoPub(
      h.port,
      serial,
      key,
      h.ingestion.topics.of(h.productCode, serial, 'up'),
      body,
    );
    expect(res.code).toBe(0);
    const [device] = await h.database.db.select().from(devices).where(eq(devices.serial, serial));
    expect(device).toMatchObject({ state: 'Unconfigured', companyId: null, measurementPointId: null });
    const [row] = await h.database.db.select().from(measures).where(eq(measures.deviceId, device!.id));
    expect(row).toMatchObject({ direct: 12, interpreted: null, pointId: null });
  });
});

describe('radar with a sentinel value', () => {
  it('stores the sentinel with flag 4 and no level, and converts the rest from the ground level', async () => {
    const db = h.database.db;
    const { model, product } = await buildCatalogue(db);
    await db
      .update(models)
      .set({ ports: [{ key: 'ai1', type: 'radar', label: 'Radar', sentinels: [-9999] }] })
      .where(eq(models.id, model.id));
    const point = await buildPoint(db, h.companyId, { groundLevel: 6.5, invertLevel: 0 });
    const radar = await buildDevice(db, {
      modelId: model.id,
      productId: product.id,
      state: 'Active',
      companyId: h.companyId,
      measurementPointId: point.id,
    });
    const key = 'radar-key-0123456789';
    await db
      .update(devices)
      .set({ keyHash: hashKey(key) })
      .where(eq(devices.id, radar.id));
    const [t1, t2] = [nextT(), nextT()];
    const body = JSON.stringify({
      v: 1,
      product: product.code,
      model: model.name,
      serial: radar.serial,
      measures: [
        { port: 'ai1', t: t1, v: 4.25 },
        { port: 'ai1', t: t2, v: -9999 },
      ],
    });
    const res = await mosquittoPub(
      h.port,
      radar.serial,
      key,
      h.ingestion.topics.of(product.code, radar.serial, 'up'),
      body,
    );
    expect(res.code).toBe(0);
    const rows = await db
      .select()
      .from(measures)
      .where(eq(measures.deviceId, radar.id))
      .orderBy(asc(measures.ts));
    expect(rows.map((r) => [r.direct, r.interpreted, r.flag])).toEqual([
      [4.25, 2.25, 1],
      [-9999, null, 4],
    ]);
  });
});

describe('events and config', () => {
  it('stores events from the events topic', async () => {
    const t = nextT();
    const res = await h.pub(
      JSON.stringify({ type: 'RESTART', message: 'watchdog reset', t }),
      h.topic('events'),
    );
    expect(res.code).toBe(0);
    const rows = await h.database.db.select().from(events).where(eq(events.deviceId, h.device.id));
    expect(rows).toEqual([
      expect.objectContaining({ type: 'RESTART', message: 'watchdog reset', ts: new Date(t * 1000) }),
    ]);
  });

  it('keeps the current parameters retained on the config topic and republishes them on change', async () => {
    const sub = await deviceSubscriber(h.port, h.device.serial, h.device.key, h.topic('config'));
    expect(JSON.parse(await sub.nth(1))).toMatchObject({
      serial: h.device.serial,
      point: h.pointId,
      measure_time: 900,
      transmission_time: 3600,
      ports: { ai1: { value_4mA: 0, value_20mA: 10 } },
    });
    await pointParameters(h.database, h.pointId, { ai1: { active: true, value_4mA: 0, value_20mA: 5 } });
    await h.ingestion.pointChanged(h.pointId);
    // the login itself may publish the config again: wait for the one with the new range
    const changed = await sub.find((m) => JSON.stringify(m.ports).includes('"value_20mA":5'));
    expect(changed).toMatchObject({ point: h.pointId, ports: { ai1: { value_4mA: 0, value_20mA: 5 } } });
    await sub.close();
  });

  it('refuses a subscription to another device topic', async () => {
    const sub = await deviceSubscriber(
      h.port,
      h.device.serial,
      h.device.key,
      `aforo/v1/${h.productCode}/OTHER/config`,
    );
    expect(sub.granted).toEqual([128]);
    await sub.close();
  });
});
