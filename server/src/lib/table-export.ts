/**
 * One description of an exported table drives both files (docs/API.md "Exports"): the CSV keeps
 * machine column names, ISO 8601 times with the company's offset and the chosen decimal mark; the
 * XLSX (lib/xlsx-writer.ts) has headers in the caller's language, real number cells formatted with
 * the values' decimals and date cells on the company's clock. Numbers are rounded the same way in both.
 */
import { Readable } from 'node:stream';
import { roundToResolution } from '@aforo/contracts/format';
import { csvLine, type CsvSeparator, type CsvValue, type DecimalMark } from './csv-writer';
import type { ZoneClock } from './zone-clock';

export type ColumnKind = 'text' | 'integer' | 'number' | 'time';
export type TableValue = string | number | Date | null;

export interface TableColumn<Row> {
  /** The CSV header: a stable machine name (what scripts read). */
  key: string;
  /** The XLSX header, in the caller's language. */
  title: string;
  kind: ColumnKind;
  /** number: the step values are rounded to (and the XLSX's decimals); without it, as stored. */
  resolution?: number;
  /** XLSX column width in characters. */
  width?: number;
  value: (row: Row) => TableValue;
}

export interface TableExport<Row> {
  /** The sheet's name (a spreadsheet allows 31 characters). */
  sheetName: string;
  columns: readonly TableColumn<Row>[];
  /** Read only as fast as the client takes the file. */
  batches: AsyncIterable<readonly Row[]>;
  /** The company's clock, for time columns. */
  clock: ZoneClock;
}

export interface CsvOptions {
  separator: CsvSeparator;
  decimal: DecimalMark;
}

/**
 * A number as the file holds it: rounded to the column's resolution, or without the binary noise
 * of a conversion (15 significant digits: 4.199999999999999 → 4.2) when the column has none.
 */
export function exportNumber(value: number, resolution?: number): number {
  if (!Number.isFinite(value)) return value;
  if (resolution !== undefined) return roundToResolution(value, resolution);
  return Number(value.toPrecision(15)) + 0;
}

/** A cell's value after rounding; times stay Dates (each file writes them its own way). */
export function cellValue<Row>(column: TableColumn<Row>, row: Row): TableValue {
  const value = column.value(row);
  if (typeof value === 'number' && column.kind !== 'text') return exportNumber(value, column.resolution);
  return value;
}

function csvCell<Row>(column: TableColumn<Row>, row: Row, clock: ZoneClock): CsvValue {
  const value = cellValue(column, row);
  return value instanceof Date ? clock.iso(value) : value;
}

/**
 * The batches with the first one already read: a query that fails does so before the answer's status
 * is sent (it then answers as an error, not as a cut file).
 */
export async function prefetched<Row>(batches: AsyncIterable<readonly Row[]>) {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (let batch = first; !batch.done; batch = await iterator.next()) yield batch.value;
      } finally {
        // a client that leaves early closes the database read too
        await iterator.return?.();
      }
    },
  } satisfies AsyncIterable<readonly Row[]>;
}

/** The table as CSV (UTF-8 with a byte-order mark, CRLF lines), one chunk per batch. */
export function csvStream<Row>(table: TableExport<Row>, options: CsvOptions): Readable {
  const { separator, decimal } = options;
  const line = (values: readonly CsvValue[]) => csvLine(values, separator, decimal);
  async function* chunks(): AsyncGenerator<string> {
    // the byte-order mark tells spreadsheets the file is UTF-8 (accents in Spanish names)
    yield `\uFEFF${line(table.columns.map((c) => c.key))}`;
    for await (const batch of table.batches)
      yield batch.map((row) => line(table.columns.map((c) => csvCell(c, row, table.clock)))).join('');
  }
  return Readable.from(chunks());
}

/** "Río Ebro (Zaragoza)" → "Rio-Ebro-Zaragoza": a file name safe on every system and in a header. */
export function fileNamePart(text: string, fallback: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return ascii || fallback;
}
