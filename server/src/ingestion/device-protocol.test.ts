/**
 * What the ingestion service really publishes on the ack and config topics parses with the contract
 * schemas devices use (contracts/src/device-protocol.ts), with no field the schemas do not know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deviceAckSchema, deviceConfigSchema } from '@aforo/contracts/device-protocol';
import { giveProvisioningKey, startIngestHarness, type IngestHarness } from '../test/ingest-harness';

let h: IngestHarness;
const sent: Array<{ topic: string; payload: string; retain: boolean }> = [];
beforeAll(async () => {
  h = await startIngestHarness();
  h.ingestion.addPublisher((topic, payload, { retain }) => {
    sent.push({ topic, payload, retain });
    return Promise.resolve();
  });
});
afterAll(async () => {
  await h?.close();
});

/** The JSON last published on a topic, checked to be exactly what `schema` reads. */
function lastOn<S extends z.ZodType>(topic: string, schema: S): { parsed: z.output<S>; retain: boolean } {
  const message = sent.findLast((m) => m.topic === topic);
  if (!message) throw new Error(`nothing published on ${topic}`);
  const body: unknown = JSON.parse(message.payload);
  const parsed = schema.parse(body);
  // the schemas strip unknown keys: equality means the server sends no field they miss
  expect(parsed).toEqual(body);
  return { parsed, retain: message.retain };
}

/** A native message of the harness device, over HTTP, through the ingestion service. */
async function up(body: string) {
  const ack = await h.ingestion.up({
    topic: null,
    payload: Buffer.from(body),
    serial: h.device.serial,
    topicProduct: null,
    receivedAt: new Date(),
  });
  await h.ingestion.sendAck(h.productCode, h.device.serial, ack);
  return lastOn(h.topic('ack'), deviceAckSchema).parsed;
}

describe('device protocol messages', () => {
  it('acks: stored, duplicated and refused measures, and a message refused whole', async () => {
    const t = Math.floor(Date.now() / 1000) - 3600;
    const native = (msgSeq: number) =>
      JSON.stringify({
        v: 1,
        product: h.productCode,
        model: h.modelName,
        serial: h.device.serial,
        msg_seq: msgSeq,
        measures: [
          { port: 'ai1', t, v: 12 },
          { port: 'ai1', t: 946684799, v: 12 },
        ],
      });
    expect(await up(native(1))).toEqual({
      msg_seq: 1,
      accepted: 1,
      duplicates: 0,
      rejected: [{ i: 1, reason: 'invalid date' }],
    });
    expect(await up(native(2))).toEqual({
      msg_seq: 2,
      accepted: 0,
      duplicates: 1,
      rejected: [
        { i: 0, reason: 'duplicated measure' },
        { i: 1, reason: 'invalid date' },
      ],
    });
    expect(await up('not json')).toEqual({
      msg_seq: null,
      accepted: 0,
      duplicates: 0,
      rejected: [],
      error: 'unknown format',
    });
  });

  it('the retained config of an installed device', async () => {
    await h.ingestion.publishConfig(h.device.serial);
    const { parsed, retain } = lastOn(h.topic('config'), deviceConfigSchema);
    expect(retain).toBe(true);
    expect(parsed).toMatchObject({
      serial: h.device.serial,
      product: h.productCode,
      model: h.modelName,
      state: 'Active',
      point: h.pointId,
      ports: { ai1: { value_4mA: 0, value_20mA: 10 } },
    });
  });

  it('the retained config of a self-registered device: no model, no point', async () => {
    const key = await giveProvisioningKey(h.database, h.productCode);
    const serial = `SELF-${Date.now()}`;
    expect(await h.ingestion.directory.authenticate(serial, key)).not.toBeNull();
    await h.ingestion.publishConfig(serial);
    const { parsed } = lastOn(h.ingestion.topics.of(h.productCode, serial, 'config'), deviceConfigSchema);
    expect(parsed).toEqual({
      serial,
      product: h.productCode,
      model: null,
      state: 'Unconfigured',
      point: null,
      measure_time: null,
      transmission_time: null,
      measures_for_avg: null,
      ports: {},
      updated_at: '1970-01-01T00:00:00.000Z',
    });
  });
});
