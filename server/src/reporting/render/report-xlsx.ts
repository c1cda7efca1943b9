/**
 * The monthly, quarterly and level reports as XLSX (docs/REPORTS.md "Report files"): a summary sheet
 * with the header rows and the per-point table, and a sheet of the points' days (or months).
 */
import type { Language } from '@aforo/contracts/constants';
import type {
  LevelReport,
  LevelRow,
  MonthlyReport,
  MonthlyRow,
  QuarterlyReport,
  QuarterlyRow,
  ReportDay,
} from '@aforo/contracts/reports';
import type { SeriesTotal } from '@aforo/contracts/daily-summaries';
import { reportLabels } from './labels';
import { causeText, classText, dayCell, monthText, totalUnit, type ReportRenderOptions } from './report-text';
import {
  addSheet,
  formats,
  numberCell,
  reportWorkbook,
  unitFormat,
  workbookBuffer,
  writeHeaderRows,
  writeTable,
  writeTotalsRows,
  type SheetColumn,
} from './xlsx-sheet';

type XlsxOptions = Pick<ReportRenderOptions, 'lang'>;
type Point = { name: string; companyName: string; unit: string; totalKind: SeriesTotal | null };

const countKeys = ['days', 'correct', 'intermittent', 'incorrect', 'noTransmission', 'excluded'] as const;

const levelFormat = (row: { unit: string }) => unitFormat(3, row.unit);
const totalFormat = (row: { totalKind: SeriesTotal | null }) => unitFormat(2, totalUnit(row.totalKind));

function pointColumns<Row extends Point>(lang: Language): SheetColumn<Row>[] {
  const labels = reportLabels[lang];
  return [
    { header: labels.point, width: 32, value: (r) => r.name },
    { header: labels.company, width: 28, value: (r) => r.companyName },
  ];
}

/** Counts and operation % of a row's (or a month's) `counts`. */
function countColumns<Row>(lang: Language, counts: (row: Row) => MonthlyRow['counts']): SheetColumn<Row>[] {
  const labels = reportLabels[lang];
  return [
    ...countKeys.map((key) => ({
      header: labels.counts[key],
      width: 12,
      value: (r: Row) => counts(r)[key],
      format: formats.integer,
    })),
    {
      header: labels.percent,
      width: 14,
      value: (r) => numberCell(counts(r).percent),
      format: formats.percent,
    },
  ];
}

/** One row per point-day: its class (translated), cause, measures and figures. */
function dayColumns(lang: Language): SheetColumn<{ point: Point; day: ReportDay }>[] {
  const labels = reportLabels[lang];
  return [
    { header: labels.point, width: 32, value: (r) => r.point.name },
    { header: labels.company, width: 28, value: (r) => r.point.companyName },
    { header: labels.day, width: 12, value: (r) => dayCell(r.day.day), format: formats.date },
    { header: labels.class, width: 16, value: (r) => classText(r.day.class, lang) || null },
    { header: labels.exclusion, width: 26, value: (r) => causeText(r.day.exclusion, lang) || null },
    { header: labels.count, width: 10, value: (r) => r.day.count, format: formats.integer },
    {
      header: labels.min,
      width: 12,
      value: (r) => numberCell(r.day.min),
      format: (r) => levelFormat(r.point),
    },
    {
      header: labels.max,
      width: 12,
      value: (r) => numberCell(r.day.max),
      format: (r) => levelFormat(r.point),
    },
    {
      header: labels.mean,
      width: 12,
      value: (r) => numberCell(r.day.mean),
      format: (r) => levelFormat(r.point),
    },
    {
      header: labels.total,
      width: 12,
      value: (r) => numberCell(r.day.total),
      format: (r) => totalFormat(r.point),
    },
  ];
}

function pointDays<Row extends Point & { days: ReportDay[] }>(rows: readonly Row[]) {
  return rows.flatMap((point) => point.days.map((day) => ({ point, day })));
}

