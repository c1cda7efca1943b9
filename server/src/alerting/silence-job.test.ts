import { createLocalBus } from '../events/event-bus';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { alerts, devices, incidents, measurementPoints, seriesLatest } from '../db/schema';
import { buildCatalogue, buildCompany, buildDevice, buildPoint } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { checkSilence } from './silence-job';

let database: Database;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const minute = 60_000;
// 15-minute transmission: the window is 2 × 15 + 5 = 35 min
const window = 35 * minute;
const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  database = await openTestDatabase();
  catalogue = await buildCatalogue(database.db);
});
afterAll(() => database.close());

/** A company with `n` installed points, each last heard `heardAgo` ms ago (null: never). */
async function network(n: number, heardAgo: (i: number) => number | null, state = 'Active') {
  const db = database.db;
  const company = await buildCompany(db);
  const points: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const point = await buildPoint(db, company.id, { transmissionTime: 900, measureTime: 300 });
    const device = await buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId: company.id,
      measurementPointId: point.id,
      state,
    });
    const heard = heardAgo(i);
    if (heard === null)
      await db
        .update(devices)
        .set({ updatedAt: ago(2 * window) })
        .where(eq(devices.id, device.id));
    else
      await db.insert(seriesLatest).values({
        pointId: point.id,
        port: 'ai1',
        deviceId: device.id,
        ts: ago(heard),
        interpreted: 1,
        flag: 1,
        updatedAt: ago(heard),
      });
    points.push(point.id);
  }
  return { companyId: company.id, points };
}

const silenceOf = (pointId: string) =>
  database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.pointId, pointId), eq(alerts.type, 'NO_TRANSMISSION')));

beforeEach(async () => {
  const db = database.db;
  await db.delete(alerts);
  await db.delete(incidents);
  await db.delete(seriesLatest);
  await db.update(devices).set({ measurementPointId: null, state: 'Inactive' });
});

describe('no transmission', () => {
  it('opens NO_TRANSMISSION at the deadline for a silent point, once, and not before', async () => {
    // a busy network around it: no outage
    const busy = await network(10, () => minute);
    const { points } = await network(2, (i) => (i === 0 ? window + 5 * minute : window - minute));
    const first = await checkSilence(database.db, createLocalBus(), now);
    expect(first.opened).toBe(1);
    const [alert] = await silenceOf(points[0]!);
    expect(alert).toMatchObject({ level: 'NO_TRANSMISSION', port: null, muted: false, incidentId: null });
    expect(alert!.openedAt.toISOString()).toBe(ago(5 * minute).toISOString());
    expect(await silenceOf(points[1]!)).toEqual([]);
    expect(await silenceOf(busy.points[0]!)).toEqual([]);
    // the next runs add nothing; the other point crosses its deadline two minutes later
    expect((await checkSilence(database.db, createLocalBus(), now)).opened).toBe(0);
    expect(
      (await checkSilence(database.db, createLocalBus(), new Date(now.getTime() + 2 * minute))).opened,
    ).toBe(1);
  });

  it('a DANGER point that goes silent stays DANGER and gains NO_TRANSMISSION; its colour is the worse', async () => {
    await network(10, () => minute);
    const { points, companyId } = await network(1, () => window + minute);
    await database.db.insert(alerts).values({
      companyId,
      pointId: points[0]!,
      port: 'ai1',
      type: 'DANGER',
      level: 'DANGER',
      openedAt: ago(window + 2 * minute),
      lastAt: ago(window + 2 * minute),
    });
    await checkSilence(database.db, createLocalBus(), now);
    const active = await database.db
      .select({ type: alerts.type })
      .from(alerts)
      .where(and(eq(alerts.pointId, points[0]!), isNull(alerts.clearedAt)));
    expect(active.map((a) => a.type).sort()).toEqual(['DANGER', 'NO_TRANSMISSION']);
    const [latest] = await database.db
      .select()
      .from(seriesLatest)
      .where(eq(seriesLatest.pointId, points[0]!));
    expect(latest!.alertLevel).toBe('DANGER');
  });

  it('a point never heard counts from its device; test points and maintenance record muted alerts', async () => {
    await network(10, () => minute);
    const never = await network(1, () => null);
    const maintenance = await network(1, () => window + minute, 'Maintenance');
    const test = await network(1, () => window + minute);
    await database.db
      .update(measurementPoints)
      .set({ test: true })
      .where(eq(measurementPoints.id, test.points[0]!));
    await checkSilence(database.db, createLocalBus(), now);
    expect((await silenceOf(never.points[0]!))[0]!.muted).toBe(false);
    expect((await silenceOf(maintenance.points[0]!))[0]!.muted).toBe(true);
    expect((await silenceOf(test.points[0]!))[0]!.muted).toBe(true);
  });

  it('a device leaving its point clears the point’s NO_TRANSMISSION', async () => {
    await network(10, () => minute);
    const { points } = await network(1, () => window + minute);
    await checkSilence(database.db, createLocalBus(), now);
    await database.db
      .update(devices)
      .set({ measurementPointId: null, state: 'Inactive' })
      .where(eq(devices.measurementPointId, points[0]!));
    expect((await checkSilence(database.db, createLocalBus(), now)).cleared).toBe(1);
    expect((await silenceOf(points[0]!))[0]!.clearedAt).not.toBeNull();
  });
});

