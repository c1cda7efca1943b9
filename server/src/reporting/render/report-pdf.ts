/**
 * The monthly, quarterly and level reports as PDF (docs/REPORTS.md "Report files"): the header with
 * the formula and the counts behind it, then the per-point table; pure functions of the report.
 */
import type { Language } from '@aforo/contracts/constants';
import type {
  LevelReport,
  LevelRow,
  MonthlyReport,
  MonthlyRow,
  OperationCounts,
  QuarterlyReport,
  QuarterlyRow,
  ReportDay,
} from '@aforo/contracts/reports';
import { reportLabels, type ReportLabels } from './labels';
import {
  contentWidth,
  drawHeading,
  drawReportHeader,
  fonts,
  ink,
  pageSize,
  pdfSafe,
  renderPdf,
  type Pdf,
} from './pdf-document';
import { drawClassStrip, drawLegend, stripHeight } from './pdf-strip';
import { drawTable, type PdfColumn } from './pdf-table';
import {
  causeText,
  classText,
  countText,
  levelText,
  monthText,
  percentText,
  pointText,
  shortDate,
  totalText,
  type ReportRenderOptions,
} from './report-text';

type PdfOptions = Pick<ReportRenderOptions, 'lang'>;
type Point = { name: string; test: boolean; companyName: string };

const countKeys = ['correct', 'intermittent', 'incorrect', 'noTransmission', 'excluded'] as const;

function pointColumns<Row extends Point>(network: boolean, lang: Language): PdfColumn<Row>[] {
  const labels = reportLabels[lang];
  const point: PdfColumn<Row> = { header: labels.point, text: (row) => pointText(row, lang) };
  if (!network) return [point];
  return [point, { header: labels.company, width: 110, text: (row) => row.companyName }];
}

function right<Row>(header: string, width: number, text: (row: Row) => string): PdfColumn<Row> {
  return { header, width, align: 'right', text };
}

/** The report's counts and operation %, under the header. */
function drawTotals(doc: Pdf, totals: OperationCounts, labels: ReportLabels, lang: Language): void {
  drawHeading(doc, labels.totals);
  const columns: PdfColumn<OperationCounts>[] = [
    right(labels.counts.days, 90, (c) => countText(c.days, lang)),
    ...countKeys.map((key) => right(labels.counts[key], 90, (c: OperationCounts) => countText(c[key], lang))),
    right(labels.percent, 90, (c) => percentText(c.percent, lang)),
  ];
  drawTable(doc, columns, [totals]);
}

/** Each point's excluded days with their cause, for the billing record. */
function drawExcludedDays(doc: Pdf, rows: readonly MonthlyRow[], labels: ReportLabels, lang: Language): void {
  const lines = rows.flatMap((row) => {
    const byCause = new Map<string, string[]>();
    for (const day of row.days.filter((d: ReportDay) => d.class === 'excluded')) {
      const cause = causeText(day.exclusion, lang) || classText('excluded', lang);
      byCause.set(cause, [...(byCause.get(cause) ?? []), shortDate(day.day)]);
    }
    return [...byCause].map(([cause, days]) => `${pointText(row, lang)} — ${cause}: ${days.join(', ')}`);
  });
  if (lines.length === 0) return;
  drawHeading(doc, labels.excludedDays);
  doc.font(fonts.regular).fontSize(8).fillColor(ink.text);
  for (const line of lines) doc.text(pdfSafe(line), pageSize.margin, doc.y, { width: contentWidth });
}

export function monthlyReportPdf(report: MonthlyReport, options: PdfOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const columns: PdfColumn<MonthlyRow>[] = [
    ...pointColumns<MonthlyRow>(report.company === null, lang),
    ...countKeys.map((key) =>
      right(labels.counts[key], 56, (r: MonthlyRow) => countText(r.counts[key], lang)),
    ),
    right(labels.percent, 46, (r) => percentText(r.counts.percent, lang)),
    right(labels.min, 52, (r) => levelText(r.level.min?.value ?? null, r.unit, lang)),
    right(labels.max, 52, (r) => levelText(r.level.max?.value ?? null, r.unit, lang)),
    right(labels.mean, 52, (r) => levelText(r.level.mean, r.unit, lang)),
    right(labels.total, 60, (r) => totalText(r.total, r.totalKind, lang)),
  ];
  const meta = { kind: 'monthly' as const, header: report, lang };
  return renderPdf(meta, (doc) => {
    drawReportHeader(doc, meta);
    drawTotals(doc, report.totals, labels, lang);
    drawLegend(doc, lang);
    drawTable(doc, columns, report.rows, {
      below: { height: stripHeight, draw: (d, row, x, y) => drawClassStrip(d, row.days, x, y) },
    });
    drawExcludedDays(doc, report.rows, labels, lang);
  });
}

