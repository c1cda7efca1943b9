/** The batch writer alone: duplicates within one batch and against stored rows, one ack per message. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import type { Prepared } from './pipeline';
import { createBatchWriter } from './writer';

let h: IngestHarness;
beforeAll(async () => {
  h = await startIngestHarness();
});
afterAll(async () => {
  await h?.close();
});

const epoch = Math.floor(Date.now() / 1000) - 7200;
function message(seq: number, epochs: number[]): Prepared {
  return {
    serial: h.device.serial,
    msgSeq: seq,
    measures: epochs.map((e, index) => ({
      deviceId: h.device.id,
      port: 'ai1',
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
