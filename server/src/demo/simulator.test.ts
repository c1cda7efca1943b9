import net from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatedDevice } from './device-plan';
import { sampleAt } from './series';
import { startSimulator, type RunningSimulator } from './simulator';

const prefix = 'aforo/v1';
const log = pino({ level: 'silent' });

/** A bare broker that checks serial + key, like Aforo's, but stores nothing. */
async function startBroker(keys: Record<string, string>, port = 0) {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      const ok = username !== undefined && keys[username] === password?.toString();
      done(ok ? null : Object.assign(new Error('refused'), { returnCode: 4 as const }), ok);
    },
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => broker.close(() => server.close(() => resolve()))),
  };
}

const river: SimulatedDevice = {
  serial: 'AFR-1001',
  key: 'key-1001',
  productCode: 'LVL',
  modelName: 'VEGAPULS C 21',
  firmware: '1.2.0',
  ports: [
    {
      key: 'ai1',
      type: 'radar',
      parameters: {},
      site: {
        key: 'Ebro en Zaragoza (Puente de Piedra)',
        kind: 'river',
        latitude: 41.65,
        longitude: -0.88,
        groundLevel: 6.5,
        invertLevel: 0,
        warningValue: 4,
        alertValue: 5.2,
      },
    },
  ],
  pointKind: 'river',
  levels: { groundLevel: 6.5, invertLevel: 0, levelDifference: 0, value4mA: null, value20mA: null },
  measureTime: 900,
};

interface Up {
  v: number;
  product: string;
  model: string;
  serial: string;
  fw?: string;
  msg_seq: number;
  status: { battery: number; rssi: number };
  measures: { port: string; t: number; v: number }[];
}

