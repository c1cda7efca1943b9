/**
 * The daily-summary engine on a real database (docs/REPORTS.md "Daily summaries"): local days of the
 * company's zone with their 23- and 25-hour DST days, a class at each boundary from stored measures,
 * a maintenance day and a point in test excluded, a hand-computed month's operation %, late data
 * marking its day stale and the recomputation clearing it, and a second run changing nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { buildCompany, buildPoint } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { createDailySummaryEngine } from './daily-summaries';
import { createReportsRepository } from './reports.repository';
import { daysOf, monthlyRows, sumCounts } from './report-builder';
import { createStaleMarker } from './stale-marker';
import { createEventBus } from '../events/event-bus';
import { silentLog } from '../test/ingest-harness';

let database: Database;
let companyId: string;
const tz = 'Europe/Madrid';
const minute = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  companyId = (await buildCompany(database.db, { preferredTimezone: tz })).id;
});
afterAll(async () => {
  await database?.close();
});

const params = { ai1: { label: 'Nivel', operation_mode: 'level' } };
const newPoint = (overrides: Record<string, unknown> = {}) =>
  buildPoint(database.db, companyId, {
    measureTime: 600,
    groundLevel: 10,
    invertLevel: 0,
    parameters: params,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  });

/** Local midnight of a Madrid day, epoch ms. */
async function midnight(day: string): Promise<number> {
  const result = await database.db.execute(
    sql`select (extract(epoch from (${day}::date::timestamp at time zone ${tz})) * 1000)::float8 as ms`,
  );
  const rows =
    (result as { rows?: Array<{ ms: number }> }).rows ?? (result as unknown as Array<{ ms: number }>);
  return Number(rows[0]!.ms);
}

