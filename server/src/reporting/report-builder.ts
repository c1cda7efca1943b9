/**
 * The reports from the stored daily summaries (docs/REPORTS.md): pure functions, so the screen, the
 * files and the API answer are the same figures. Only a point's main series counts; a day with no
 * summary (not finished yet, or before the point existed) has no class and counts nowhere.
 */
import type { DayClass, ExclusionCause, SeriesTotal } from '@aforo/contracts/daily-summaries';
import {
  operationPercent,
  type LevelRow,
  type MonthlyRow,
  type OperationCounts,
  type QuarterlyRow,
  type ReportDay,
  type ReportPoint,
} from '@aforo/contracts/reports';
import type { Language } from '@aforo/contracts/constants';
import type { ReportPointRow, SummaryReadRow } from './reports.repository';
import { sumOf } from './day-summary';
import { seriesOfPoint } from './series-of-point';
import { addDays } from '../lib/local-days';

export const operationFormulas: Record<Language, string> = {
  es: '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
  en: 'operation % = (correct + intermittent) / (days − excluded − no transmission) × 100',
};

type Counts = Omit<OperationCounts, 'percent'>;
const zero = (): Counts => ({
  days: 0,
  correct: 0,
  intermittent: 0,
  incorrect: 0,
  noTransmission: 0,
  excluded: 0,
});
const withPercent = (c: Counts): OperationCounts => ({ ...c, percent: operationPercent(c) });

function add(c: Counts, cls: DayClass): void {
  c.days += 1;
  if (cls === 'correct') c.correct += 1;
  else if (cls === 'intermittent') c.intermittent += 1;
  else if (cls === 'incorrect') c.incorrect += 1;
  else if (cls === 'no_transmission') c.noTransmission += 1;
  else c.excluded += 1;
}

/** Adds counts (totals over points, a quarter over its months). */
export function sumCounts(all: readonly Omit<OperationCounts, 'percent'>[]): OperationCounts {
  const c = zero();
  for (const x of all) {
    c.days += x.days;
    c.correct += x.correct;
    c.intermittent += x.intermittent;
    c.incorrect += x.incorrect;
    c.noTransmission += x.noTransmission;
    c.excluded += x.excluded;
  }
  return withPercent(c);
}

