/**
 * Hand-built reports for the renderers' tests (docs/REPORTS.md "Report files"): a river level point,
 * a canal point and a rain gauge in October 2026, with excluded, null and no-transmission days; the
 * month's operation % is 87.5 (70 of 80 counted days).
 */
import type { DayClass, ExclusionCause } from '@aforo/contracts/daily-summaries';
import {
  operationFormula,
  operationPercent,
  type LevelReport,
  type MonthlyReport,
  type MonthlyRow,
  type OperationCounts,
  type QuarterlyReport,
  type ReportDay,
} from '@aforo/contracts/reports';

export const ebro = {
  id: '0b6a3c52-6f4e-4d0a-9b1e-2c7d5f8a9e01',
  name: 'Confederación Hidrográfica del Ebro',
  timeZone: 'Europe/Madrid',
};
const huesca = { id: '0b6a3c52-6f4e-4d0a-9b1e-2c7d5f8a9e02', name: 'Ayuntamiento de Huesca' };

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

type Code = 'c' | 'i' | 'x' | 'n' | 'e' | '.';
const classOf: Record<Code, DayClass | null> = {
  c: 'correct',
  i: 'intermittent',
  x: 'incorrect',
  n: 'no_transmission',
  e: 'excluded',
  '.': null,
};

/** One day's class per day of the month: `rest` except where `at` (day of month → code) says. */
function pattern(days: number, rest: Code, at: Record<number, Code>): Code[] {
  return Array.from({ length: days }, (_, i) => at[i + 1] ?? rest);
}

interface PointShape {
  name: string;
  unit: string;
  totalKind: 'rain' | null;
  level: number;
  cause?: ExclusionCause;
}

function reportDays(month: string, codes: Code[], shape: PointShape): ReportDay[] {
  return codes.map((code, i) => {
    const day = `${month}-${String(i + 1).padStart(2, '0')}`;
    const value = classOf[code];
    const measured = value !== null && value !== 'no_transmission';
    const base = shape.level + (i % 7) * 0.031;
    const rain = shape.totalKind === 'rain';
    return {
      day,
      class: value,
      exclusion: value === 'excluded' ? (shape.cause ?? 'device_maintenance') : null,
      count: measured ? 144 : 0,
      min: measured && !rain ? Number((base - 0.112).toFixed(3)) : null,
      max: measured && !rain ? Number((base + 0.245).toFixed(3)) : null,
      mean: measured && !rain ? Number(base.toFixed(3)) : null,
      total: rain && measured ? Number(((i % 4) * 1.2).toFixed(1)) : null,
    };
  });
}

function countsOf(days: readonly ReportDay[]): OperationCounts {
  const of = (c: DayClass) => days.filter((d) => d.class === c).length;
  const counts = {
    days: days.filter((d) => d.class !== null).length,
    correct: of('correct'),
    intermittent: of('intermittent'),
    incorrect: of('incorrect'),
    noTransmission: of('no_transmission'),
    excluded: of('excluded'),
  };
  return { ...counts, percent: operationPercent(counts) };
}

function sumCounts(all: readonly OperationCounts[]): OperationCounts {
  const keys = ['days', 'correct', 'intermittent', 'incorrect', 'noTransmission', 'excluded'] as const;
  const sum = Object.fromEntries(keys.map((k) => [k, all.reduce((s, c) => s + c[k], 0)])) as Omit<
    OperationCounts,
    'percent'
  >;
  return { ...sum, percent: operationPercent(sum) };
}

function monthlyRow(n: number, shape: PointShape, codes: Code[], company = ebro): MonthlyRow {
  const days = reportDays('2026-10', codes, shape);
  const measured = days.filter((d) => d.mean !== null);
  const lowest = measured.reduce<ReportDay | null>((a, d) => (a && a.min! <= d.min! ? a : d), null);
  const highest = measured.reduce<ReportDay | null>((a, d) => (a && a.max! >= d.max! ? a : d), null);
  const totals = days.filter((d) => d.total !== null).map((d) => d.total!);
  return {
    pointId: uuid(n),
    name: shape.name,
    companyId: company.id,
    companyName: company.name,
    kind: shape.totalKind ? 'rain_gauge' : 'river',
    port: shape.totalKind ? 'P1' : 'A1',
    unit: shape.unit,
    test: false,
    totalKind: shape.totalKind,
    days,
    counts: countsOf(days),
    level: {
      min: lowest ? { value: lowest.min!, at: `${lowest.day}T04:10:00Z` } : null,
      max: highest ? { value: highest.max!, at: `${highest.day}T16:40:00Z` } : null,
      mean: measured.length
        ? Number((measured.reduce((s, d) => s + d.mean!, 0) / measured.length).toFixed(4))
        : null,
    },
    total: shape.totalKind ? Number(totals.reduce((s, t) => s + t, 0).toFixed(1)) : null,
  };
}

const river: PointShape = { name: 'Río Ebro en Zaragoza', unit: 'm', totalKind: null, level: 2.48 };
const canal: PointShape = {
  name: 'Canal Imperial — Casablanca',
  unit: 'm',
  totalKind: null,
  level: 1.07,
  cause: 'device_decommissioned',
};
const gauge: PointShape = { name: 'Pluviómetro Huesca', unit: 'mm', totalKind: 'rain', level: 0 };

