/**
 * Alert history follows measurement time across messages (docs/ALERTS.md "Late measures"), over the
 * real write path: a device publishes through MQTT, the engine evaluates, notifying routes. Danger 8,
 * warning 6, deadband 2 % (DANGER clears below 7.84, WARNING below 5.88); times in minutes from t0.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alerts,
  logEntries,
  measurementPoints,
  notificationDeliveries,
  notifications,
  seriesLatest,
} from '../db/schema';
import { createNotifying, type Notifying } from '../notifying/notifying';
import { buildNotificationConfig, buildUser } from '../test/factories';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { createAlertEngine, type AlertEngine } from './alert-engine';

let h: IngestHarness;
let engine: AlertEngine;
let notifying: Notifying;
let chief: string;
/** The harness's 4-20 mA port reads 0 → 10 m: the current that reads `level` metres. */
const mA = (level: number) => 4 + (level * 16) / 10;
const minute = 60;
let seq = 0;

async function send(t0: number, ...measures: Array<[minutes: number, level: number]>) {
  const body = JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: (seq += 1),
    measures: measures.map(([m, level]) => ({ port: 'ai1', t: t0 + m * minute, v: mA(level) })),
  });
  expect((await h.pub(body)).code).toBe(0);
  await engine.idle();
  await h.events.idle();
}

const history = async () =>
  (
    await h.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.pointId, h.pointId))
      .orderBy(asc(alerts.openedAt), asc(alerts.type))
  ).map((a) => ({
    id: a.id,
    type: a.type,
    opened: a.openedAt.getTime(),
    openedValue: Number(a.openedValue?.toFixed(3)),
    cleared: a.clearedAt?.getTime() ?? null,
    clearedValue: a.clearedValue === null ? null : Number(a.clearedValue.toFixed(3)),
    late: a.late,
  }));

/** The chief's notifications, as "alert id:kind" (one per alert and transition when nothing repeats). */
const told = async () =>
  (await h.database.db.select().from(notifications).where(eq(notifications.userId, chief)))
    .map((n) => `${n.alertId}:${n.kind}`)
    .sort();
