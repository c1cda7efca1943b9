/**
 * With MQTT_URL set: devices talk to Debian's Mosquitto (127.0.0.1:1883), Aforo takes the messages
 * through the shared subscription (MQTT_SHARED_SUBSCRIPTION=on) and acknowledges them to the broker
 * after commit. The plain subscription (the default) is exercised by test:faults.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measures } from '../db/schema';
import { mosquittoPub, silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { startExternalIngest, type ExternalIngest } from './external';

const url = 'mqtt://127.0.0.1:1883';
// a prefix of our own: the broker is shared with whatever else runs on this machine
const prefix = `test-${randomBytes(4).toString('hex')}/v1`;
let h: IngestHarness;
let external: ExternalIngest;

beforeAll(async () => {
  h = await startIngestHarness({ topicPrefix: prefix });
  external = await startExternalIngest(
    // no session left behind on the shared broker once the test disconnects
    {
      url,
      clientId: `aforo-test-${randomBytes(4).toString('hex')}`,
      ingestion: h.ingestion,
      sessionExpirySeconds: 0,
      shared: true,
    },
    silentLog,
  );
});
afterAll(async () => {
  await external?.close();
  await h?.close();
});

describe('external broker (Mosquitto)', () => {
  it('stores what a device publishes to Mosquitto and answers on its ack topic', async () => {
    const watcher = await mqtt.connectAsync(url, { protocolVersion: 5 });
    const acks: string[] = [];
    watcher.on('message', (_t, p) => acks.push(p.toString()));
    await watcher.subscribeAsync(h.topic('ack'), { qos: 1 });
    const t = Math.floor(Date.now() / 1000) - 600;
    const body = JSON.stringify({
      v: 1,
      product: h.productCode,
      model: h.modelName,
      serial: h.device.serial,
      msg_seq: 42,
      measures: [
        { port: 'ai1', t, v: 12 },
        { port: 'ai1', t: t + 60, v: 16 },
      ],
    });
    const res = await mosquittoPub(1883, 'anyone', 'anything', h.topic('up'), body);
    expect(res.code).toBe(0);
    const deadline = Date.now() + 10_000;
    while (acks.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(JSON.parse(acks[0]!)).toEqual({ msg_seq: 42, accepted: 2, duplicates: 0, rejected: [] });
    const rows = await h.database.db
      .select()
      .from(measures)
      .where(and(eq(measures.deviceId, h.device.id), eq(measures.topic, h.topic('up'))));
    expect(rows.map((r) => r.interpreted).sort()).toEqual([5, 7.5]);
    await watcher.endAsync();
  });

  it('records a message for a serial Aforo does not know as a failed measure', async () => {
    const topic = `${prefix}/${h.productCode}/GHOST-1/up`;
    const watcher = await mqtt.connectAsync(url, { protocolVersion: 5 });
    const acks: string[] = [];
    watcher.on('message', (_t, p) => acks.push(p.toString()));
    await watcher.subscribeAsync(`${prefix}/${h.productCode}/GHOST-1/ack`, { qos: 1 });
    await mosquittoPub(1883, 'x', 'y', topic, '{"ts": 1, "values": {"ai1": 1}}');
    const deadline = Date.now() + 10_000;
    while (acks.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(JSON.parse(acks[0]!)).toMatchObject({ accepted: 0, error: 'invalid payload' });
    await watcher.endAsync();
  });
});