/** The October 2026 report of the Ebro (or of the whole network, where the gauge is Huesca's). */
export function monthlyReportFixture(
  options: { network?: boolean; extraPoints?: number } = {},
): MonthlyReport {
  const { network = false, extraPoints = 0 } = options;
  const rows = [
    monthlyRow(1, river, pattern(31, 'c', { 5: 'e', 6: 'e', 8: 'i', 12: 'n', 15: 'x', 16: 'x', 20: 'i' })),
    monthlyRow(
      2,
      canal,
      pattern(31, 'c', {
        ...{ 1: 'n', 2: 'n', 3: 'n', 4: 'n', 10: 'i', 11: 'i', 12: 'i', 31: 'e' },
        ...{ 20: 'x', 21: 'x', 22: 'x', 23: 'x', 24: 'x', 25: 'x', 26: 'x', 27: 'x' },
      }),
    ),
    // installed on the 3rd: its first two days have no class
    monthlyRow(
      3,
      gauge,
      pattern(31, 'c', { 1: '.', 2: '.', 13: 'n', 14: 'n', 15: 'n' }),
      network ? { ...ebro, ...huesca } : ebro,
    ),
  ];
  for (let n = 0; n < extraPoints; n += 1)
    rows.push(
      monthlyRow(100 + n, { ...river, name: `Punto de control ${n + 1}` }, pattern(31, 'c', { 9: 'n' })),
    );
  return {
    company: network ? null : ebro,
    period: { label: '2026-10', from: '2026-10-01', to: '2026-10-31', open: false },
    generatedAt: '2026-11-01T06:00:00+01:00',
    formula: operationFormula,
    totals: sumCounts(rows.map((r) => r.counts)),
    rows,
  };
}

/** The third quarter of 2026: the river point and the rain gauge, September at 87.5 % on the river. */
export function quarterlyReportFixture(): QuarterlyReport {
  const months = ['2026-07', '2026-08', '2026-09'];
  const riverMonths = [
    pattern(31, 'c', { 3: 'i', 9: 'n', 10: 'n' }),
    pattern(31, 'c', { 1: 'e', 2: 'e', 5: 'i', 6: 'i', 7: 'x', 8: 'x' }),
    pattern(30, 'c', { 1: 'e', 2: 'e', 3: 'n', 4: 'n', 5: 'n', 6: 'n', 7: 'i', 8: 'x', 9: 'x', 10: 'x' }),
  ];
  const gaugeMonths = [
    pattern(31, 'c', {}),
    pattern(31, 'c', { 20: 'n', 21: 'n', 22: 'n', 23: 'n' }),
    pattern(30, 'c', {}),
  ];
  const row = (n: number, shape: PointShape, codes: Code[][]) => {
    const perMonth = months.map((month, i) => reportDays(month, codes[i] ?? [], shape));
    const all = perMonth.flat();
    const mean = (values: (number | null)[]) => {
      const present = values.filter((v): v is number => v !== null);
      return present.length ? Number((present.reduce((s, v) => s + v, 0) / present.length).toFixed(4)) : null;
    };
    const monthRows = perMonth.map((days, i) => ({
      month: months[i] ?? '',
      counts: countsOf(days),
      mean: mean(days.map((d) => d.mean)),
      total: shape.totalKind ? Number(days.reduce((s, d) => s + (d.total ?? 0), 0).toFixed(1)) : null,
    }));
    const monthly = monthRows.map((m) => m.counts.percent);
    return {
      ...monthlyRow(n, shape, []),
      months: monthRows,
      counts: countsOf(all),
      averageDailyMin: mean(all.map((d) => d.min)),
      averageDailyMax: mean(all.map((d) => d.max)),
      averageDailyMean: mean(all.map((d) => d.mean)),
      averageDailyTotal: shape.totalKind ? mean(all.map((d) => d.total)) : null,
      averageMonthlyTotal: shape.totalKind ? mean(monthRows.map((m) => m.total)) : null,
      averageMonthlyPercent: mean(monthly),
    };
  };
  const rows = [row(1, river, riverMonths), row(3, gauge, gaugeMonths)].map(
    ({ days: _days, level: _level, total: _total, ...rest }) => rest,
  );
  return {
    company: ebro,
    period: { label: '2026-Q3', from: '2026-07-01', to: '2026-09-30', open: false },
    generatedAt: '2026-10-01T06:00:00+02:00',
    formula: operationFormula,
    months,
    totals: sumCounts(rows.map((r) => r.counts)),
    rows,
  };
}

/** Ten days of October 2026 on the river point and the rain gauge. */
export function levelReportFixture(options: { network?: boolean } = {}): LevelReport {
  const report = monthlyReportFixture(options);
  const rows = report.rows
    .filter((r) => r.pointId !== uuid(2))
    .map(({ counts: _counts, level: _level, total: _total, ...row }) => {
      const days = row.days.slice(0, 10);
      const mins = days.flatMap((d) => (d.min === null ? [] : [d.min]));
      const maxs = days.flatMap((d) => (d.max === null ? [] : [d.max]));
      const means = days.flatMap((d) => (d.mean === null ? [] : [d.mean]));
      return {
        ...row,
        days,
        min: mins.length ? Math.min(...mins) : null,
        max: maxs.length ? Math.max(...maxs) : null,
        mean: means.length ? Number((means.reduce((s, v) => s + v, 0) / means.length).toFixed(4)) : null,
      };
    });
  return {
    company: report.company,
    period: { label: '2026-10-01/2026-10-10', from: '2026-10-01', to: '2026-10-10', open: false },
    generatedAt: '2026-10-11T09:30:00+02:00',
    formula: operationFormula,
    rows,
  };
}
