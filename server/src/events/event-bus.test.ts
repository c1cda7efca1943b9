/**
 * The event bus: only committed changes are heard of, in this process and (PostgreSQL) in others,
 * a process never hears its own messages twice, and a lost listener connection comes back.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createNotifyChannel } from '../db/notify-channel';
import { measurementPoints } from '../db/schema';
import { afterCommit, transactor } from '../db/transaction';
import { buildCompany, buildPoint } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createEventBus, type EventBus } from './event-bus';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
let pointId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const company = await buildCompany(database.db);
  pointId = (await buildPoint(database.db, company.id)).id;
});
afterAll(async () => {
  await database?.close();
});

/** Waits until `ready` holds (the other process's notification travels through PostgreSQL). */
async function eventually(ready: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('after commit, in this process', () => {
  it('calls onNow handlers before publish returns, and once a transaction commits, not before', async () => {
    const bus = createEventBus({ log: silentLog });
    const heard: string[][] = [];
    bus.onNow('user.changed', ({ userIds }) => heard.push(userIds));
    bus.onNow('user.changed', () => {
      throw new Error('a failing handler does not stop the others or the publisher');
    });
    bus.publish('user.changed', { userIds: ['a'] });
    expect(heard).toEqual([['a']]);
    const transact = transactor(database.db, bus);
    await transact(async (tx) => {
      afterCommit(tx, 'user.changed', { userIds: ['b'] });
      expect(heard).toEqual([['a']]);
    });
    expect(heard).toEqual([['a'], ['b']]);
  });

  it('delivers an event queued in a transaction once it commits, when the change is visible', async () => {
    const bus = createEventBus({ log: silentLog });
    const seen: string[] = [];
    bus.on('point.changed', async (e) => {
      const [row] = await database.db
        .select({ name: measurementPoints.name })
        .from(measurementPoints)
        .where(eq(measurementPoints.id, e.pointId));
      seen.push(row!.name);
    });
    const transact = transactor(database.db, bus);
    const name = `Renamed ${randomBytes(3).toString('hex')}`;
    await transact(async (tx) => {
      await tx.update(measurementPoints).set({ name }).where(eq(measurementPoints.id, pointId));
      afterCommit(tx, 'point.changed', { pointId });
      // still inside the transaction: nothing is delivered however long we wait
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual([]);
    });
    await bus.idle();
    expect(seen).toEqual([name]);
  });

  it('drops the events of a transaction that rolls back', async () => {
    const bus = createEventBus({ log: silentLog });
    const seen: string[] = [];
    bus.on('point.changed', (e) => seen.push(e.pointId));
    const transact = transactor(database.db, bus);
    await expect(
      transact(async (tx) => {
        await tx.update(measurementPoints).set({ name: 'never' }).where(eq(measurementPoints.id, pointId));
        afterCommit(tx, 'point.changed', { pointId });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await bus.idle();
    expect(seen).toEqual([]);
  });

  it('refuses afterCommit outside a transaction opened by a transactor', async () => {
    await expect(
      database.db.transaction(async (tx) => afterCommit(tx as never, 'device.changed', { deviceId: 'x' })),
    ).rejects.toThrow(/outside a transaction/);
  });

  it('never runs a subscriber in the publisher’s turn; a failing one does not stop the others', async () => {
    const bus = createEventBus({ log: silentLog });
    const order: string[] = [];
    bus.on('device.changed', () => {
      throw new Error('subscriber bug');
    });
    bus.on('device.changed', async (e) => {
      await new Promise((r) => setTimeout(r, e.deviceId === 'a' ? 30 : 0));
      order.push(e.deviceId);
    });
    bus.publish('device.changed', { deviceId: 'a' });
    bus.publish('device.changed', { deviceId: 'b' });
    expect(order).toEqual([]);
    await bus.idle();
    // one subscription gets its events one at a time, in publish order
    expect(order).toEqual(['a', 'b']);
  });

  it('idle() waits for work a subscriber left running with track(), failed or not', async () => {
    const bus = createEventBus({ log: silentLog });
    const done: string[] = [];
    bus.on('device.changed', (e) => {
      bus.track(
        new Promise((r) => setTimeout(r, 40)).then(() => {
          done.push(e.deviceId);
          if (e.deviceId === 'bad') throw new Error('batch failed');
        }),
      );
    });
    bus.publish('device.changed', { deviceId: 'bad' });
    bus.publish('device.changed', { deviceId: 'good' });
    await bus.idle();
    expect(done.sort()).toEqual(['bad', 'good']);
    await bus.idle();
  });
});

describe.skipIf(!onPostgres)('between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  // a second pool plays the other process; a channel of this file's own keeps other files out
  const channel = `aforo_events_test_${randomBytes(4).toString('hex')}`;
  let other: Database;
  let here: EventBus;
  let there: EventBus;
  const resyncs = { here: 0, there: 0 };

  beforeAll(async () => {
    other = await openDatabase({ url: database.url!, poolSize: 2 });
    const transport = (db: Database) => createNotifyChannel(db, silentLog, { channel, minDelayMs: 20 });
    here = createEventBus({ log: silentLog, transport: transport(database) });
    there = createEventBus({ log: silentLog, transport: transport(other) });
    here.onResync(() => (resyncs.here += 1));
    there.onResync(() => (resyncs.there += 1));
    await Promise.all([here.start(), there.start()]);
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await other?.close();
  });

  it('delivers a committed change to the other process once, and to its own once', async () => {
    const heard = { here: [] as string[], there: [] as string[] };
    const offHere = here.on('point.changed', (e) => heard.here.push(e.pointId));
    const offThere = there.on('point.changed', (e) => heard.there.push(e.pointId));
    await transactor(database.db, here)(async (tx) => afterCommit(tx, 'point.changed', { pointId }));
    await eventually(() => heard.there.length === 1, 'the other process hears it');
    // its own notification came back through PostgreSQL too: it must be ignored
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual({ here: [pointId], there: [pointId] });
    offHere();
    offThere();
  });

  it('keeps measures.committed in the process that wrote the batch', async () => {
    const heard: string[] = [];
    const off = there.on('measures.committed', (e) => heard.push(e.batchId));
    there.on('device.changed', (e) => heard.push(e.deviceId));
    here.publish('measures.committed', { batchId: 'b1', rows: [] });
    here.publish('device.changed', { deviceId: 'd1' });
    await eventually(() => heard.length > 0, 'the device change arrives');
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual(['d1']);
    off();
  });

  it('reconnects a lost listener, reports a resync and hears again', async () => {
    const heard: string[] = [];
    there.on('point.changed', (e) => heard.push(e.pointId));
    const killed = await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'aforo-events' and datname = current_database()`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(2);
    await eventually(() => resyncs.here === 1 && resyncs.there === 1, 'both listeners are back');
    here.publish('point.changed', { pointId: 'after-reconnect' });
    await eventually(() => heard.includes('after-reconnect'), 'heard after the reconnection');
  });
});
