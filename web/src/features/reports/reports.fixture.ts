/** Reports as the API answers them (contracts/src/reports.ts), for the screens' tests. */
import type { DailySummary } from '@aforo/contracts/daily-summaries';
import type {
  LevelReport,
  MonthlyReport,
  OperationCounts,
  QuarterlyReport,
  ReportDay,
  ReportPoint,
} from '@aforo/contracts/reports';
import { companyA, companyB } from '../../test/fixtures';
import { monthDays } from './report-period';

export const ebroId = '0a000000-0000-4000-8000-00000000000a';
export const lluviaId = '0b000000-0000-4000-8000-00000000000b';

const counts = (c: Partial<OperationCounts>): OperationCounts => ({
  days: 31,
  correct: 0,
  intermittent: 0,
  incorrect: 0,
  noTransmission: 0,
  excluded: 0,
  percent: null,
  ...c,
});

export const ebro: ReportPoint = {
  pointId: ebroId,
  name: 'Ebro en Zaragoza',
  companyId: companyA,
  companyName: 'Aguas del Norte',
  kind: 'river',
  port: 'ai1',
  unit: 'm',
  test: false,
  totalKind: null,
};

export const lluvia: ReportPoint = {
  ...ebro,
  pointId: lluviaId,
  name: 'Pluviómetro Valdespartera',
  companyId: companyB,
  companyName: 'Aguas de Levante',
  kind: 'rain',
  port: 'pulse1',
  unit: 'mm',
  totalKind: 'rain',
};

/** October 2026 of the Ebro: 25 correct, 3 intermittent, 1 incorrect (the 25th), 1 silent, 1 excluded. */
function ebroDays(): ReportDay[] {
  return monthDays('2026-10').map((day, i) => {
    const n = i + 1;
    const cls =
      n === 25
        ? 'incorrect'
        : n === 7
          ? 'no_transmission'
          : n === 12
            ? 'excluded'
            : n <= 3
              ? 'intermittent'
              : 'correct';
    const measured = cls !== 'no_transmission';
    return {
      day,
      class: cls,
      exclusion: cls === 'excluded' ? 'device_maintenance' : null,
      count: measured ? 96 : 0,
      min: measured ? 1.25 : null,
      max: measured ? 2.5 : null,
      mean: measured ? 1.8 : null,
      total: null,
    };
  });
}

export function buildMonthlyReport(overrides: Partial<MonthlyReport> = {}): MonthlyReport {
  const ebroCounts = counts({
    correct: 25,
    intermittent: 3,
    incorrect: 1,
    noTransmission: 1,
    excluded: 1,
    percent: 96.6,
  });
  const rainCounts = counts({ days: 20, correct: 14, incorrect: 2, noTransmission: 4, percent: 87.5 });
  return {
    company: { id: companyA, name: 'Aguas del Norte', timeZone: 'Europe/Madrid' },
    period: { label: '2026-10', from: '2026-10-01', to: '2026-10-31', open: false },
    generatedAt: '2026-11-02T08:00:00.000Z',
    formula: 'operation % = (correct + intermittent) / (days − excluded − no transmission) × 100',
    totals: counts({
      days: 51,
      correct: 39,
      intermittent: 3,
      incorrect: 3,
      noTransmission: 5,
      excluded: 1,
      percent: 93.3,
    }),
    rows: [
      {
        ...ebro,
        days: ebroDays(),
        counts: ebroCounts,
        level: {
          min: { value: 1.25, at: '2026-10-03T04:15:00.000Z' },
          max: { value: 3.75, at: '2026-10-25T14:35:00.000Z' },
          mean: 1.8,
        },
        total: null,
      },
      {
        ...lluvia,
        // the point was created on 12 October: the days before are empty
        days: monthDays('2026-10').map((day, i) => ({
          day,
          class: i < 11 ? null : i < 15 ? 'no_transmission' : 'correct',
          exclusion: null,
          count: i < 15 ? 0 : 96,
          min: null,
          max: null,
          mean: null,
          total: i < 15 ? null : 2.5,
        })),
        counts: rainCounts,
        level: { min: null, max: null, mean: null },
        total: 1234.5,
      },
    ],
    ...overrides,
  };
}

/** The Ebro's 25 October 2026 (the 25-hour day of Madrid's DST end), incorrect on jumps. */
export function buildDaySummary(overrides: Partial<DailySummary> = {}): DailySummary {
  return {
    pointId: ebroId,
    port: 'ai1',
    day: '2026-10-25',
    main: true,
    class: 'incorrect',
    reasons: [{ criterion: 'jumps', count: 11, limit: 11 }],
    exclusion: null,
    count: 90,
    expected: 100,
    hours: 25,
    min: { value: 1.25, at: '2026-10-25T03:15:00.000Z' },
    max: { value: 3.75, at: '2026-10-25T14:35:00.000Z' },
    mean: 2.125,
    first: { value: 1.5, at: '2026-10-24T22:00:00.000Z' },
    last: { value: 2, at: '2026-10-25T22:45:00.000Z' },
    outOfRange: 0,
    jumps: 11,
    longestEqualRun: 2,
    total: null,
    totalKind: null,
    computedAt: '2026-10-26T01:00:00.000Z',
    ...overrides,
  };
}

export function buildQuarterlyReport(overrides: Partial<QuarterlyReport> = {}): QuarterlyReport {
  const months = ['2026-07', '2026-08', '2026-09'];
  const month = (m: string, percent: number | null) => ({
    month: m,
    counts: counts({ percent }),
    mean: 1.5,
    total: null,
  });
  return {
    company: { id: companyA, name: 'Aguas del Norte', timeZone: 'Europe/Madrid' },
    period: { label: '2026-Q3', from: '2026-07-01', to: '2026-09-30', open: false },
    generatedAt: '2026-10-02T08:00:00.000Z',
    formula: '',
    months,
    totals: counts({
      days: 92,
      correct: 80,
      intermittent: 4,
      incorrect: 2,
      noTransmission: 6,
      percent: 97.7,
    }),
    rows: [
      {
        ...ebro,
        months: [month('2026-07', 100), month('2026-08', 92.5), month('2026-09', null)],
        counts: counts({ days: 92, correct: 80, intermittent: 4, percent: 97.7 }),
        averageDailyMin: 1.125,
        averageDailyMax: 2.75,
        averageDailyMean: 1.5,
        averageDailyTotal: null,
        averageMonthlyTotal: null,
        averageMonthlyPercent: 96.25,
      },
    ],
    ...overrides,
  };
}

export function buildLevelReport(overrides: Partial<LevelReport> = {}): LevelReport {
  const days = ['2026-10-01', '2026-10-02', '2026-10-03'];
  return {
    company: { id: companyA, name: 'Aguas del Norte', timeZone: 'Europe/Madrid' },
    period: { label: '2026-10-01/2026-10-03', from: days[0]!, to: days[2]!, open: false },
    generatedAt: '2026-11-02T08:00:00.000Z',
    formula: '',
    rows: [
      {
        ...ebro,
        days: days.map((day, i) => ({
          day,
          class: i === 2 ? null : 'correct',
          exclusion: null,
          count: i === 2 ? 0 : 96,
          min: i === 2 ? null : 1.25 + i,
          max: i === 2 ? null : 2.5 + i,
          mean: i === 2 ? null : 1.875 + i,
          total: null,
        })),
        min: 1.25,
        max: 3.5,
        mean: 2.375,
      },
    ],
    ...overrides,
  };
}