describe('outage awareness', () => {
  it('more than 30 % of a company silent together opens one incident; its alerts carry it; it ends', async () => {
    await network(10, () => minute); // another company, busy: ingestion is alive
    const { companyId, points } = await network(5, (i) => (i < 2 ? window + minute : minute));
    const result = await checkSilence(database.db, createLocalBus(), now);
    expect(result.incidentsStarted).toBe(0); // 2 of 5: under the floor of 3 points
    await database.db.delete(alerts);
    const big = await network(6, (i) => (i < 3 ? window + 2 * minute : minute));
    const second = await checkSilence(database.db, createLocalBus(), now);
    expect(second.incidentsStarted).toBe(1);
    const [incident] = await database.db
      .select()
      .from(incidents)
      .where(eq(incidents.companyId, big.companyId));
    expect(incident).toMatchObject({
      kind: 'mass_silence',
      silentPoints: 3,
      watchedPoints: 6,
      endedAt: null,
    });
    const held = await silenceOf(big.points[0]!);
    expect(held[0]!.incidentId).toBe(incident!.id);
    // the first company's silent points are not part of it
    expect((await silenceOf(points[0]!))[0]!.incidentId).toBeNull();
    expect(companyId).not.toBe(big.companyId);
    // two of the three come back: 1 of 6 silent, the incident ends
    await database.db
      .update(seriesLatest)
      .set({ updatedAt: now })
      .where(eq(seriesLatest.pointId, big.points[0]!));
    await database.db
      .update(seriesLatest)
      .set({ updatedAt: now })
      .where(eq(seriesLatest.pointId, big.points[1]!));
    expect((await checkSilence(database.db, createLocalBus(), now)).incidentsEnded).toBe(1);
  });

  it('ingestion silent as a whole opens the system incident and ties every new silence to it', async () => {
    const { points } = await network(4, (i) => (i === 0 ? window + minute : 11 * minute));
    const result = await checkSilence(database.db, createLocalBus(), now);
    expect(result.incidentsStarted).toBe(1);
    const [incident] = await database.db.select().from(incidents).where(isNull(incidents.companyId));
    expect(incident!.kind).toBe('ingestion_silent');
    expect((await silenceOf(points[0]!))[0]!.incidentId).toBe(incident!.id);
    await database.db
      .update(seriesLatest)
      .set({ updatedAt: now })
      .where(eq(seriesLatest.pointId, points[1]!));
    expect((await checkSilence(database.db, createLocalBus(), now)).incidentsEnded).toBe(1);
  });
});