export async function monthlyReportXlsx(report: MonthlyReport, options: XlsxOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const workbook = reportWorkbook(report);
  const summary = addSheet(workbook, labels.sheets.summary);
  writeHeaderRows(summary, 'monthly', report, lang);
  writeTotalsRows(summary, report.totals, lang);
  writeTable<MonthlyRow>(
    summary,
    [
      ...pointColumns<MonthlyRow>(lang),
      ...countColumns<MonthlyRow>(lang, (r) => r.counts),
      {
        header: labels.min,
        width: 12,
        value: (r) => numberCell(r.level.min?.value ?? null),
        format: levelFormat,
      },
      {
        header: labels.max,
        width: 12,
        value: (r) => numberCell(r.level.max?.value ?? null),
        format: levelFormat,
      },
      { header: labels.mean, width: 12, value: (r) => numberCell(r.level.mean), format: levelFormat },
      { header: labels.total, width: 12, value: (r) => numberCell(r.total), format: totalFormat },
    ],
    report.rows,
  );
  writeTable(addSheet(workbook, labels.sheets.days, true), dayColumns(lang), pointDays(report.rows));
  return workbookBuffer(workbook, report);
}

export async function quarterlyReportXlsx(report: QuarterlyReport, options: XlsxOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const workbook = reportWorkbook(report);
  const summary = addSheet(workbook, labels.sheets.summary);
  writeHeaderRows(summary, 'quarterly', report, lang);
  writeTotalsRows(summary, report.totals, lang);
  const monthPercent = (row: QuarterlyRow, month: string) =>
    numberCell(row.months.find((m) => m.month === month)?.counts.percent ?? null);
  writeTable<QuarterlyRow>(
    summary,
    [
      ...pointColumns<QuarterlyRow>(lang),
      ...countColumns<QuarterlyRow>(lang, (r) => r.counts),
      ...report.months.map((month) => ({
        header: `% ${monthText(month, lang, true)}`,
        width: 10,
        value: (r: QuarterlyRow) => monthPercent(r, month),
        format: formats.percent,
      })),
      {
        header: labels.averageMonthlyPercent,
        width: 14,
        value: (r) => numberCell(r.averageMonthlyPercent),
        format: formats.percent,
      },
      {
        header: labels.averageDailyMin,
        width: 14,
        value: (r) => numberCell(r.averageDailyMin),
        format: levelFormat,
      },
      {
        header: labels.averageDailyMax,
        width: 14,
        value: (r) => numberCell(r.averageDailyMax),
        format: levelFormat,
      },
      {
        header: labels.averageDailyMean,
        width: 14,
        value: (r) => numberCell(r.averageDailyMean),
        format: levelFormat,
      },
      {
        header: labels.averageDailyTotal,
        width: 14,
        value: (r) => numberCell(r.averageDailyTotal),
        format: totalFormat,
      },
      {
        header: labels.averageMonthlyTotal,
        width: 14,
        value: (r) => numberCell(r.averageMonthlyTotal),
        format: totalFormat,
      },
    ],
    report.rows,
  );
  type MonthLine = { point: QuarterlyRow; month: QuarterlyRow['months'][number] };
  const lines: MonthLine[] = report.rows.flatMap((point) => point.months.map((month) => ({ point, month })));
  writeTable<MonthLine>(
    addSheet(workbook, labels.sheets.months, true),
    [
      { header: labels.point, width: 32, value: (r) => r.point.name },
      { header: labels.company, width: 28, value: (r) => r.point.companyName },
      {
        header: labels.month,
        width: 10,
        value: (r) => dayCell(`${r.month.month}-01`),
        format: formats.month,
      },
      ...countColumns<MonthLine>(lang, (r) => r.month.counts),
      {
        header: labels.mean,
        width: 12,
        value: (r) => numberCell(r.month.mean),
        format: (r) => levelFormat(r.point),
      },
      {
        header: labels.total,
        width: 12,
        value: (r) => numberCell(r.month.total),
        format: (r) => totalFormat(r.point),
      },
    ],
    lines,
  );
  return workbookBuffer(workbook, report);
}

export async function levelReportXlsx(report: LevelReport, options: XlsxOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const workbook = reportWorkbook(report);
  const summary = addSheet(workbook, labels.sheets.summary);
  writeHeaderRows(summary, 'level', report, lang);
  writeTable<LevelRow>(
    summary,
    [
      ...pointColumns<LevelRow>(lang),
      { header: labels.min, width: 12, value: (r) => numberCell(r.min), format: levelFormat },
      { header: labels.max, width: 12, value: (r) => numberCell(r.max), format: levelFormat },
      { header: labels.mean, width: 12, value: (r) => numberCell(r.mean), format: levelFormat },
    ],
    report.rows,
  );
  writeTable(addSheet(workbook, labels.sheets.days, true), dayColumns(lang), pointDays(report.rows));
  return workbookBuffer(workbook, report);
}