/** Every day of [from, to], YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function reportPointOf(p: ReportPointRow): ReportPoint {
  const info = seriesOfPoint(p);
  return {
    pointId: p.id,
    name: p.name,
    companyId: p.companyId,
    companyName: p.companyName,
    kind: p.kind,
    port: info.main,
    unit: info.main ? info.unitOf(info.main) : p.unit,
    test: p.test,
    totalKind: (info.main ? info.totalKindOf(info.main) : null) as SeriesTotal | null,
  };
}

function reportDay(day: string, s: SummaryReadRow | undefined): ReportDay {
  return {
    day,
    class: (s?.class as DayClass | undefined) ?? null,
    exclusion: (s?.exclusion as ExclusionCause | null | undefined) ?? null,
    count: s?.count ?? 0,
    min: s?.min ?? null,
    max: s?.max ?? null,
    mean: s?.mean ?? null,
    total: s?.total ?? null,
  };
}

/** The figures of a point over some of its days. */
function figuresOf(rows: readonly SummaryReadRow[]) {
  const counts = zero();
  let min: SummaryReadRow | null = null;
  let max: SummaryReadRow | null = null;
  let sum = 0;
  let n = 0;
  const measured = rows.filter((r) => r.count > 0);
  for (const r of rows) add(counts, r.class as DayClass);
  const totals = rows.map((r) => r.total).filter((v): v is number => v !== null);
  const total = totals.length > 0 ? sumOf(totals) : null;
  for (const r of measured) {
    if (r.min !== null && (min === null || r.min < min.min!)) min = r;
    if (r.max !== null && (max === null || r.max > max.max!)) max = r;
    if (r.mean !== null) {
      sum += r.mean * r.count;
      n += r.count;
    }
  }
  const avg = (pick: (r: SummaryReadRow) => number | null) => {
    const values = measured.map(pick).filter((v): v is number => v !== null);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  return {
    counts: withPercent(counts),
    level: {
      min: min ? { value: min.min!, at: min.minAt!.toISOString() } : null,
      max: max ? { value: max.max!, at: max.maxAt!.toISOString() } : null,
      mean: n > 0 ? sum / n : null,
    },
    total,
    averageDailyMin: avg((r) => r.min),
    averageDailyMax: avg((r) => r.max),
    averageDailyMean: avg((r) => r.mean),
    averageDailyTotal: avg((r) => r.total),
  };
}

/** Summaries grouped by point, keyed by day. */
export function byPoint(rows: readonly SummaryReadRow[]): Map<string, Map<string, SummaryReadRow>> {
  const map = new Map<string, Map<string, SummaryReadRow>>();
  for (const r of rows) {
    if (!map.has(r.pointId)) map.set(r.pointId, new Map());
    map.get(r.pointId)!.set(r.day, r);
  }
  return map;
}

export function monthlyRows(
  points: readonly ReportPointRow[],
  summaries: readonly SummaryReadRow[],
  days: readonly string[],
): MonthlyRow[] {
  const grouped = byPoint(summaries);
  return points.map((p) => {
    const own = grouped.get(p.id) ?? new Map<string, SummaryReadRow>();
    const f = figuresOf([...own.values()]);
    const point = reportPointOf(p);
    return {
      ...point,
      days: days.map((d) => reportDay(d, own.get(d))),
      counts: f.counts,
      level: point.totalKind ? { min: null, max: null, mean: null } : f.level,
      total: point.totalKind ? (f.total ?? 0) : null,
    };
  });
}

export function quarterlyRows(
  points: readonly ReportPointRow[],
  summaries: readonly SummaryReadRow[],
  months: readonly string[],
): QuarterlyRow[] {
  const grouped = byPoint(summaries);
  return points.map((p) => {
    const own = [...(grouped.get(p.id)?.values() ?? [])];
    const point = reportPointOf(p);
    const whole = figuresOf(own);
    const perMonth = months.map((month) => {
      const f = figuresOf(own.filter((r) => r.day.startsWith(month)));
      return { month, counts: f.counts, mean: f.level.mean, total: point.totalKind ? f.total : null };
    });
    const percents = perMonth.map((m) => m.counts.percent).filter((v): v is number => v !== null);
    const totals = perMonth.filter((m) => m.counts.days > 0 && m.total !== null).map((m) => m.total!);
    const mean = (v: number[]) => (v.length > 0 ? v.reduce((a, b) => a + b, 0) / v.length : null);
    const level = !point.totalKind;
    return {
      ...point,
      months: perMonth,
      counts: whole.counts,
      averageDailyMin: level ? whole.averageDailyMin : null,
      averageDailyMax: level ? whole.averageDailyMax : null,
      averageDailyMean: level ? whole.averageDailyMean : null,
      averageDailyTotal: level ? null : whole.averageDailyTotal,
      averageMonthlyTotal: level ? null : mean(totals),
      averageMonthlyPercent: mean(percents),
    };
  });
}

export function levelRows(
  points: readonly ReportPointRow[],
  summaries: readonly SummaryReadRow[],
  days: readonly string[],
): LevelRow[] {
  const grouped = byPoint(summaries);
  return points.map((p) => {
    const own = grouped.get(p.id) ?? new Map<string, SummaryReadRow>();
    const f = figuresOf([...own.values()]);
    const lows = [...own.values()].map((r) => r.min).filter((v): v is number => v !== null);
    const highs = [...own.values()].map((r) => r.max).filter((v): v is number => v !== null);
    return {
      ...reportPointOf(p),
      days: days.map((d) => reportDay(d, own.get(d))),
      min: lows.length > 0 ? Math.min(...lows) : null,
      max: highs.length > 0 ? Math.max(...highs) : null,
      mean: f.averageDailyMean,
    };
  });
}
