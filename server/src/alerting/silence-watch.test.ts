/**
 * The silence watch on its own: what it knows from the database, from alert.changed, and after the
 * bus reconnected (a transport of this file stands in for LISTEN/NOTIFY, to call its resync).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { alerts } from '../db/schema';
import { createEventBus, type EventBus, type EventTransport } from '../events/event-bus';
import { buildCompany, buildPoint } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createSilenceWatch } from './silence-watch';

let database: Database;
let events: EventBus;
let resync: () => void = () => {};
let companyId: string;
let a: string;
let b: string;

const transport: EventTransport = {
  send: async () => {},
  async start(handlers) {
    resync = handlers.onResync;
  },
  close: async () => {},
};

beforeAll(async () => {
  database = await openTestDatabase();
  events = createEventBus({ log: silentLog, transport });
  await events.start();
  companyId = (await buildCompany(database.db)).id;
  a = (await buildPoint(database.db, companyId)).id;
  b = (await buildPoint(database.db, companyId)).id;
});
afterAll(async () => {
  await events?.close();
  await database?.close();
});

async function silence(pointId: string) {
  const at = new Date();
  await database.db.insert(alerts).values({
    companyId,
    pointId,
    type: 'NO_TRANSMISSION',
    level: 'NO_TRANSMISSION',
    openedAt: at,
    lastAt: at,
  });
}
const heardOf = () => [a, b].map((pointId) => ({ key: { pointId, port: 'ai1' } }));
const watchedOf = async (watch: ReturnType<typeof createSilenceWatch>) => {
  const round = await watch.select(database.db, heardOf());
  return { points: round.watched.map((h) => h.key.pointId), settle: round.settle };
};

describe('silence watch', () => {
  it('knows the open silences from the database, then from alert.changed; a resync reads them again', async () => {
    await silence(a);
    const watch = createSilenceWatch(events);
    try {
      let round = await watchedOf(watch);
      expect(round.points).toEqual([a]);
      // the round found a's silence cleared: a is no longer watched
      round.settle(new Set());
      expect((await watchedOf(watch)).points).toEqual([]);

      // an event of another type adds nothing; a NO_TRANSMISSION one (or one without a type) does
      events.publish('alert.changed', { alertId: 'x', pointId: a, type: 'DANGER' });
      events.publish('alert.changed', { alertId: 'y', pointId: b, type: 'NO_TRANSMISSION' });
      await events.idle();
      round = await watchedOf(watch);
      expect(round.points).toEqual([b]);
      // an event heard while the round ran keeps its point, whatever the round found
      events.publish('alert.changed', { alertId: 'z', pointId: b });
      await events.idle();
      round.settle(new Set());
      expect((await watchedOf(watch)).points).toEqual([b]);

      // events may have been lost while the bus was away: the next round reads the database again
      await database.db.delete(alerts);
      await silence(a);
      resync();
      expect((await watchedOf(watch)).points).toEqual([a]);
    } finally {
      watch.close();
    }
  });
});
