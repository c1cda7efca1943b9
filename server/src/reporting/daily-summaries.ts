/**
 * The daily-summary engine (docs/REPORTS.md "When summaries are computed"): computes a company's
 * finished local days — every point, every series — and keeps them: the job after each local
 * midnight, and any read that finds a finished day not computed yet or made stale by late data.
 * Computing a day again gives the same rows (idempotent), so the job, a read and a retry may all do it.
 */
import type { ExclusionCause } from '@aforo/contracts/daily-summaries';
import { classifyDay, expectedCount, sumOf, summariseDay, type DaySummary } from './day-summary';
import {
  createDailySummariesRepository,
  type ExcludingState,
  type SeriesDay,
  type SummaryPoint,
  type SummaryRow,
} from './daily-summaries.repository';
import { seriesOfPoint } from './series-of-point';
import type { Db } from '../db/client';
import { addDays } from '../lib/local-days';
import { daysOf } from './report-builder';

/** How far back the job computes days nobody computed yet (a month and some). */
export const backfillDays = 35;
/** The most days one computation reads at once. */
const computeWindowDays = 31;

const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));

/**
 * The cause that excludes a point-day, if any: the point in test, else a device state that day, else
 * an exclusion agreed with the client.
 */
function exclusionOf(
  point: SummaryPoint,
  states: ExcludingState[],
  agreed: boolean,
  [start, stop]: [number, number],
): ExclusionCause | null {
  if (point.test) return 'point_test';
  let cause: ExclusionCause | null = null;
  for (const s of states) {
    if (s.pointId !== point.id) continue;
    const until = s.until ? s.until.getTime() : Infinity;
    if (s.from.getTime() >= stop || until <= start) continue;
    if (s.state === 'Maintenance') return 'device_maintenance';
    cause = 'device_decommissioned';
  }
  return cause ?? (agreed ? 'agreed' : null);
}

/** One stored row of a point's series-day. */
function rowOf(
  companyId: string,
  point: SummaryPoint,
  port: string,
  day: string,
  bounds: [number, number],
  series: SeriesDay | undefined,
  exclusion: ExclusionCause | null,
): SummaryRow {
  const info = seriesOfPoint(point);
  const totalKind = port === '' ? null : info.totalKindOf(port);
  const dayMs = bounds[1] - bounds[0];
  const values = series ? series.ts.map((ts, i) => ({ ts, value: series.values[i] ?? null })) : [];
  const levelBounds = totalKind
    ? { groundLevel: null, invertLevel: null }
    : { groundLevel: point.groundLevel, invertLevel: point.invertLevel };
  const s: DaySummary = summariseDay(values, levelBounds, expectedCount(dayMs, point.measureTime));
  const counted = totalKind ? { ...s, jumps: 0, longestEqualRun: 0 } : s;
  const classified = classifyDay(counted, exclusion);
  return {
    pointId: point.id,
    port,
    day,
    companyId,
    main: port === info.main,
    class: classified.class,
    reasons: classified.reasons,
    exclusion: classified.exclusion,
    count: s.count,
    expected: s.expected,
    hours: dayMs / 3_600_000,
    min: s.min?.value ?? null,
    minAt: at(s.min?.ts),
    max: s.max?.value ?? null,
    maxAt: at(s.max?.ts),
    mean: s.mean,
    first: s.first?.value ?? null,
    firstAt: at(s.first?.ts),
    last: s.last?.value ?? null,
    lastAt: at(s.last?.ts),
    outOfRange: counted.outOfRange,
    jumps: counted.jumps,
    longestEqualRun: counted.longestEqualRun,
    total: totalKind ? sumOf(values.map((v) => v.value)) : null,
    totalKind,
  };
}

