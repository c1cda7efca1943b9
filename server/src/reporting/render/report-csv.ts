/**
 * The reports as CSV (docs/REPORTS.md "Report files"): machine headers and codes like the other CSV
 * exports (lib/table-export.ts), the chosen separator and decimal mark, UTF-8 with a byte-order mark.
 */
import type {
  LevelReport,
  MonthlyReport,
  OperationCounts,
  QuarterlyReport,
  ReportDay,
} from '@aforo/contracts/reports';
import { csvLine, type CsvValue } from '../../lib/csv-writer';
import { exportNumber } from '../../lib/table-export';
import type { ReportRenderOptions } from './report-text';

type CsvOptions = Pick<ReportRenderOptions, 'separator' | 'decimal'>;
type Point = { pointId: string; name: string; companyName: string; unit: string; days: ReportDay[] };

const number = (value: number | null) => (value === null ? null : exportNumber(value));

function csvText(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  options: CsvOptions,
): string {
  const line = (values: readonly CsvValue[]) => csvLine(values, options.separator, options.decimal);
  // the byte-order mark tells spreadsheets the file is UTF-8 (accents in Spanish names)
  return `\uFEFF${line(header)}${rows.map(line).join('')}`;
}

export const dayCsvHeader = [
  'point_id',
  'point',
  'company',
  'day',
  'class',
  'exclusion',
  'count',
  'min',
  'max',
  'mean',
  'total',
  'unit',
] as const;

/** One line per point-day: YYYY-MM-DD, the class and exclusion cause as codes, empty for none. */
function dayRows(points: readonly Point[]): CsvValue[][] {
  return points.flatMap((point) =>
    point.days.map((day) => [
      point.pointId,
      point.name,
      point.companyName,
      day.day,
      day.class,
      day.exclusion,
      day.count,
      number(day.min),
      number(day.max),
      number(day.mean),
      number(day.total),
      point.unit,
    ]),
  );
}

export function monthlyReportCsv(report: MonthlyReport, options: CsvOptions): string {
  return csvText(dayCsvHeader, dayRows(report.rows), options);
}

export function levelReportCsv(report: LevelReport, options: CsvOptions): string {
  return csvText(dayCsvHeader, dayRows(report.rows), options);
}

const countHeader = [
  'days',
  'correct',
  'intermittent',
  'incorrect',
  'no_transmission',
  'excluded',
  'percent',
];

function countValues(c: OperationCounts): CsvValue[] {
  return [c.days, c.correct, c.intermittent, c.incorrect, c.noTransmission, c.excluded, number(c.percent)];
}

/** The quarter's months are month1..month3 (their YYYY-MM in the monthN column), so scripts keep one header. */
export function quarterlyReportCsv(report: QuarterlyReport, options: CsvOptions): string {
  const monthFields = ['', '_percent', '_mean', '_total'];
  const header = [
    'point_id',
    'point',
    'company',
    ...countHeader,
    ...report.months.flatMap((_, i) => monthFields.map((field) => `month${i + 1}${field}`)),
    'average_monthly_percent',
    'average_daily_min',
    'average_daily_max',
    'average_daily_mean',
    'average_daily_total',
    'average_monthly_total',
    'unit',
  ];
  const rows = report.rows.map((row) => [
    row.pointId,
    row.name,
    row.companyName,
    ...countValues(row.counts),
    ...report.months.flatMap((month) => {
      const figures = row.months.find((m) => m.month === month);
      return [
        month,
        number(figures?.counts.percent ?? null),
        number(figures?.mean ?? null),
        number(figures?.total ?? null),
      ];
    }),
    number(row.averageMonthlyPercent),
    number(row.averageDailyMin),
    number(row.averageDailyMax),
    number(row.averageDailyMean),
    number(row.averageDailyTotal),
    number(row.averageMonthlyTotal),
    row.unit,
  ]);
  return csvText(header, rows, options);
}
