/**
 * The network stream of provider staff (docs/WEB.md "All companies", docs/API.md GET /api/stream
 * scope=all): the latest values of every company's points and the user's own notifications, never a
 * colleague's; a reconnect is told to resync.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { notifications, seriesLatest } from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { buildCompany, buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createStreamHub, type StreamConnection, type StreamHub } from './stream-hub';

let database: Database;
let events: EventBus;
let hub: StreamHub;
const ids = { a: '', b: '', staff: '', colleague: '', client: '', pointA: '', pointB: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  ids.a = (await buildCompany(db)).id;
  ids.b = (await buildCompany(db)).id;
  ids.staff = (await buildUser(db, { companyId: ids.a })).id;
  ids.colleague = (await buildUser(db, { companyId: ids.a })).id;
  ids.client = (await buildUser(db, { companyId: ids.b })).id;
  for (const [company, key] of [
    [ids.a, 'pointA'],
    [ids.b, 'pointB'],
  ] as const) {
    const point = await buildPoint(db, company);
    ids[key] = point.id;
    await db.insert(seriesLatest).values({
      pointId: point.id,
      port: 'ai1',
      // the hub reads only the point's company: any device id will do (series_latest has no FK to it)
      deviceId: randomUUID(),
      ts: new Date('2026-11-27T10:00:00Z'),
      direct: 12,
      interpreted: 5,
      flag: 1,
    });
  }
});
afterAll(async () => {
  await hub?.close();
  await database?.close();
});
beforeEach(async () => {
  await hub?.close();
  events = createEventBus({ log: silentLog });
  hub = createStreamHub({ db: database.db, events, log: silentLog });
});

/** A stream as the route builds it, recording the events written to it. */
function connect(userId: string, companyId: string, network: boolean, lastEventId?: string) {
  const messages: Array<{ event: string; data: Record<string, unknown> }> = [];
  const connection: StreamConnection = {
    userId,
    companyId,
    network,
    write(text) {
      const field = (name: string) =>
        text
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      messages.push({ event: field('event')!, data: JSON.parse(field('data')!) as Record<string, unknown> });
      return true;
    },
    close: () => hub.closeConnection(connection),
  };
  hub.open(connection, lastEventId);
  return { connection, messages };
}

/** Waits until the hub's flush (100 ms after a cue) has written. */
const settle = async () => {
  await events.idle();
  await new Promise((resolve) => setTimeout(resolve, 300));
};

describe('the network stream', () => {
  it("gets every company's latest values; a company stream only its own", async () => {
    const network = connect(ids.staff, ids.a, true);
    const client = connect(ids.client, ids.b, false);
    events.publish('series.changed', { pointIds: [ids.pointA, ids.pointB] });
    await settle();
    const pointsOf = (messages: typeof network.messages) =>
      messages
        .filter((m) => m.event === 'latest')
        .flatMap((m) => (m.data.rows as Array<{ pointId: string }>).map((r) => r.pointId))
        .sort();
    expect(pointsOf(network.messages)).toEqual([ids.pointA, ids.pointB].sort());
    expect(pointsOf(client.messages)).toEqual([ids.pointB]);
  });

  it("gets the user's own notifications of any company, never a colleague's", async () => {
    const network = connect(ids.staff, ids.a, true);
    const colleague = connect(ids.colleague, ids.a, false);
    const stored = async (companyId: string, userId: string) => {
      const [row] = await database.db
        .insert(notifications)
        .values({
          companyId,
          userId,
          kind: 'firing',
          title: 'Alerta',
          body: 'Nivel de peligro',
          dedupeKey: `test:${randomBytes(6).toString('hex')}`,
          deliveredAt: new Date(),
        })
        .returning({ id: notifications.id });
      events.publish('notification.created', { notificationId: row!.id, userId });
      await events.idle();
      return row!.id;
    };
    const mine = await stored(ids.b, ids.staff);
    const theirs = await stored(ids.a, ids.colleague);
    expect(network.messages.map((m) => [m.event, m.data.id])).toEqual([['notification', mine]]);
    expect(colleague.messages.map((m) => [m.event, m.data.id])).toEqual([['notification', theirs]]);
  });

  it('a reconnect is told to resync; a closed network stream gets nothing more', async () => {
    const first = connect(ids.staff, ids.a, true);
    first.connection.close();
    events.publish('series.changed', { pointIds: [ids.pointB] });
    await settle();
    expect(first.messages).toEqual([]);
    const again = connect(ids.staff, ids.a, true, 'x.1');
    expect(again.messages.map((m) => m.event)).toEqual(['resync']);
    expect(hub.connections()).toBe(1);
  });
});
