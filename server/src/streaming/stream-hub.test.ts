/**
 * The stream hub's routing of in-app notifications (docs/API.md, GET /api/stream): a
 * `notification.created` heard on the bus reaches the open streams of its user in its company, and
 * no other stream — not a colleague's, not another company's, not the same user's in another company —
 * neither live nor on a reconnect's replay.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { buildCompany, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createStreamHub, type StreamConnection, type StreamHub } from './stream-hub';

let database: Database;
let events: EventBus;
let hub: StreamHub;
const ids = { a: '', b: '', alice: '', bob: '', carol: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  ids.a = (await buildCompany(db)).id;
  ids.b = (await buildCompany(db)).id;
  ids.alice = (await buildUser(db, { companyId: ids.a })).id;
  ids.bob = (await buildUser(db, { companyId: ids.a })).id;
  ids.carol = (await buildUser(db, { companyId: ids.b })).id;
});
afterAll(async () => {
  await hub?.close();
  await database?.close();
});

beforeEach(async () => {
  // a fresh hub per test: no stream or kept message of a previous test interferes
  await hub?.close();
  events = createEventBus({ log: silentLog });
  hub = createStreamHub({ db: database.db, events, log: silentLog });
});

interface Message {
  id: string;
  event: string;
  data: { id?: string } & Record<string, unknown>;
}

/** A stream connection as the route builds it, recording the SSE messages written to it. */
function connect(userId: string, companyId: string, lastEventId?: string) {
  const messages: Message[] = [];
  const connection: StreamConnection = {
    userId,
    companyId,
    write(text) {
      const field = (name: string) =>
        text
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      messages.push({
        id: field('id')!,
        event: field('event')!,
        data: JSON.parse(field('data')!) as Message['data'],
      });
      return true;
    },
    close: () => hub.closeConnection(connection),
  };
  hub.open(connection, lastEventId);
  return { connection, messages };
}

/** Stores a notification of the user in the company (shown unless `held`), as notifying would. */
async function notification(companyId: string, userId: string, held = false): Promise<string> {
  const [row] = await database.db
    .insert(notifications)
    .values({
      companyId,
      userId,
      kind: 'firing',
      title: 'Alerta',
      body: 'Nivel de peligro',
      dedupeKey: `test:${randomBytes(6).toString('hex')}`,
      deliveredAt: held ? null : new Date(),
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Announces the notification as the notifying process does after its commit, and waits for the hub. */
async function announce(notificationId: string, userId: string) {
  events.publish('notification.created', { notificationId, userId });
  await events.idle();
}

describe('stream hub: notification.created', () => {
  it('reaches only the recipient’s streams in the notification’s company', async () => {
    const alice = connect(ids.alice, ids.a);
    const aliceAgain = connect(ids.alice, ids.a);
    const bob = connect(ids.bob, ids.a);
    const carol = connect(ids.carol, ids.b);
    // the recipient's own stream opened in another company is not where this notification lives
    const aliceElsewhere = connect(ids.alice, ids.b);

    const id = await notification(ids.a, ids.alice);
    await announce(id, ids.alice);

    for (const stream of [alice, aliceAgain]) {
      expect(stream.messages).toHaveLength(1);
      expect(stream.messages[0]).toMatchObject({ event: 'notification', data: { id, title: 'Alerta' } });
    }
    expect(bob.messages).toEqual([]);
    expect(carol.messages).toEqual([]);
    expect(aliceElsewhere.messages).toEqual([]);
  });

  it('a colleague’s notification reaches the colleague, not the first user', async () => {
    const alice = connect(ids.alice, ids.a);
    const bob = connect(ids.bob, ids.a);

    const id = await notification(ids.a, ids.bob);
    await announce(id, ids.bob);

    expect(bob.messages.map((m) => [m.event, m.data.id])).toEqual([['notification', id]]);
    expect(alice.messages).toEqual([]);
  });

  it('a notification not shown yet (held by quiet hours) reaches nobody', async () => {
    const alice = connect(ids.alice, ids.a);
    await announce(await notification(ids.a, ids.alice, true), ids.alice);
    expect(alice.messages).toEqual([]);
  });

  it('a reconnect replays the user’s own missed notifications, never another user’s', async () => {
    const alice = connect(ids.alice, ids.a);
    const bob = connect(ids.bob, ids.a);
    await announce(await notification(ids.a, ids.bob), ids.bob);
    const lastSeen = bob.messages[0]!.id;
    bob.connection.close();
    alice.connection.close();

    const forAlice = await notification(ids.a, ids.alice);
    // the hub still follows the company a moment after its last stream closed, so it keeps this one
    await announce(forAlice, ids.alice);

    const bobBack = connect(ids.bob, ids.a, lastSeen);
    const aliceBack = connect(ids.alice, ids.a, lastSeen);
    expect(bobBack.messages).toEqual([]);
    expect(aliceBack.messages.map((m) => [m.event, m.data.id])).toEqual([['notification', forAlice]]);
  });
});
