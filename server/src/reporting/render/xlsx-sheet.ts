/**
 * The pieces of the report workbooks (docs/REPORTS.md "Report files"): the header rows, the totals
 * with their counts, tables of real number and date cells, and the same bytes for the same report.
 */
import ExcelJS from 'exceljs';
import type { Language } from '@aforo/contracts/constants';
import type { OperationCounts } from '@aforo/contracts/reports';
import { exportNumber } from '../../lib/table-export';
import { reportLabels, type ReportKind } from './labels';
import { companyText, dayCell, generatedText, type ReportHeader } from './report-text';
import { withEntryTimes } from './zip-times';

export type CellValue = string | number | Date | null;

export interface SheetColumn<Row> {
  header: string;
  /** In characters. */
  width: number;
  value: (row: Row) => CellValue;
  /** The cell's number format (it may carry the row's unit: 0.000" m"). */
  format?: string | ((row: Row) => string | undefined);
}

export const formats = {
  integer: '0',
  percent: '0.0',
  date: 'dd/mm/yyyy',
  month: 'mm/yyyy',
} as const;

/** A level in the point's unit, to the millimetre; a total in mm or m³, to the hundredth. */
export function unitFormat(decimals: number, unit: string): string {
  const number = `0.${'0'.repeat(decimals)}`;
  const text = unit.replaceAll('"', '');
  return text ? `${number}" ${text}"` : number;
}

/** A number as the file holds it (no binary noise); null stays an empty cell. */
export function numberCell(value: number | null): number | null {
  return value === null ? null : exportNumber(value);
}

/** A workbook dated by the report, not by the clock (its dates are inside docProps/core.xml). */
export function reportWorkbook(header: ReportHeader): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const at = new Date(header.generatedAt);
  workbook.creator = 'Aforo';
  workbook.lastModifiedBy = 'Aforo';
  workbook.created = at;
  workbook.modified = at;
  return workbook;
}

/** The workbook's bytes, its zip entries dated generatedAt too (./zip-times.ts). */
export async function workbookBuffer(workbook: ExcelJS.Workbook, header: ReportHeader): Promise<Buffer> {
  const written = await workbook.xlsx.writeBuffer();
  return withEntryTimes(new Uint8Array(written), new Date(header.generatedAt));
}

/** Title, company, period (label, from and to as date cells), generation time and formula. */
export function writeHeaderRows(
  sheet: ExcelJS.Worksheet,
  kind: ReportKind,
  header: ReportHeader,
  lang: Language,
): void {
  const labels = reportLabels[lang];
  const title = sheet.addRow([labels.title[kind]]);
  title.font = { bold: true, size: 14 };
  const rows: [string, CellValue][] = [
    [labels.company, companyText(header, lang)],
    [
      labels.period,
      header.period.open ? `${header.period.label} (${labels.openPeriod})` : header.period.label,
    ],
    [labels.from, dayCell(header.period.from)],
    [labels.to, dayCell(header.period.to)],
    [labels.generated, generatedText(header)],
    [labels.formulaLabel, labels.formula],
  ];
  for (const [label, value] of rows) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) row.getCell(2).numFmt = formats.date;
  }
  sheet.addRow([]);
}

const countKeys = ['days', 'correct', 'intermittent', 'incorrect', 'noTransmission', 'excluded'] as const;

/** The counts behind the report's operation %, and the %. */
export function writeTotalsRows(sheet: ExcelJS.Worksheet, totals: OperationCounts, lang: Language): void {
  const labels = reportLabels[lang];
  sheet.addRow([labels.totals]).font = { bold: true };
  const head = sheet.addRow([...countKeys.map((key) => labels.counts[key]), labels.percent]);
  head.font = { bold: true };
  const values = sheet.addRow([...countKeys.map((key) => totals[key]), numberCell(totals.percent)]);
  countKeys.forEach((_, i) => (values.getCell(i + 1).numFmt = formats.integer));
  values.getCell(countKeys.length + 1).numFmt = formats.percent;
  sheet.addRow([]);
}

/** A header row in bold, then one row per item with each column's format. */
export function writeTable<Row>(
  sheet: ExcelJS.Worksheet,
  columns: readonly SheetColumn<Row>[],
  rows: readonly Row[],
): void {
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  columns.forEach((column, i) => {
    const current = sheet.getColumn(i + 1).width ?? 0;
    sheet.getColumn(i + 1).width = Math.max(current, column.width);
  });
  for (const item of rows) {
    const row = sheet.addRow(columns.map((c) => c.value(item)));
    columns.forEach((column, i) => {
      const format = typeof column.format === 'function' ? column.format(item) : column.format;
      if (format) row.getCell(i + 1).numFmt = format;
    });
  }
}

/** A sheet named within a spreadsheet's 31 characters, its first row frozen when it is a table. */
export function addSheet(workbook: ExcelJS.Workbook, name: string, frozenHeader = false): ExcelJS.Worksheet {
  return workbook.addWorksheet(
    name.slice(0, 31),
    frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : {},
  );
}
