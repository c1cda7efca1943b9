/**
 * The level export read back with yauzl: two files named in the reader's language, the CSV read by
 * csv-parse and the XLSX by exceljs, and the same bytes for the same report.
 */
import { buffer as streamBuffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { levelReportZip } from './level-zip';
import { levelReportFixture } from './report-fixtures';

async function filesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const stream = (await archive.openReadStreamPromise(entry)) as Readable;
    files.set(entry.fileName, await streamBuffer(stream));
  }
  return files;
}

describe('level report ZIP', () => {
  it('hold the daily levels as CSV and the summary as XLSX, named in Spanish', async () => {
    const files = await filesOf(
      await levelReportZip(levelReportFixture(), { lang: 'es', separator: ';', decimal: ',' }),
    );
    expect([...files.keys()]).toEqual([
      'niveles-diarios-2026-10-01-2026-10-10.csv',
      'resumen-2026-10-01-2026-10-10.xlsx',
    ]);
    const csv = files.get('niveles-diarios-2026-10-01-2026-10-10.csv')!.toString('utf8');
    const lines = parse(csv, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatchObject({ point: 'Río Ebro en Zaragoza', day: '2026-10-01', mean: '2,48' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.get('resumen-2026-10-01-2026-10-10.xlsx')! as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Días']);
  });

  it('name them in English, and give the same bytes for the same report', async () => {
    const report = levelReportFixture({ network: true });
    const options = { lang: 'en', separator: ',', decimal: '.' } as const;
    const zip = await levelReportZip(report, options);
    expect([...(await filesOf(zip)).keys()]).toEqual([
      'daily-levels-2026-10-01-2026-10-10.csv',
      'summary-2026-10-01-2026-10-10.xlsx',
    ]);
    expect((await levelReportZip(report, options)).equals(zip)).toBe(true);
  });
});
