/**
 * A table export as XLSX with exceljs's streaming WorkbookWriter: rows are committed batch by batch
 * and the next batch is read only once the output has drained, so a year of one-minute measures
 * never sits in memory (docs/PERFORMANCE.md targets; docs/API.md "Exports").
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { decimalsOf } from '@aforo/contracts/format';
import { cellValue, type TableColumn, type TableExport } from './table-export';

export const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Day/month/year and 24 hours: how both the Spanish and the British-English interface write a date. */
export const xlsxTimeFormat = 'dd/mm/yyyy hh:mm:ss';

/** The cell format of a column: the values' decimals, whole numbers, or a date. */
function numberFormat<Row>(column: TableColumn<Row>): string | undefined {
  if (column.kind === 'time') return xlsxTimeFormat;
  if (column.kind === 'integer') return '0';
  if (column.kind === 'number' && column.resolution !== undefined) {
    const decimals = decimalsOf(column.resolution);
    return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  }
  return undefined;
}

const defaultWidth = { text: 18, integer: 10, number: 12, time: 20 } as const;

/** A spreadsheet refuses sheet names over 31 characters or with []:*?/\ in them. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Resolves once `out` can take more (or is gone: a client that left stops the export). */
async function drained(out: Writable): Promise<void> {
  // a turn of the event loop first: the zip compresses on the thread pool and writes in callbacks
  await new Promise((resolve) => setImmediate(resolve));
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Writes the whole workbook to `out` (which the zip inside exceljs pipes into, then ends). */
export async function writeXlsx<Row>(out: Writable, table: TableExport<Row>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(table.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column) => {
    const numFmt = numberFormat(column);
    return {
      header: column.title,
      key: column.key,
      width: column.width ?? Math.max(defaultWidth[column.kind], column.title.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const batch of table.batches) {
    if (out.destroyed) break;
    for (const row of batch) {
      const values = table.columns.map((column) => {
        const value = cellValue(column, row);
        return value instanceof Date ? table.clock.wallClock(value) : value;
      });
      sheet.addRow(values).commit();
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The workbook as a stream to send; a failure after the first byte can only cut the file, so it is
 * reported to `onError` (logged) and the stream destroyed.
 */
export function xlsxStream<Row>(table: TableExport<Row>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  writeXlsx(out, table).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