/** Stores values every 10 minutes from `start` on port ai1 of the point. */
async function store(pointId: string, start: number, values: number[], stepMs = 10 * minute) {
  const ts = values.map((_, i) => (start + i * stepMs) / 1000);
  await database.db.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
    select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${pointId}::uuid, v, v, v, 1
    from unnest(${sql.param(ts)}::float8[], ${sql.param(values)}::float8[]) as k(t, v)`);
}

/** A plausible day: 144 distinct values rising slowly, none out of range, no jump, no equal run. */
const calm = (n = 144) => Array.from({ length: n }, (_, i) => 2 + i * 0.001);

async function summaryOf(pointId: string, day: string) {
  const rows = await createReportsRepository(database.db).pointSummaries(pointId, day, day);
  return rows.find((r) => r.main)!;
}

describe('local days of the company', () => {
  it('a 23-hour and a 25-hour day: bounds, hours and the expected count', async () => {
    const point = await newPoint();
    const engine = createDailySummaryEngine(database.db);
    // one value every 10 minutes through 2026-03-28 .. 2026-03-30 and 2026-10-24 .. 2026-10-26
    for (const [first, last] of [
      ['2026-03-28', '2026-03-31'],
      ['2026-10-24', '2026-10-27'],
    ] as const) {
      const start = await midnight(first);
      const stop = await midnight(last);
      await store(
        point.id,
        start,
        calm((stop - start) / (10 * minute)).map((v) => v % 9),
      );
      await engine.compute(companyId, tz, first, last);
    }
    const spring = await summaryOf(point.id, '2026-03-29');
    expect(spring).toMatchObject({ hours: 23, expected: 138, count: 138 });
    expect(spring.firstAt!.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.lastAt!.toISOString()).toBe('2026-03-29T21:50:00.000Z');
    const autumn = await summaryOf(point.id, '2026-10-25');
    expect(autumn).toMatchObject({ hours: 25, expected: 150, count: 150 });
    expect(autumn.firstAt!.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(await summaryOf(point.id, '2026-10-26')).toMatchObject({ hours: 24, expected: 144, count: 144 });
  });
});

describe('classes from stored measures', () => {
  /** A day whose values are calm but for `k` values set by `spoil`. */
  async function dayWith(spoil: (values: number[]) => void) {
    const point = await newPoint();
    const values = calm();
    spoil(values);
    await store(point.id, await midnight('2026-09-10'), values);
    await createDailySummaryEngine(database.db).compute(companyId, tz, '2026-09-10', '2026-09-10', [
      point.id,
    ]);
    return summaryOf(point.id, '2026-09-10');
  }
  // distinct values below the invert level (an equal run would be a second criterion)
  const below = (k: number) => (v: number[]) => {
    for (let i = 0; i < k; i += 1) v[10 + i] = -1 - i * 0.01;
  };
  const jumps = (k: number) => (v: number[]) => {
    for (let i = 0; i < k; i += 1) v[20 + i * 2] = 6; // up 4 m then down 4 m: two jumps a spike
  };
  const equal = (k: number) => (v: number[]) => v.fill(3.5, 50, 50 + k);

  it('out of range 5 / 6 / 9 / 10 → correct / intermittent / intermittent / incorrect', async () => {
    expect((await dayWith(below(5))).class).toBe('correct');
    expect(await dayWith(below(6))).toMatchObject({ class: 'intermittent', outOfRange: 6 });
    expect((await dayWith(below(9))).class).toBe('intermittent');
    const incorrect = await dayWith(below(10));
    expect(incorrect).toMatchObject({
      class: 'incorrect',
      reasons: [{ criterion: 'out_of_range', count: 10, limit: 10 }],
    });
  });

  it('jumps 7 / 8 / 10 / 11 and equal runs 5 / 6 / 9 / 10 at their limits', async () => {
    // a spike makes two jumps: 4 spikes = 8; an odd count ends on a lone step that stays up
    const stepUp = (k: number) => (v: number[]) => {
      jumps(Math.floor(k / 2))(v);
      if (k % 2 === 1) for (let i = 100; i < 144; i += 1) v[i] = 6 + i * 0.001;
    };
    expect(await dayWith(stepUp(7))).toMatchObject({ jumps: 7, class: 'correct' });
    expect(await dayWith(stepUp(8))).toMatchObject({ jumps: 8, class: 'intermittent' });
    expect(await dayWith(stepUp(10))).toMatchObject({ jumps: 10, class: 'intermittent' });
    expect(await dayWith(stepUp(11))).toMatchObject({ jumps: 11, class: 'incorrect' });
    expect(await dayWith(equal(5))).toMatchObject({ longestEqualRun: 5, class: 'correct' });
    expect(await dayWith(equal(6))).toMatchObject({ longestEqualRun: 6, class: 'intermittent' });
    expect(await dayWith(equal(9))).toMatchObject({ longestEqualRun: 9, class: 'intermittent' });
    expect(await dayWith(equal(10))).toMatchObject({ longestEqualRun: 10, class: 'incorrect' });
  });

  it('a day without values is no transmission', async () => {
    expect(await dayWith((v) => v.splice(0))).toMatchObject({ class: 'no_transmission', count: 0 });
  });
});

describe('excluded days and the operation %', () => {
  it('a hand-computed October: 20 correct, 3 intermittent, 2 incorrect, 4 silent, 2 in maintenance → 92 %', async () => {
    const point = await newPoint();
    const days = daysOf('2026-10-01', '2026-10-31');
    const plan = [
      ...Array<string>(20).fill('correct'),
      ...Array<string>(3).fill('intermittent'),
      ...Array<string>(2).fill('incorrect'),
      ...Array<string>(4).fill('silent'),
      ...Array<string>(2).fill('maintenance'),
    ];
    for (const [i, day] of days.entries()) {
      const kind = plan[i]!;
      if (kind === 'silent') continue;
      const values = calm(day === '2026-10-25' ? 150 : 144);
      if (kind === 'intermittent') values.fill(3.5, 30, 37);
      if (kind === 'incorrect') values.fill(-2, 30, 45);
      await store(point.id, await midnight(day), values);
    }
    // the device went into maintenance on the 30th at 10:00 local and came back on the 31st at 09:00
    const deviceId = await installedDevice(point.id);
    await stateChange(deviceId, point.id, 'Active', 'Maintenance', '2026-10-30T09:00:00Z');
    await stateChange(deviceId, point.id, 'Maintenance', 'Repaired', '2026-10-31T08:00:00Z');
    await createDailySummaryEngine(database.db).compute(companyId, tz, '2026-10-01', '2026-10-31', [
      point.id,
    ]);
    const repo = createReportsRepository(database.db);
    const summaries = await repo.mainSummaries([companyId], '2026-10-01', '2026-10-31');
    const points = (await repo.points([companyId], '2026-10-01', '2026-10-31')).filter(
      (p) => p.id === point.id,
    );
    const [row] = monthlyRows(points, summaries, days);
    expect(row!.counts).toEqual({
      days: 31,
      correct: 20,
      intermittent: 3,
      incorrect: 2,
      noTransmission: 4,
      excluded: 2,
      percent: 92,
    });
    expect(row!.days[29]).toMatchObject({ class: 'excluded', exclusion: 'device_maintenance' });
    expect(sumCounts([row!.counts]).percent).toBe(92);
  });

  it('a point in test: every day excluded with its cause', async () => {
    const point = await newPoint({ test: true });
    await store(point.id, await midnight('2026-09-12'), calm());
    await createDailySummaryEngine(database.db).compute(companyId, tz, '2026-09-12', '2026-09-13', [
      point.id,
    ]);
    expect(await summaryOf(point.id, '2026-09-12')).toMatchObject({
      class: 'excluded',
      exclusion: 'point_test',
      count: 144,
    });
    expect(await summaryOf(point.id, '2026-09-13')).toMatchObject({
      class: 'excluded',
      exclusion: 'point_test',
      count: 0,
    });
  });
});

describe('late data', () => {
  it('marks its computed day stale; ensure recomputes it; a second run changes nothing', async () => {
    const point = await newPoint();
    const engine = createDailySummaryEngine(database.db);
    await store(point.id, await midnight('2026-11-02'), calm());
    await engine.ensure(companyId, tz, '2026-11-01', '2026-11-03');
    expect((await summaryOf(point.id, '2026-11-01')).class).toBe('no_transmission');
    const events = createEventBus({ log: silentLog });
    const marker = createStaleMarker({ db: database.db, events, log: silentLog });
    const late = (await midnight('2026-11-01')) + 8 * 3_600_000;
    await store(point.id, late, [2.2, 2.3]);
    events.publish('measures.committed', {
      batchId: randomUUID(),
      rows: [{ deviceId: randomUUID(), port: 'ai1', pointId: point.id, ms: late, interpreted: 2.2, flag: 1 }],
    });
    await marker.idle();
    const stale = await database.db.execute(
      sql`select day::text as day from daily_summary_stale where point_id = ${point.id}`,
    );
    const staleRows =
      (stale as { rows?: Array<{ day: string }> }).rows ?? (stale as unknown as Array<{ day: string }>);
    expect(staleRows.map((r) => r.day)).toEqual(['2026-11-01']);
    const before = await summaryOf(point.id, '2026-11-02');
    await engine.ensure(companyId, tz, '2026-11-01', '2026-11-03');
    expect(await summaryOf(point.id, '2026-11-01')).toMatchObject({ class: 'correct', count: 2 });
    const cleared = await database.db.execute(
      sql`select count(*)::int as n from daily_summary_stale where point_id = ${point.id}`,
    );
    const n = ((cleared as { rows?: Array<{ n: number }> }).rows ??
      (cleared as unknown as Array<{ n: number }>))[0]!.n;
    expect(n).toBe(0);
    // nothing new: the other days are not computed again
    await engine.ensure(companyId, tz, '2026-11-01', '2026-11-03');
    expect((await summaryOf(point.id, '2026-11-02')).computedAt).toEqual(before.computedAt);
    marker.close();
  });

  it('live values of today mark nothing', async () => {
    const point = await newPoint();
    const marker = createStaleMarker({
      db: database.db,
      events: createEventBus({ log: silentLog }),
      log: silentLog,
    });
    await marker.mark([{ pointId: point.id, ms: Date.now() - minute }]);
    const result = await database.db.execute(
      sql`select count(*)::int as n from daily_summary_stale where point_id = ${point.id}`,
    );
    expect(
      ((result as { rows?: Array<{ n: number }> }).rows ?? (result as unknown as Array<{ n: number }>))[0]!.n,
    ).toBe(0);
    marker.close();
  });
});

async function installedDevice(pointId: string): Promise<string> {
  const { buildCatalogue, buildDevice } = await import('../test/factories');
  const catalogue = await buildCatalogue(database.db);
  const device = await buildDevice(database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state: 'Active',
    companyId,
    measurementPointId: pointId,
  });
  return device.id;
}

async function stateChange(deviceId: string, pointId: string, from: string, to: string, at: string) {
  await database.db.execute(sql`
    insert into device_state_history (device_id, from_state, to_state, at, point_id)
    values (${deviceId}, ${from}, ${to}, ${at}::timestamptz, ${pointId})`);
}