export function quarterlyReportPdf(report: QuarterlyReport, options: PdfOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const monthPercent = (row: QuarterlyRow, month: string) =>
    row.months.find((m) => m.month === month)?.counts.percent ?? null;
  const columns: PdfColumn<QuarterlyRow>[] = [
    ...pointColumns<QuarterlyRow>(report.company === null, lang),
    ...report.months.map((month) =>
      right(`% ${monthText(month, lang, true)}`, 46, (r: QuarterlyRow) =>
        percentText(monthPercent(r, month), lang),
      ),
    ),
    right(`${labels.percent} (${labels.quarter.toLowerCase()})`, 58, (r) =>
      percentText(r.counts.percent, lang),
    ),
    right(labels.averageMonthlyPercent, 54, (r) => percentText(r.averageMonthlyPercent, lang)),
    right(labels.averageDailyMin, 60, (r) => levelText(r.averageDailyMin, r.unit, lang)),
    right(labels.averageDailyMax, 60, (r) => levelText(r.averageDailyMax, r.unit, lang)),
    right(labels.averageDailyMean, 60, (r) => levelText(r.averageDailyMean, r.unit, lang)),
    right(labels.averageDailyTotal, 62, (r) => totalText(r.averageDailyTotal, r.totalKind, lang)),
    right(labels.averageMonthlyTotal, 66, (r) => totalText(r.averageMonthlyTotal, r.totalKind, lang)),
  ];
  const meta = { kind: 'quarterly' as const, header: report, lang };
  return renderPdf(meta, (doc) => {
    drawReportHeader(doc, meta);
    drawTotals(doc, report.totals, labels, lang);
    drawTable(doc, columns, report.rows);
  });
}

/** A level table row: the point over the whole range (bold), or one of its days. */
type LevelLine = { row: LevelRow; day: ReportDay | null };

export function levelReportPdf(report: LevelReport, options: PdfOptions): Promise<Buffer> {
  const { lang } = options;
  const labels = reportLabels[lang];
  const lines: LevelLine[] = report.rows.flatMap((row) => [
    { row, day: null },
    ...row.days.map((day) => ({ row, day })),
  ]);
  const point = (l: LevelLine) => (l.day ? '' : pointText(l.row, lang));
  const columns: PdfColumn<LevelLine>[] = [
    { header: labels.point, text: point },
    ...(report.company === null
      ? [{ header: labels.company, width: 110, text: (l: LevelLine) => (l.day ? '' : l.row.companyName) }]
      : []),
    { header: labels.day, width: 80, text: (l) => (l.day ? shortDate(l.day.day) : labels.wholePeriod) },
    { header: labels.class, width: 80, text: (l) => classText(l.day?.class ?? null, lang) },
    right(labels.count, 55, (l) => (l.day ? countText(l.day.count, lang) : '')),
    right(labels.min, 70, (l) => levelText(l.day ? l.day.min : l.row.min, l.row.unit, lang)),
    right(labels.max, 70, (l) => levelText(l.day ? l.day.max : l.row.max, l.row.unit, lang)),
    right(labels.mean, 70, (l) => levelText(l.day ? l.day.mean : l.row.mean, l.row.unit, lang)),
    right(labels.total, 70, (l) => (l.day ? totalText(l.day.total, l.row.totalKind, lang) : '')),
  ];
  const meta = { kind: 'level' as const, header: report, lang };
  return renderPdf(meta, (doc) => {
    drawReportHeader(doc, meta);
    drawTable(doc, columns, lines, { bold: (l) => l.day === null });
  });
}
