/**
 * The report workbooks read back with exceljs: the sheets in the reader's language, header rows,
 * totals and tables as number and date cells with their formats, and the same bytes for the same
 * report whatever the clock says.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { levelReportFixture, monthlyReportFixture, quarterlyReportFixture } from './report-fixtures';
import { levelReportXlsx, monthlyReportXlsx, quarterlyReportXlsx } from './report-xlsx';

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** The row whose first cell is `first`. */
function rowStarting(sheet: ExcelJS.Worksheet, first: string): ExcelJS.Row {
  for (let n = 1; n <= sheet.rowCount; n += 1)
    if (sheet.getRow(n).getCell(1).value === first) return sheet.getRow(n);
  throw new Error(`no row starts with ${first}`);
}

const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe('report workbooks', () => {
  it('write the monthly summary: header rows, totals with counts, one numeric row per point', async () => {
    const book = await workbookOf(await monthlyReportXlsx(monthlyReportFixture(), { lang: 'es' }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Días']);
    expect(book.created).toEqual(new Date('2026-11-01T05:00:00Z'));
    const summary = book.getWorksheet('Resumen')!;
    expect(summary.getRow(1).getCell(1).value).toBe('Informe mensual de operación');
    expect(values(rowStarting(summary, 'Empresa'))).toEqual([
      'Empresa',
      'Confederación Hidrográfica del Ebro',
    ]);
    expect(values(rowStarting(summary, 'Periodo'))).toEqual(['Periodo', '2026-10']);
    const from = rowStarting(summary, 'Desde').getCell(2);
    expect(from.value).toEqual(new Date(Date.UTC(2026, 9, 1)));
    expect(from.numFmt).toBe('dd/mm/yyyy');
    expect(rowStarting(summary, 'Fórmula').getCell(2).value).toContain(
      '(días − excluidos − sin transmisión) × 100',
    );
    const totals = summary.getRow(rowStarting(summary, 'Días').number + 1);
    expect(values(totals)).toEqual([91, 65, 5, 10, 8, 3, 87.5]);
    expect(totals.getCell(7).numFmt).toBe('0.0');
    const river = rowStarting(summary, 'Río Ebro en Zaragoza');
    expect(values(river)).toEqual([
      'Río Ebro en Zaragoza',
      'Confederación Hidrográfica del Ebro',
      ...[31, 24, 2, 2, 1, 2, 92.9, 2.368, 2.911, 2.5658],
    ]);
    // the cell keeps the value, its format shows it to the millimetre
    expect(river.getCell(12).numFmt).toBe('0.000" m"');
    const gauge = rowStarting(summary, 'Pluviómetro Huesca');
    expect(gauge.getCell(13).value).toBe(49.2);
    expect(gauge.getCell(13).numFmt).toBe('0.00" mm"');
    expect(gauge.getCell(10).value).toBeNull();
  });

  it('write the monthly days: one row per point-day, a date cell, the class and cause translated', async () => {
    const book = await workbookOf(
      await monthlyReportXlsx(monthlyReportFixture({ network: true }), { lang: 'en' }),
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Days']);
    expect(rowStarting(book.getWorksheet('Summary')!, 'Company').getCell(2).value).toBe('Whole network');
    const days = book.getWorksheet('Days')!;
    expect(days.rowCount).toBe(1 + 3 * 31);
    expect(values(days.getRow(1))).toEqual([
      'Point',
      'Company',
      'Day',
      'Class',
      'Exclusion cause',
      'Measures',
      'Minimum',
      'Maximum',
      'Mean',
      'Total',
    ]);
    const excluded = days.getRow(1 + 5);
    expect(excluded.getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 5)));
    expect(excluded.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(values(excluded).slice(3)).toEqual([
      'excluded',
      'Device in maintenance',
      144,
      2.492,
      2.849,
      2.604,
    ]);
    // the gauge's first day: before it was installed, no class and no figures
    const gaugeFirst = days.getRow(1 + 62 + 1);
    expect(values(gaugeFirst)).toEqual([
      'Pluviómetro Huesca',
      'Ayuntamiento de Huesca',
      new Date(Date.UTC(2026, 9, 1)),
      undefined,
      undefined,
      0,
    ]);
    expect(days.getRow(1 + 62 + 4).getCell(10).value).toBe(3.6);
  });

  it('write the quarterly summary with each month’s % and the months sheet', async () => {
    const book = await workbookOf(await quarterlyReportXlsx(quarterlyReportFixture(), { lang: 'es' }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Meses']);
    const summary = book.getWorksheet('Resumen')!;
    const river = rowStarting(summary, 'Río Ebro en Zaragoza');
    // counts, the quarter's %, July, August, September, the mean of the months, daily level means
    expect(values(river).slice(2, 14)).toEqual([92, 73, 4, 5, 6, 4, 93.9, 100, 93.1, 87.5, 93.5333, 2.4552]);
    const months = book.getWorksheet('Meses')!;
    expect(months.rowCount).toBe(1 + 2 * 3);
    const september = months.getRow(4);
    expect(september.getCell(3).value).toEqual(new Date(Date.UTC(2026, 8, 1)));
    expect(september.getCell(3).numFmt).toBe('mm/yyyy');
    expect(september.getCell(10).value).toBe(87.5);
  });

  it('write the level summary and its days', async () => {
    const book = await workbookOf(await levelReportXlsx(levelReportFixture(), { lang: 'en' }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Days']);
    const river = rowStarting(book.getWorksheet('Summary')!, 'Río Ebro en Zaragoza');
    expect(values(river).slice(2)).toEqual([2.368, 2.911, 2.5544]);
    expect(book.getWorksheet('Days')!.rowCount).toBe(1 + 2 * 10);
  });

  it('give the same bytes for the same report, seconds apart', async () => {
    const report = monthlyReportFixture();
    const first = await monthlyReportXlsx(report, { lang: 'es' });
    // the zip's times have a two-second grain: wait past it
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await monthlyReportXlsx(report, { lang: 'es' })).equals(first)).toBe(true);
    // every part of the workbook is dated when the report was made, not when it was written
    const zip = await fromBufferPromise(first, { lazyEntries: true });
    for await (const entry of zip.eachEntry())
      expect(entry.getLastModDate({ timezone: 'UTC' })).toEqual(new Date('2026-11-01T05:00:00Z'));
    const quarter = quarterlyReportFixture();
    expect(
      (await quarterlyReportXlsx(quarter, { lang: 'en' })).equals(
        await quarterlyReportXlsx(quarter, { lang: 'en' }),
      ),
    ).toBe(true);
  });
});