/** Listens to every device topic and answers each `up` with an ack, as the ingestion service does. */
async function listen(port: number) {
  const client: MqttClient = await connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: 'listener',
    password: 'listener-key',
    protocolVersion: 4,
  });
  const ups: Up[] = [];
  const events: { serial: string; body: { type: string; t: number } }[] = [];
  client.on('message', (topic, payload) => {
    const [, , product, serial, channel] = topic.split('/');
    if (channel === 'up') {
      const up = JSON.parse(payload.toString()) as Up;
      ups.push(up);
      const ack = { msg_seq: up.msg_seq, accepted: up.measures.length, duplicates: 0, rejected: [] };
      client.publish(`${prefix}/${product}/${serial}/ack`, JSON.stringify(ack), { qos: 1 });
    }
    if (channel === 'events') events.push({ serial: serial!, body: JSON.parse(payload.toString()) as never });
  });
  await client.subscribeAsync([`${prefix}/+/+/up`, `${prefix}/+/+/events`], { qos: 1 });
  return { client, ups, events };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await wait(25);
  }
}

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('live simulator', () => {
  it('publishes native payloads that continue the series, catch up from the last stored measure, and count acks', async () => {
    const keys = { 'AFR-1001': 'key-1001', 'AFR-1002': 'key-1002', listener: 'listener-key' };
    const broker = await startBroker(keys);
    cleanup.push(broker.close);
    const listener = await listen(broker.port);
    cleanup.push(() => listener.client.endAsync(true));

    const resumeFrom = new Date(Math.floor(Date.now() / 900_000) * 900_000 - 2 * 3600_000);
    const silent: SimulatedDevice = {
      ...river,
      serial: 'AFR-1002',
      key: 'key-1002',
      fault: { kind: 'silent' },
    };
    const refused: SimulatedDevice = { ...river, serial: 'AFR-1003', key: 'wrong' };
    const sim: RunningSimulator = await startSimulator({
      mqttUrl: `mqtt://127.0.0.1:${broker.port}`,
      topicPrefix: prefix,
      devices: [{ ...river, resumeFrom }, silent, refused],
      intervalSeconds: 0.1,
      measuresPerMessage: 2,
      log,
    });
    cleanup.push(() => sim.stop());
    await until(() => listener.ups.length >= 6 && sim.stats().acks >= 5);

    const ups = listener.ups;
    expect(new Set(ups.map((u) => u.serial))).toEqual(new Set(['AFR-1001']));
    expect(ups.map((u) => u.msg_seq)).toEqual(ups.map((_, i) => i + 1));
    const first = ups[0]!;
    expect(first).toMatchObject({
      v: 1,
      product: 'LVL',
      model: 'VEGAPULS C 21',
      serial: 'AFR-1001',
      fw: '1.2.0',
    });
    expect(first.status.battery).toBeGreaterThan(3);
    expect(first.status.rssi).toBeLessThan(-50);
    // the first message forwards what is due since the last stored measure, at the point's 15 minutes
    const catchUp = first.measures.filter(
      (m) => m.t % 900 === 0 && m.t * 1000 <= resumeFrom.getTime() + 2 * 3600_000,
    );
    expect(catchUp.map((m) => (m.t * 1000 - resumeFrom.getTime()) / 900_000)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);

    // then live measures every 100 ms: no gap, no repeat, across messages
    const live = ups.flatMap((u) => u.measures).slice(catchUp.length);
    const steps = live.slice(1).map((m, i) => Math.round((m.t - live[i]!.t) * 1000));
    expect(new Set(steps)).toEqual(new Set([100]));
    // each value is the series' value at its instant: the same as the seed's back-fill would store
    for (const m of [...catchUp, ...live]) {
      const interval = catchUp.includes(m) ? 900 : 0.1;
      expect(m.v).toBe(
        sampleAt(river.ports[0]!.site, river.ports[0]!, river.levels, m.t * 1000, interval)!.raw,
      );
    }

    expect(listener.events).toEqual([
      { serial: 'AFR-1001', body: expect.objectContaining({ type: 'RESTART' }) as unknown },
    ]);
    const stats = sim.stats();
    expect(sim.published()).toBe(stats.messages);
    expect(stats.messages).toBeGreaterThanOrEqual(ups.length - 1);
    expect(stats.accepted).toBeGreaterThan(0);
    expect(stats.connected).toBe(1); // AFR-1001 only: the silent one has no client, the refused one no session
  });

  it('fills a short gap (a server restart) at the live step, so the chart has no hole', async () => {
    const broker = await startBroker({ 'AFR-1001': 'key-1001', listener: 'listener-key' });
    cleanup.push(broker.close);
    const listener = await listen(broker.port);
    cleanup.push(() => listener.client.endAsync(true));
    const resumeFrom = new Date(Date.now() - 30_000);
    const sim = await startSimulator({
      mqttUrl: `mqtt://127.0.0.1:${broker.port}`,
      topicPrefix: prefix,
      devices: [{ ...river, resumeFrom }],
      intervalSeconds: 1,
      log,
    });
    cleanup.push(() => sim.stop());
    await until(() => listener.ups.length >= 1);
    const ts = listener.ups[0]!.measures.map((m) => m.t * 1000);
    expect(ts.length).toBeGreaterThanOrEqual(29);
    expect(ts[0]! - resumeFrom.getTime()).toBeLessThanOrEqual(1000);
    expect(new Set(ts.slice(1).map((t, i) => t - ts[i]!))).toEqual(new Set([1000]));
  });

  it('keeps what it could not send while the broker is down and forwards it after reconnecting', async () => {
    const keys = { 'AFR-1001': 'key-1001', listener: 'listener-key' };
    const broker = await startBroker(keys);
    const sim = await startSimulator({
      mqttUrl: `mqtt://127.0.0.1:${broker.port}`,
      topicPrefix: prefix,
      devices: [river],
      intervalSeconds: 0.1,
      log,
    });
    cleanup.push(() => sim.stop());
    await until(() => sim.published() >= 3);
    await broker.close();
    await wait(1000);
    const again = await startBroker(keys, broker.port);
    cleanup.push(again.close);
    const listener = await listen(again.port);
    cleanup.push(() => listener.client.endAsync(true));
    const before = sim.published();
    await until(() => sim.published() >= before + 3, 10_000);
    // the first message after the outage carries the measures of the outage (about 10 a second)
    const first = listener.ups[0]!;
    expect(first.measures.length).toBeGreaterThan(5);
    const ts = listener.ups.flatMap((u) => u.measures.map((m) => m.t));
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    expect(new Set(ts).size).toBe(ts.length);
  }, 20_000);
});
