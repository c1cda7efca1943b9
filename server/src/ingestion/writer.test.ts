/** The batch writer alone: duplicates in a batch and against stored rows, acks, series_latest. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriesLatest } from '../db/schema';
import { createEventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { lockDeviceExclusively } from '../db/device-lock';
import {
  buildInstalledDevice,
  silentLog,
  startIngestHarness,
  type IngestHarness,
} from '../test/ingest-harness';
import type { Prepared } from './pipeline';
import { createBatchWriter as openWriter } from './writer';

let h: IngestHarness;
beforeAll(async () => {
  h = await startIngestHarness();
});
// on PostgreSQL each writer holds a connection of its own (db/writer-presence.ts) until closed
const writers: Array<ReturnType<typeof openWriter>> = [];
const createBatchWriter = (...args: Parameters<typeof openWriter>) => {
  const writer = openWriter(...args);
  writers.push(writer);
  return writer;
};
afterAll(async () => {
  await Promise.all(writers.map((w) => w.close()));
  await h?.close();
});

const epoch = Math.floor(Date.now() / 1000) - 7200;
function message(seq: number, epochs: number[], port = 'ai1'): Prepared {
  return {
    serial: h.device.serial,
    msgSeq: seq,
    measures: epochs.map((e, index) => ({
      deviceId: h.device.id,
      port,
      epoch: e,
      pointId: h.pointId,
      direct: 12,
      adjusted: 12,
      interpreted: 5,
      flag: 1,
      topic: 't',
      index,
    })),
    events: [],
    failures: [],
    status: null,
    error: null,
    rejected: [],
  };
}

it('counts a key once per batch and finds the keys stored by earlier batches', async () => {
  const writer = createBatchWriter(h.database, silentLog);
  // submitted in the same turn: one batch
  const [a, b] = await Promise.all([
    writer.submit(message(1, [epoch, epoch + 1])),
    writer.submit(message(2, [epoch + 1, epoch + 2])),
  ]);
  expect(a).toEqual({ msg_seq: 1, accepted: 2, duplicates: 0, rejected: [] });
  expect(b).toEqual({
    msg_seq: 2,
    accepted: 1,
    duplicates: 1,
    rejected: [{ i: 0, reason: 'duplicated measure' }],
  });
  // a later batch: epoch + 2 is stored, epoch + 3 is new
  const c = await writer.submit(message(3, [epoch + 2, epoch + 3]));
  expect(c).toEqual({
    msg_seq: 3,
    accepted: 1,
    duplicates: 1,
    rejected: [{ i: 0, reason: 'duplicated measure' }],
  });
});

it('splits a failing batch so one bad message does not hold back the others', async () => {
  const writer = createBatchWriter(h.database, silentLog);
  const bad = message(9, [epoch + 100]);
  bad.measures[0]!.deviceId = 'not-a-uuid';
  const [good, refused] = await Promise.allSettled([
    writer.submit(message(8, [epoch + 101])),
    writer.submit(bad),
  ]);
  expect(good).toMatchObject({ status: 'fulfilled', value: { accepted: 1 } });
  expect(refused.status).toBe('rejected');
});

it('announces the stored rows of each batch after its acknowledgements, never holding them back', async () => {
  const events = createEventBus({ log: silentLog });
  const writer = createBatchWriter(h.database, silentLog, {}, events);
  const order: string[] = [];
  const batches: EventMap['measures.committed'][] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  events.on('measures.committed', async (batch) => {
    order.push('announced');
    batches.push(batch);
    await gate; // a slow subscriber (alert evaluation): later acknowledgements must not wait for it
  });
  const first = await writer.submit(message(20, [epoch + 200, epoch + 201]));
  order.push('ack 1');
  // epoch + 201 is stored already: a duplicate, not announced again
  const second = await writer.submit(message(21, [epoch + 201, epoch + 202]));
  order.push('ack 2');
  expect([first.accepted, second.accepted, second.duplicates]).toEqual([2, 1, 1]);
  release();
  await events.idle();
  expect(order.slice(0, 2)).toEqual(['ack 1', 'announced']);
  expect(order).toContain('ack 2');
  expect(batches.map((b) => b.rows.map((r) => r.ms / 1000))).toEqual([
    [epoch + 200, epoch + 201],
    [epoch + 202],
  ]);
  expect(batches[0]!.rows[0]).toEqual({
    deviceId: h.device.id,
    port: 'ai1',
    pointId: h.pointId,
    ms: (epoch + 200) * 1000,
    interpreted: 5,
    flag: 1,
  });
  expect(new Set(batches.map((b) => b.batchId)).size).toBe(2);
});

async function latestEpoch(port: string) {
  const [row] = await h.database.db
    .select({ ts: seriesLatest.ts })
    .from(seriesLatest)
    .where(and(eq(seriesLatest.pointId, h.pointId), eq(seriesLatest.port, port)));
  return row && row.ts.getTime() / 1000;
}

it('keeps series_latest on the newest measure when an older one arrives in a later batch', async () => {
  const writer = createBatchWriter(h.database, silentLog);
  await writer.submit(message(30, [epoch + 300], 'ai7'));
  await writer.submit(message(31, [epoch + 299], 'ai7')); // store-and-forward: an older reading
  expect(await latestEpoch('ai7')).toBe(epoch + 300);
});

it('keeps series_latest on the newest measure of a batch whatever the order they came in', async () => {
  const writer = createBatchWriter(h.database, silentLog);
  // submitted in the same turn: one batch, the newer measure first
  await Promise.all([
    writer.submit(message(40, [epoch + 400], 'ai8')),
    writer.submit(message(41, [epoch + 399, epoch + 398], 'ai8')),
  ]);
  expect(await latestEpoch('ai8')).toBe(epoch + 400);
});

// On PostgreSQL several batches commit at once; PGlite writes one at a time (nothing to reorder).
it.runIf(process.env.TEST_DATABASE_URL)(
  'announces batches in the order they were taken, whatever order they commit in',
  async () => {
    const other = await buildInstalledDevice(h.database.db);
    const events = createEventBus({ log: silentLog });
    const writer = createBatchWriter(h.database, silentLog, {}, events);
    const announced: string[] = [];
    events.on('measures.committed', (batch) => void announced.push(batch.rows[0]!.deviceId));
    // the first batch waits for a device lock held by another transaction; the second does not
    let unlock = () => {};
    const held = new Promise<void>((resolve) => (unlock = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.database.db.transaction(async (tx) => {
      await lockDeviceExclusively(tx, h.device.id);
      locked();
      await held;
    });
    await isLocked;
    const first = writer.submit(message(40, [epoch + 400]));
    await new Promise((resolve) => setImmediate(resolve));
    const second = await writer.submit({
      ...message(41, [epoch + 400]),
      serial: other.device.serial,
      measures: message(41, [epoch + 400]).measures.map((m) => ({
        ...m,
        deviceId: other.device.id,
        pointId: other.point.id,
      })),
    });
    expect(second.accepted).toBe(1);
    await events.idle();
    // the second is committed and acknowledged, but announced only after the first
    expect(announced).toEqual([]);
    unlock();
    await holder;
    expect((await first).accepted).toBe(1);
    await events.idle();
    expect(announced).toEqual([h.device.id, other.device.id]);
  },
);
