/** With ALERTS=off, committed batches still announce series.changed (the stream, the latest-values cache). */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { createEventBus } from '../events/event-bus';
import { silentLog } from '../test/ingest-harness';
import { announceLatestValues } from './latest-announcer';

const bus = createEventBus({ log: silentLog });
let stop: (() => void) | undefined;
afterEach(() => stop?.());

const row = (pointId: string | null, ms: number) => ({
  deviceId: randomUUID(),
  port: 'ai1',
  pointId,
  ms,
  interpreted: 1,
  flag: 1,
});

it('announces the points of the batches committed within an interval once, in events of at most 150', async () => {
  const heard: string[][] = [];
  const off = bus.on('series.changed', ({ pointIds }) => void heard.push(pointIds));
  stop = announceLatestValues(bus, 30);
  const many = Array.from({ length: 200 }, () => randomUUID());
  bus.publish('measures.committed', {
    batchId: 'a',
    rows: [row(many[0]!, 1), row(null, 2), row(many[0]!, 3)],
  });
  bus.publish('measures.committed', { batchId: 'b', rows: many.map((id, i) => row(id, i)) });
  await bus.idle();
  expect(heard).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 80));
  await bus.idle();
  expect(heard.map((ids) => ids.length)).toEqual([150, 50]);
  expect(new Set(heard.flat())).toEqual(new Set(many));
  // a batch with no point (an unconfigured device) announces nothing
  bus.publish('measures.committed', { batchId: 'c', rows: [row(null, 4)] });
  await new Promise((resolve) => setTimeout(resolve, 80));
  await bus.idle();
  expect(heard).toHaveLength(2);
  off();
});
