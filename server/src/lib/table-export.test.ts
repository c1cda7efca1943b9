/**
 * The export writers on their own: a table as CSV and as XLSX (read back with csv-parse and exceljs),
 * the XLSX reading its batches only as fast as the output is taken, and several files in one ZIP
 * (read back with yauzl).
 */
import { buffer as streamBuffer } from 'node:stream/consumers';
import { PassThrough, type Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { csvStream, exportNumber, fileNamePart, type TableColumn, type TableExport } from './table-export';
import { writeXlsx, xlsxStream } from './xlsx-writer';
import { zipStream } from './zip-writer';
import { zoneClock } from './zone-clock';

interface Row {
  at: Date;
  name: string;
  level: number | null;
}

const columns: TableColumn<Row>[] = [
  { key: 'at', title: 'Fecha (Europe/Madrid)', kind: 'time', value: (r) => r.at },
  { key: 'name', title: 'Punto', kind: 'text', value: (r) => r.name },
  { key: 'level', title: 'Nivel (m)', kind: 'number', resolution: 0.01, value: (r) => r.level },
];
const rows: Row[] = [
  { at: new Date('2026-07-01T10:00:00Z'), name: '=1+1', level: 1.006 },
  { at: new Date('2026-12-01T10:00:00Z'), name: 'Río; "Ebro"', level: null },
];
async function* once<T>(items: T[]) {
  yield items;
}
const table = (batches: AsyncIterable<readonly Row[]> = once(rows)): TableExport<Row> => ({
  sheetName: 'Niveles: julio/diciembre [2026]',
  columns,
  batches,
  clock: zoneClock('Europe/Madrid'),
});
const read = (stream: Readable) => streamBuffer(stream);

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('table exports', () => {
  it('round numbers to the column resolution, or only drop binary noise without one', () => {
    expect(exportNumber(1.1980000000000004)).toBe(1.198);
    expect(exportNumber(4.199999999999999)).toBe(4.2);
    expect(exportNumber(12.345678, 0.01)).toBe(12.35);
  });

  it('name files in safe characters', () => {
    expect(fileNamePart('Ebro en Zaragoza (Puente de Piedra)', 'x')).toBe(
      'Ebro-en-Zaragoza-Puente-de-Piedra',
    );
    expect(fileNamePart('¿?', 'point')).toBe('point');
  });

  it('write CSV: machine headers, local times, decimal comma, neutralised formulas', async () => {
    const text = (await read(csvStream(table(), { separator: ';', decimal: ',' }))).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parse(text, { delimiter: ';', bom: true })).toEqual([
      ['at', 'name', 'level'],
      ['2026-07-01T12:00:00+02:00', "'=1+1", '1,01'],
      ['2026-12-01T11:00:00+01:00', 'Río; "Ebro"', ''],
    ]);
  });

  it('write XLSX: translated headers, date and number cells, text kept as text', async () => {
    const sheet = await sheetOf(await read(xlsxStream(table(), () => undefined)));
    // a spreadsheet refuses []:*?/\ in a sheet name
    expect(sheet.name).toBe('Niveles  julio diciembre  2026 ');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fecha (Europe/Madrid)', 'Punto', 'Nivel (m)']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date('2026-07-01T12:00:00Z'));
    // no formula: the text is a string cell
    expect(sheet.getRow(2).getCell(2).value).toBe('=1+1');
    expect(sheet.getRow(2).getCell(3).value).toBe(1.01);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('0.00');
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
  });

  it('read the next batch of an XLSX only once the output is taken', async () => {
    let pulled = 0;
    const batchCount = 12;
    async function* many() {
      for (let b = 0; b < batchCount; b++) {
        pulled++;
        yield Array.from({ length: 1000 }, (_, i) => ({
          at: new Date(Date.UTC(2026, 0, 1) + (b * 1000 + i) * 60_000),
          name: `P${b}-${i} ${'x'.repeat(40)}`,
          level: (b * 1000 + i) / 7,
        }));
      }
    }
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = writeXlsx(out, table(many()));
    // nobody reads: the writer stops once the output is full
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pulled).toBeLessThan(batchCount);
    const [body] = await Promise.all([read(out), done]);
    expect(pulled).toBe(batchCount);
    const sheet = await sheetOf(body);
    expect(sheet.rowCount).toBe(batchCount * 1000 + 1);
    expect(sheet.getRow(batchCount * 1000 + 1).getCell(3).value).toBe(1714.14);
  });

  it('put several files in one ZIP, each readable', async () => {
    const zipped = await read(
      zipStream(
        [
          { name: 'daily.csv', open: () => csvStream(table(), { separator: ',', decimal: '.' }) },
          { name: 'summary.xlsx', open: () => xlsxStream(table(), () => undefined) },
        ],
        () => undefined,
      ),
    );
    const zip = await fromBufferPromise(zipped, { lazyEntries: true });
    const files = new Map<string, Buffer>();
    for await (const entry of zip.eachEntry())
      files.set(entry.fileName, await read(await zip.openReadStreamPromise(entry)));
    expect([...files.keys()]).toEqual(['daily.csv', 'summary.xlsx']);
    expect(parse(files.get('daily.csv')!, { bom: true })[1]).toEqual([
      '2026-07-01T12:00:00+02:00',
      "'=1+1",
      '1.01',
    ]);
    expect((await sheetOf(files.get('summary.xlsx')!)).getRow(3).getCell(2).value).toBe('Río; "Ebro"');
  });
});