export function createDailySummaryEngine(db: Db) {
  const repo = createDailySummariesRepository(db);

  /**
   * Computes the company's days in [from, to] for its points (or `pointIds`) and stores them. A
   * point-day before the point existed is stored only when it has values (data imported later). Days
   * whose measures retention removed are never computed again: they keep the rows they had (their
   * stale marks are dropped), so a closed month's figures cannot change for want of measures.
   */
  async function compute(
    companyId: string,
    tz: string,
    requestedFrom: string,
    to: string,
    pointIds?: string[],
  ): Promise<number> {
    let from = requestedFrom;
    const keptFrom = await repo.firstKeptDay(companyId, tz);
    if (keptFrom !== null && from < keptFrom) {
      await repo.clearStaleBefore(companyId, keptFrom);
      if (to < keptFrom) return 0;
      from = keptFrom;
    }
    const days = daysOf(from, to);
    // whole-company runs mark the days computed first (see markComputed); point runs keep the mark
    const since = await repo.markComputed(companyId, days);
    const points = await repo.points(companyId, tz, from, to, pointIds);
    const ids = points.map((p) => p.id);
    const midnights = await repo.midnights(tz, from, to);
    const series = await repo.seriesDays(ids, tz, from, to);
    const range = [midnights.get(from)![0], midnights.get(to)![1]];
    const states = await repo.excludingStates(ids, new Date(range[0]!), new Date(range[1]!));
    const agreed = await repo.agreedExclusions(ids, from, to);
    const byKey = new Map(series.map((s) => [`${s.pointId}|${s.port}|${s.day}`, s]));
    const measured = new Map<string, Set<string>>();
    for (const s of series) {
      const key = `${s.pointId}|${s.day}`;
      if (!measured.has(key)) measured.set(key, new Set());
      measured.get(key)!.add(s.port);
    }
    const rows: SummaryRow[] = [];
    for (const point of points) {
      const info = seriesOfPoint(point);
      for (const day of days) {
        const bounds = midnights.get(day)!;
        const ports = measured.get(`${point.id}|${day}`);
        const existed = point.createdAt.getTime() < bounds[1];
        const deleted = point.deletedAt !== null && point.deletedAt.getTime() <= bounds[0];
        if ((!existed || deleted) && !ports) continue;
        const all = new Set([...info.ports, ...(ports ?? [])]);
        if (!all.has(info.main)) all.add(info.main);
        const exclusion = exclusionOf(point, states, agreed.has(`${point.id}|${day}`), bounds);
        for (const port of all)
          rows.push(
            rowOf(companyId, point, port, day, bounds, byKey.get(`${point.id}|${port}|${day}`), exclusion),
          );
      }
    }
    await repo.replace(companyId, ids, days, rows, since);
    return rows.length;
  }

  /** Computes the days of [from, last] never computed, in windows of a month (memory stays bounded). */
  async function computeMissing(companyId: string, tz: string, from: string, last: string): Promise<void> {
    const done = await repo.computedDays(companyId, from, last);
    let runStart: string | null = null;
    for (let d = from; d <= addDays(last, 1); d = addDays(d, 1)) {
      const missing = d <= last && !done.has(d);
      if (missing && runStart === null) runStart = d;
      const full = runStart !== null && addDays(runStart, computeWindowDays) <= d;
      if (runStart !== null && (!missing || full)) {
        await compute(companyId, tz, runStart, addDays(d, -1));
        runStart = missing ? d : null;
      }
    }
  }

  /** Recomputes the point-days of [from, last] that late data made stale. */
  async function recomputeStale(companyId: string, tz: string, from: string, last: string): Promise<void> {
    const stale = await repo.staleDays(companyId, from, last);
    const byDay = new Map<string, string[]>();
    for (const s of stale) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s.pointId]);
    for (const [day, ids] of byDay) await compute(companyId, tz, day, day, ids);
  }

  /**
   * Makes [from, to] ∩ finished days of the company current: computes the days never computed and
   * recomputes the stale point-days. Returns the last finished day (yesterday, local).
   */
  async function ensure(companyId: string, tz: string, from: string, to: string): Promise<string> {
    const yesterday = addDays(await repo.today(tz), -1);
    const last = to < yesterday ? to : yesterday;
    if (from > last) return yesterday;
    await computeMissing(companyId, tz, from, last);
    await recomputeStale(companyId, tz, from, last);
    return yesterday;
  }

  return {
    compute,
    ensure,
    timeZone: repo.timeZone,
    /** The job's round: every company's finished days of the last `backfillDays` and the stale ones. */
    async runAll(): Promise<void> {
      for (const company of await repo.companiesWithPoints()) {
        const today = await repo.today(company.timeZone);
        await ensure(company.id, company.timeZone, addDays(today, -backfillDays), addDays(today, -1));
        // stale days older than the backfill window too: late data of any age is counted
        await recomputeStale(company.id, company.timeZone, '1900-01-01', addDays(today, -backfillDays - 1));
      }
    },
  };
}

export type DailySummaryEngine = ReturnType<typeof createDailySummaryEngine>;
