/**
 * The alert engine over the real write path: a device publishes through a real MQTT client
 * (mosquitto_pub) to the embedded broker, the batch commits, the engine evaluates it. Stopping an
 * engine and starting another stands for a process restart: only the database carries over.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, measurementPoints, measures, seriesLatest } from '../db/schema';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { createBatchWriter } from '../ingestion/writer';
import { createAlertEngine, type AlertEngine } from './alert-engine';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let h: IngestHarness;
let engine: AlertEngine | undefined;
const changed: string[] = [];

beforeAll(async () => {
  h = await startIngestHarness();
  h.events.on('alert.changed', ({ alertId }) => void changed.push(alertId));
});
afterAll(async () => {
  await engine?.close();
  await h?.close();
});

// each test on fresh half-minutes, newer than the last test's, all within the point's "now" window
// (2 × transmission time + 5 min): older values would be recorded late
let tick = Math.floor(Date.now() / 1000) - 20 * 60;
const nextT = () => (tick += 30);
/** The harness's 4-20 mA port reads 0 → 10 m: the current that reads `level` metres. */
const mA = (level: number) => 4 + (level * 16) / 10;

async function publish(...levels: (number | 'fault')[]) {
  const measures = levels.map((l) => ({ port: 'ai1', t: nextT(), v: l === 'fault' ? 3.5 : mA(l) }));
  const body = JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: tick,
    measures,
  });
  const res = await h.pub(body);
  expect(res.code).toBe(0);
}

function start() {
  // as main.ts does: the process's writer tells the engine whether it writes alone
  engine = createAlertEngine({
    database: h.database,
    events: h.events,
    log: silentLog,
    writers: h.ingestion.presence,
  });
  return engine;
}

const seriesAlerts = () =>
  h.database.db
    .select()
    .from(alerts)
    .where(eq(alerts.pointId, h.pointId))
    .orderBy(asc(alerts.openedAt), asc(alerts.type));

async function setPoint(values: Partial<typeof measurementPoints.$inferInsert>) {
  await h.database.db.update(measurementPoints).set(values).where(eq(measurementPoints.id, h.pointId));
}