const deliveries = async () =>
  (
    await h.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.companyId, h.companyId))
  )
    .map((d) => `${d.alertId}:${d.kind}:${d.channel}:${d.recipientUserId}`)
    .sort();

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.database.db;
  chief = (await buildUser(db, { companyId: h.companyId, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
  await buildNotificationConfig(db, h.companyId, {
    name: 'Crecidas',
    alertTypes: ['WARNING', 'DANGER'],
    roles: ['ROLE_CHIEF_CLIENTE'],
    email: true,
    notifyResolved: true,
  });
  // jumps and the expected range left wide: only the two levels speak here
  await db
    .update(measurementPoints)
    .set({
      alertValue: 8,
      warningValue: 6,
      alertDeadband: null,
      defaultAmountGapMeasureExceed: 100,
      transmissionTime: 4 * 3600,
      parameters: { ai1: { active: true, value_4mA: 0, value_20mA: 10 } },
    })
    .where(eq(measurementPoints.id, h.pointId));
  engine = createAlertEngine({ database: h.database, events: h.events, log: silentLog });
  await engine.catchUp();
  notifying = createNotifying({ database: h.database, events: h.events, log: silentLog, pollMs: 100 });
  notifying.start();
});
afterAll(async () => {
  await engine?.close();
  await notifying?.close();
  await h?.close();
});
async function setPoint(values: Partial<typeof measurementPoints.$inferInsert>) {
  await h.database.db.update(measurementPoints).set(values).where(eq(measurementPoints.id, h.pointId));
  // as the points API does: the engine's cached rules of the point are dropped
  h.events.publish('point.changed', { pointId: h.pointId });
  await h.events.idle();
}

beforeEach(async () => {
  const db = h.database.db;
  await setPoint({ alertOnDelay: 1 });
  await db.delete(notificationDeliveries).where(eq(notificationDeliveries.companyId, h.companyId));
  await db.delete(notifications).where(eq(notifications.companyId, h.companyId));
  await db.delete(alerts).where(eq(alerts.pointId, h.pointId));
});

// whole minutes; each test after the previous one's measures, all within the point's no-transmission
// window (2 × 4 h + 5 min) so that alerts are news
const now = Math.floor(Date.now() / 60_000) * 60;
const ms = (t: number, minutes: number) => (t + minutes * minute) * 1000;

describe('a late measure within the window rewrites the series’ history by measurement time', () => {
  it('(a) 6.5, 5.0, 5.1, 5.2 then 9.0 in between: DANGER opens at t0+10 and clears at t0+20 by 5.1', async () => {
    const t0 = now - 400 * minute;
    await send(t0, [-10, 6.5]);
    await send(t0, [0, 5.0]);
    await send(t0, [20, 5.1]);
    await send(t0, [40, 5.2]);
    const before = await history();
    expect(before.map((a) => [a.type, a.opened, a.cleared])).toEqual([['WARNING', ms(t0, -10), ms(t0, 0)]]);
    const toldBefore = await told();
    expect(toldBefore).toEqual([`${before[0]!.id}:firing`, `${before[0]!.id}:resolved`].sort());
    const deliveredBefore = await deliveries();

    await send(t0, [10, 9.0]);
    const after = await history();
    expect(after.map(({ id: _, ...a }) => a)).toEqual([
      {
        type: 'WARNING',
        opened: ms(t0, -10),
        openedValue: 6.5,
        cleared: ms(t0, 0),
        clearedValue: 5,
        late: false,
      },
      {
        type: 'DANGER',
        opened: ms(t0, 10),
        openedValue: 9,
        cleared: ms(t0, 20),
        clearedValue: 5.1,
        late: false,
      },
      {
        type: 'WARNING',
        opened: ms(t0, 10),
        openedValue: 9,
        cleared: ms(t0, 20),
        clearedValue: 5.1,
        late: false,
      },
    ]);
    expect(after[0]!.id).toBe(before[0]!.id);
    // the first WARNING is not told again; the two new alerts are told as they opened and cleared
    const [, danger, warning] = after;
    const news = [danger!, warning!].flatMap((a) => [`${a.id}:firing`, `${a.id}:resolved`]);
    expect(await told()).toEqual([...toldBefore, ...news].sort());
    const deliveredAfter = await deliveries();
    for (const d of deliveredBefore) expect(deliveredAfter.filter((x) => x === d)).toHaveLength(1);
    expect(deliveredAfter.filter((d) => d.startsWith(before[0]!.id))).toEqual(
      deliveredBefore.filter((d) => d.startsWith(before[0]!.id)),
    );
    // the series' colour and memory follow: nothing open, the memory at t0+40
    const stored = (await h.database.db.execute(
      sql`select state from alert_series_states where point_id = ${h.pointId}`,
    )) as unknown as { rows: Array<{ state: { lastTs: number; open: string[] } }> };
    expect(stored.rows[0]!.state).toMatchObject({ lastTs: ms(t0, 40), open: [] });
    const [latest] = await h.database.db
      .select()
      .from(seriesLatest)
      .where(eq(seriesLatest.pointId, h.pointId));
    expect(latest!.alertLevel).toBe('OK');
    // the new alerts are in the history of changes (the engine's, no user)
    const entries = await h.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.entityType, 'alert'), eq(logEntries.entityId, danger!.id)));
    expect(entries.map((e) => [e.action, e.userId]).sort()).toEqual([
      ['alert_clear', null],
      ['alert_open', null],
    ]);
  });

  it('(b) 9.0, 9.1, 9.2 then 7.0 in between: the first DANGER clears at t0+10 and a new one opens at t0+20; nothing told twice', async () => {
    const t0 = now - 300 * minute;
    await send(t0, [0, 9.0]);
    await send(t0, [20, 9.1]);
    await send(t0, [40, 9.2]);
    const before = await history();
    expect(before.map((a) => [a.type, a.opened, a.cleared])).toEqual([
      ['DANGER', ms(t0, 0), null],
      ['WARNING', ms(t0, 0), null],
    ]);
    const [danger, warning] = before;
    const toldBefore = await told();
    expect(toldBefore).toEqual([`${danger!.id}:firing`, `${warning!.id}:firing`].sort());
    const deliveredBefore = await deliveries();

    await send(t0, [10, 7.0]);
    const after = await history();
    // 7.0 is a WARNING for its time: the WARNING goes on, the DANGER ends and starts again
    expect(after.map(({ id: _, ...a }) => a)).toEqual([
      {
        type: 'DANGER',
        opened: ms(t0, 0),
        openedValue: 9,
        cleared: ms(t0, 10),
        clearedValue: 7,
        late: false,
      },
      { type: 'WARNING', opened: ms(t0, 0), openedValue: 9, cleared: null, clearedValue: null, late: false },
      {
        type: 'DANGER',
        opened: ms(t0, 20),
        openedValue: 9.1,
        cleared: null,
        clearedValue: null,
        late: false,
      },
    ]);
    expect([after[0]!.id, after[1]!.id]).toEqual([danger!.id, warning!.id]);
    const second = after[2]!;
    // told: the first DANGER's end and the second's start; the first's start and the WARNING's, once
    expect(await told()).toEqual([...toldBefore, `${danger!.id}:resolved`, `${second.id}:firing`].sort());
    const deliveredAfter = await deliveries();
    for (const d of deliveredBefore) expect(deliveredAfter.filter((x) => x === d)).toHaveLength(1);
    expect(new Set(deliveredAfter).size).toBe(deliveredAfter.length);
    expect(deliveredAfter.filter((d) => d.startsWith(`${warning!.id}:`))).toEqual(
      deliveredBefore.filter((d) => d.startsWith(`${warning!.id}:`)),
    );
  });

  it('on-delay 2: a late value that breaks the run withdraws the alert (deleted, its notice kept unlinked); one that completes it earlier keeps the alert', async () => {
    await setPoint({ alertOnDelay: 2 });
    const t0 = now - 200 * minute;
    await send(t0, [0, 5.0]);
    await send(t0, [20, 6.5], [30, 6.6]);
    const [warning] = await history();
    expect(warning).toMatchObject({ type: 'WARNING', opened: ms(t0, 30) });
    expect(await told()).toEqual([`${warning!.id}:firing`]);
    // 6.4 at t0+10 completes the run earlier: the same alert, opened at t0+20, not told again
    await send(t0, [10, 6.4]);
    expect((await history()).map((a) => [a.id, a.type, a.opened])).toEqual([
      [warning!.id, 'WARNING', ms(t0, 20)],
    ]);
    expect(await told()).toEqual([`${warning!.id}:firing`]);
    // 5.0 at t0+25 breaks it: 6.4, 6.5 open at t0+20, 5.0 clears at t0+25, 6.6 alone opens nothing
    await send(t0, [25, 5.0]);
    expect((await history()).map((a) => [a.id, a.opened, a.cleared])).toEqual([
      [warning!.id, ms(t0, 20), ms(t0, 25)],
    ]);
    await send(t0, [15, 5.0]);
    // 6.4, 5.0, 6.5, 5.0, 6.6: never two in a row — the alert is gone from the history
    expect(await history()).toEqual([]);
    const notices = await h.database.db.select().from(notifications).where(eq(notifications.userId, chief));
    expect(notices.map((n) => [n.kind, n.alertId])).toEqual(
      expect.arrayContaining([
        ['firing', null],
        ['resolved', null],
      ]),
    );
    const [deleted] = await h.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.entityId, warning!.id), eq(logEntries.action, 'delete')));
    expect(deleted!.userId).toBeNull();
  });

  it('a late value more than 48 h before the series’ evaluated time is recorded late, as before', async () => {
    const t0 = now - 5 * minute;
    await send(t0, [0, 5.0]);
    const old = t0 - 49 * 60 * minute;
    await send(old, [0, 9.0]);
    expect((await history()).map((a) => [a.type, a.late, a.opened, a.cleared])).toEqual([
      ['DANGER', true, ms(old, 0), ms(old, 0)],
      ['WARNING', true, ms(old, 0), ms(old, 0)],
    ]);
    expect(await told()).toEqual([]);
  });
});
