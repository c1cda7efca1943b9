/**
 * Issue 9 item 3: the embedded broker does not buffer what a client announces beyond the packet
 * limit, closes connections that never send CONNECT, and caps connections per address. Raw TCP
 * clients play the attacker; mqtt.js plays a device.
 */
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { failedMeasures, measures } from '../db/schema';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';
import { defaultBrokerLimits, type BrokerLimits } from './broker-guard';

let h: IngestHarness;
const extra: EmbeddedBroker[] = [];
beforeAll(async () => {
  h = await startIngestHarness();
});
afterAll(async () => {
  for (const b of extra) await b.close();
  await h?.close();
});

/** Another embedded broker on the same ingestion, with its own limits. */
async function brokerWith(limits: Partial<BrokerLimits>): Promise<number> {
  const b = await startEmbeddedBroker(
    { port: 0, host: '127.0.0.1', ingestion: h.ingestion, limits },
    silentLog,
  );
  extra.push(b);
  return b.port;
}

interface RawClient {
  socket: net.Socket;
  /** Milliseconds from connect to close, once closed. */
  closedAfter: Promise<number>;
  isClosed(): boolean;
}

function rawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let closed = false;
    const started = Date.now();
    const closedAfter = new Promise<number>((done) =>
      socket.once('close', () => {
        closed = true;
        done(Date.now() - started);
      }),
    );
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closedAfter, isClosed: () => closed }));
    socket.once('error', reject);
  });
}

/** MQTT variable-length integer. */
function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0);
  return Buffer.from(bytes);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, sleep(ms).then(() => 'still open' as const)]);

/** Announces a 100 MB packet, then trickles 1 KB every 20 ms; returns the bytes sent until closed. */
async function announceAndTrickle(
  firstByte: number,
): Promise<{ sent: number; closed: number | 'still open' }> {
  const client = await rawClient(h.port);
  const header = Buffer.concat([Buffer.from([firstByte]), remainingLength(100 * 1024 * 1024)]);
  client.socket.write(header);
  let sent = header.length;
  const trickle = setInterval(() => {
    if (client.isClosed()) return;
    client.socket.write(Buffer.alloc(1024, 0x61));
    sent += 1024;
  }, 20);
  const closed = await within(client.closedAfter, 3_000);
  clearInterval(trickle);
  client.socket.destroy();
  return { sent, closed };
}

const nowS = () => Math.floor(Date.now() / 1000);
function nativeBody(count: number, t0: number, pad = 0): string {
  const body = JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    measures: Array.from({ length: count }, (_, i) => ({ port: 'ai1', t: t0 + i, v: -12.345678901234567 })),
  });
  return body.slice(0, -1) + ' '.repeat(pad) + '}';
}

async function device() {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${h.port}`, {
    username: h.device.serial,
    password: h.device.key,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
}

describe('packet size limit', () => {
  it('defaults to 256 KB, 5 s to CONNECT and 200 connections an address', () => {
    const env = parseEnv({});
    expect([
      env.MQTT_MAX_PACKET_BYTES,
      env.MQTT_CONNECT_TIMEOUT_SECONDS * 1000,
      env.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    ]).toEqual([
      defaultBrokerLimits.maxPacketBytes,
      defaultBrokerLimits.connectTimeoutMs,
      defaultBrokerLimits.maxConnectionsPerAddress,
    ]);
  });

  it('closes a connection whose first header announces 100 MB, after a few KB at most', async () => {
    for (const firstByte of [0x10 /* CONNECT */, 0x30 /* PUBLISH */]) {
      const { sent, closed } = await announceAndTrickle(firstByte);
      expect(closed).not.toBe('still open');
      expect(sent).toBeLessThan(8 * 1024);
    }
  });

  it('1,000 measures fit in one message; a device publishing over the limit is disconnected, nothing stored', async () => {
    const client = await device();
    const t0 = nowS() - 7200;
    const full = nativeBody(1000, t0);
    expect(full.length).toBeLessThan(defaultBrokerLimits.maxPacketBytes);
    await client.publishAsync(h.topic('up'), full, { qos: 1 });
    const stored = await h.database.db
      .select()
      .from(measures)
      .where(and(eq(measures.deviceId, h.device.id), eq(measures.ts, new Date((t0 + 999) * 1000))));
    expect(stored).toHaveLength(1);

    const t1 = nowS() - 3600;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const large = nativeBody(1, t1, 300 * 1024);
    client.publish(h.topic('up'), large, { qos: 1 }, () => undefined);
    expect(await within(closed, 5_000)).not.toBe('still open');
    await client.endAsync(true);
    const none = await h.database.db
      .select()
      .from(measures)
      .where(and(eq(measures.deviceId, h.device.id), eq(measures.ts, new Date(t1 * 1000))));
    expect(none).toHaveLength(0);
  });
});

describe('messages over the limit that come another way', () => {
  it('an external broker may pass them: refused unread as invalid payload, the first 4 KB kept', async () => {
    const payload = Buffer.from(nativeBody(1, nowS() - 60, 300 * 1024));
    const ack = await h.ingestion.up({
      topic: h.topic('up'),
      payload,
      serial: h.device.serial,
      topicProduct: h.productCode,
      receivedAt: new Date(),
    });
    expect(ack).toMatchObject({ accepted: 0, error: 'invalid payload' });
    const detail = `message of ${payload.length} bytes, over the limit of 262144`;
    const [row] = await h.database.db.select().from(failedMeasures).where(eq(failedMeasures.detail, detail));
    expect(row!.payload).toHaveLength(4096);
  });
});

describe('connections', () => {
  it('closes a connection that never sends CONNECT after the connect timeout', async () => {
    const port = await brokerWith({ connectTimeoutMs: 300 });
    const client = await rawClient(port);
    const after = await within(client.closedAfter, 3_000);
    expect(after).not.toBe('still open');
    expect(after as number).toBeGreaterThanOrEqual(250);
  });

  it('refuses the connection beyond the limit from one address, and admits again once one closes', async () => {
    const port = await brokerWith({ maxConnectionsPerAddress: 3, connectTimeoutMs: 20_000 });
    const open = [await rawClient(port), await rawClient(port), await rawClient(port)];
    const fourth = await rawClient(port);
    expect(await within(fourth.closedAfter, 2_000)).not.toBe('still open');
    expect(open.some((c) => c.isClosed())).toBe(false);
    open[0]!.socket.destroy();
    await open[0]!.closedAfter;
    await sleep(100);
    const again = await rawClient(port);
    expect(await within(again.closedAfter, 500)).toBe('still open');
    for (const c of [...open, again]) c.socket.destroy();
  });
});