beforeEach(async () => {
  await h.database.db.delete(alerts);
  await setPoint({ alertValue: 4, warningValue: 3, alertOnDelay: 1, alertOffDelay: 1, test: false });
  changed.length = 0;
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('alert engine', () => {
  it('a river through warning and danger and back: one WARNING, one DANGER, both cleared', async () => {
    const e = start();
    // as main.ts does: on PGlite the rounds then trust the rows they are told of
    await e.catchUp();
    await publish(2, 2.5, 3.1, 3.5);
    await publish(4.2, 4.6, 4.1);
    await e.idle();
    let rows = await seriesAlerts();
    expect(rows.map((a) => [a.type, a.level, a.clearedAt === null])).toEqual([
      ['WARNING', 'WARNING', true],
      ['DANGER', 'DANGER', true],
    ]);
    const [latest] = await h.database.db
      .select()
      .from(seriesLatest)
      .where(eq(seriesLatest.pointId, h.pointId));
    expect(latest!.alertLevel).toBe('DANGER');

    await publish(3.95, 3.5, 2.9, 2.5);
    await e.idle();
    rows = await seriesAlerts();
    expect(rows).toHaveLength(2);
    expect(rows.every((a) => a.clearedAt !== null && !a.late && !a.muted)).toBe(true);
    expect(rows.find((a) => a.type === 'DANGER')!.clearedValue).toBeCloseTo(3.5, 6);
    expect(rows.find((a) => a.type === 'WARNING')!.clearedValue).toBeCloseTo(2.9, 6);
    const [after] = await h.database.db
      .select()
      .from(seriesLatest)
      .where(eq(seriesLatest.pointId, h.pointId));
    expect(after!.alertLevel).toBe('OK');
    // each alert announced when it opened and when it cleared
    await h.events.idle();
    expect(new Set(changed)).toEqual(new Set(rows.map((a) => a.id)));
  });

  it('on-delay survives a restart between two samples: no lost counter, no double alert', async () => {
    await setPoint({ alertOnDelay: 2, warningValue: null });
    const first = start();
    await publish(2);
    await publish(4.5);
    await first.idle();
    expect(await seriesAlerts()).toEqual([]);
    await first.close();

    const second = start();
    await publish(4.6);
    await second.idle();
    const rows = await seriesAlerts();
    expect(rows.map((a) => [a.type, a.openedValue])).toEqual([['DANGER', expect.closeTo(4.6, 6)]]);
  });

  it('stores each series memory with every round, and writes a removed one again', async () => {
    await setPoint({ warningValue: null, alertOnDelay: 2 });
    const e = start();
    await e.catchUp();
    const stored = async () => {
      const result = await h.database.db.execute(
        sql`select state from alert_series_states where point_id = ${h.pointId} and port = 'ai1'`,
      );
      return (result as unknown as { rows: Array<{ state: { lastTs: number; open: string[] } }> }).rows[0]
        ?.state;
    };
    await publish(2, 4.5);
    await e.idle();
    expect(await stored()).toMatchObject({ lastTs: tick * 1000, open: [] });
    // a removed row (a clean-up) is written again; on PGlite, where the engine keeps the memory in
    // the process, whole (the on-delay's first sample counted), on PostgreSQL from scratch
    await h.database.db.execute(sql`delete from alert_series_states where point_id = ${h.pointId}`);
    await publish(4.6);
    await e.idle();
    const open = onPostgres ? [] : ['DANGER'];
    expect(await stored()).toMatchObject({ lastTs: tick * 1000, open });
    expect((await seriesAlerts()).map((a) => a.type)).toEqual(open);
  });

  it('a value ends its point’s NO_TRANSMISSION: one stored before the engine started, one announced while it runs', async () => {
    const silence = async () => {
      const at = new Date(tick * 1000 - 60_000);
      const [row] = await h.database.db
        .insert(alerts)
        .values({
          companyId: h.companyId,
          pointId: h.pointId,
          port: null,
          type: 'NO_TRANSMISSION',
          level: 'NO_TRANSMISSION',
          openedAt: at,
          lastAt: at,
        })
        .returning();
      return row!.id;
    };
    const clearedAt = async (id: string) =>
      (await h.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]!.clearedAt;
    const before = await silence();
    const e = start();
    await e.catchUp();
    await publish(2);
    await e.idle();
    expect((await clearedAt(before))?.getTime()).toBe(tick * 1000);

    // the round knows which points may be silent from alert.changed: once the point is known clear
    // (the round after the clear's own event), its rounds and events of other types cost no update
    await publish(2.05);
    await e.idle();
    const unannounced = await silence();
    await publish(2.1);
    await e.idle();
    expect(await clearedAt(unannounced)).toBeNull();
    h.events.publish('alert.changed', { alertId: unannounced, pointId: h.pointId, type: 'DANGER' });
    await h.events.idle();
    await publish(2.2);
    await e.idle();
    expect(await clearedAt(unannounced)).toBeNull();
    h.events.publish('alert.changed', { alertId: unannounced, pointId: h.pointId, type: 'NO_TRANSMISSION' });
    await h.events.idle();
    await publish(2.3);
    await e.idle();
    expect((await clearedAt(unannounced))?.getTime()).toBe(tick * 1000);
  });

  it('measures committed while no engine ran are evaluated by the next one, in order, once', async () => {
    await setPoint({ warningValue: null });
    const first = start();
    await publish(2);
    await first.idle();
    await first.close();
    engine = undefined;
    // "crashed" between commit and evaluation: nobody evaluates these
    await publish(4.5, 4.7);
    const second = start();
    expect(await second.catchUp()).toBeGreaterThanOrEqual(1);
    await publish(4.8);
    await second.idle();
    const rows = await seriesAlerts();
    expect(rows.map((a) => [a.type, a.count, a.clearedAt])).toEqual([['DANGER', 1, null]]);
    expect(rows[0]!.openedValue).toBeCloseTo(4.5, 6);
  });

  it('a sensor fault (3.5 mA) opens OUT_OF_RANGE; a point in test records its alerts muted', async () => {
    await setPoint({ test: true, alertValue: null, warningValue: null });
    const e = start();
    await publish(2, 'fault');
    await e.idle();
    const rows = await seriesAlerts();
    // 3.5 mA is below NAMUR's 3.8: flag 4, the converted value kept for the record
    expect(rows.map((a) => [a.type, a.level, a.muted, a.openedValue])).toEqual([
      ['OUT_OF_RANGE', 'OUT_OF_RANGE', true, expect.closeTo(-0.3125, 6)],
    ]);
    await publish(2);
    await e.idle();
    const [cleared] = await h.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.pointId, h.pointId), eq(alerts.type, 'OUT_OF_RANGE')));
    expect(cleared!.clearedAt).not.toBeNull();
  });

  it('a round reads no further than its own rows: a batch committed before it but announced after is evaluated in order, not recorded late', async () => {
    await setPoint({ alertOnDelay: 3, warningValue: null });
    // B (newer values) commits while no engine listens: its announcement is sent by hand below
    const tA = [nextT(), nextT()];
    await publish(2, 4.5, 2);
    const bRows = await h.database.db
      .select()
      .from(measures)
      .where(eq(measures.pointId, h.pointId))
      .orderBy(asc(measures.ts));
    const b = bRows.filter((m) => m.ts.getTime() > tA[1]! * 1000);
    expect(b).toHaveLength(3);
    const e = start();
    // A: two older values, published through the broker and evaluated in their own round
    const body = JSON.stringify({
      v: 1,
      product: h.productCode,
      model: h.modelName,
      serial: h.device.serial,
      msg_seq: 2,
      measures: tA.map((t) => ({ port: 'ai1', t, v: mA(4.2) })),
    });
    expect((await h.pub(body)).code).toBe(0);
    await e.idle();
    h.events.publish('measures.committed', {
      batchId: 'b',
      rows: b.map((m) => ({
        deviceId: m.deviceId,
        port: m.port,
        pointId: m.pointId,
        ms: m.ts.getTime(),
        interpreted: m.interpreted,
        flag: m.flag,
      })),
    });
    await e.idle();
    // in measurement order 4.2, 4.2, 2, 4.5, 2 never holds danger for 3 samples: no alert at all
    // (read as "older than the evaluated time", 4.5 used to be recorded as a late DANGER)
    expect(await seriesAlerts()).toEqual([]);
  });

  it('one batch opening, clearing and opening again, and a fault repeating: applied in order', async () => {
    await setPoint({ warningValue: null });
    const e = start();
    await publish(4.5, 2, 4.6, 'fault', 'fault', 'fault', 2);
    await e.idle();
    const rows = await seriesAlerts();
    // 4.5 opens, 2 clears, 4.6 opens again; the faults open one OUT_OF_RANGE counted 3 times (no
    // level: the thresholds skip them); the last 2 clears both
    expect(rows.map((a) => [a.type, a.count, a.openedValue, a.clearedValue])).toEqual([
      ['DANGER', 1, expect.closeTo(4.5, 6), expect.closeTo(2, 6)],
      ['DANGER', 1, expect.closeTo(4.6, 6), expect.closeTo(2, 6)],
      ['OUT_OF_RANGE', 3, expect.closeTo(-0.3125, 6), expect.closeTo(2, 6)],
    ]);
  });

  it('a series colour left unwritten by a crash (written after the round) is repaired at start', async () => {
    await setPoint({ warningValue: null });
    const first = start();
    await publish(4.5);
    await first.idle();
    await first.close();
    engine = undefined;
    const colour = async () =>
      (await h.database.db.select().from(seriesLatest).where(eq(seriesLatest.pointId, h.pointId)))[0]!
        .alertLevel;
    expect(await colour()).toBe('DANGER');
    // the "crash": the alert committed, its colour did not
    await h.database.db
      .update(seriesLatest)
      .set({ alertLevel: 'OK' })
      .where(eq(seriesLatest.pointId, h.pointId));
    await start().catchUp();
    expect(await colour()).toBe('DANGER');
  });

  it('a value arriving out of order is evaluated in measurement order (late-history.test.ts)', async () => {
    await setPoint({ warningValue: null });
    const e = start();
    const early = nextT();
    await publish(2, 2.1);
    await e.idle();
    const body = JSON.stringify({
      v: 1,
      product: h.productCode,
      model: h.modelName,
      serial: h.device.serial,
      msg_seq: 1,
      measures: [{ port: 'ai1', t: early, v: mA(4.4) }],
    });
    expect((await h.pub(body)).code).toBe(0);
    await e.idle();
    const rows = await seriesAlerts();
    // 4.4 before 2 and 2.1: a DANGER that the 2 right after it cleared (it used to be a late record)
    expect(rows.map((a) => [a.type, a.late, a.openedAt.getTime(), a.clearedAt?.getTime()])).toEqual([
      ['DANGER', false, early * 1000, (early + 30) * 1000],
    ]);
  });
  it.runIf(onPostgres)(
    "while another process writes, a round reads back the rows it stored in the round's range (not trusted as its own)",
    async () => {
      await setPoint({ warningValue: null });
      const e = start();
      await e.catchUp();
      await publish(2);
      await publish(2.1);
      await e.idle();
      // another process's writer (its own presence, no announcement to this engine) stores a danger
      // value older than this process's next one
      const other = createBatchWriter(h.database, silentLog);
      try {
        const t = nextT();
        const ack = await other.submit({
          serial: h.device.serial,
          msgSeq: t,
          measures: [
            {
              deviceId: h.device.id,
              port: 'ai1',
              epoch: t,
              pointId: h.pointId,
              direct: mA(4.6),
              adjusted: 4.6,
              interpreted: 4.6,
              flag: 1,
              topic: null,
              index: 0,
            },
          ],
          events: [],
          failures: [],
          status: null,
          error: null,
          rejected: [],
        });
        expect(ack.accepted).toBe(1);
        await publish(4.7);
        await e.idle();
      } finally {
        await other.close();
      }
      const rows = await seriesAlerts();
      // evaluated in order from the other process's 4.6: trusting its own 4.7 alone would open at 4.7
      expect(rows.map((a) => [a.type, a.late])).toEqual([['DANGER', false]]);
      expect(rows[0]!.openedValue).toBeCloseTo(4.6, 6);
    },
  );
});
