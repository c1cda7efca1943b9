/**
 * Exports written by the server (issue 22 item 9): the point chart's CSV and XLSX and the measures
 * screen's XLSX arrive as downloads; the XLSX opens with exceljs, the CSV reads with csv-parse with
 * the interface language's separator and decimal mark.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { apiToken, openSignedIn } from './helpers';

const who = 'admin-cliente.norte@demo.aforo.dev';
// E2E_SCREENSHOTS=1 also saves the screens of docs/screenshots/exports-*.png
const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;
const pointName = 'Ebro en Zaragoza (Puente de Piedra)';

async function pointId(page: Page): Promise<string> {
  const token = await apiToken(page.request, who);
  const list = await page.request.get(
    `/api/points?length=-1&search=${encodeURIComponent('Ebro en Zaragoza')}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  return ((await list.json()) as { rows: { id: string; name: string }[] }).rows.find(
    (p) => p.name === pointName,
  )!.id;
}

async function useLanguage(page: Page, language: 'es' | 'en') {
  await page.evaluate((lang) => {
    const session = JSON.parse(localStorage.getItem('aforo.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('aforo.session', JSON.stringify({ ...session, language: lang }));
  }, language);
  await page.reload();
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file, body: readFileSync((await file.path())!) };
}

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

async function chartExport(page: Page, card: Locator, button: string, item: 'CSV' | 'XLSX', shot?: string) {
  return downloaded(page, async () => {
    await card.getByRole('button', { name: button }).click();
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    if (shots && shot) await page.screenshot({ path: `${shots}/${shot}` });
    await page.getByRole('menuitem', { name: item }).click();
  });
}

const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

test("the point chart downloads the server's CSV and XLSX, in Spanish and in English", async ({ page }) => {
  const id = await pointId(page);
  await openSignedIn(page, who, `/app/operation/points/${id}?range=7d`);
  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Evolución' }) });
  await expect(card.getByRole('button', { name: 'Exportar' })).toBeEnabled();

  const csv = await chartExport(page, card, 'Exportar', 'CSV', 'exports-chart-menu-es.png');
  expect(csv.file.suggestedFilename()).toMatch(
    /^Ebro-en-Zaragoza-Puente-de-Piedra_\w+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  // Spanish spreadsheets: `;` between fields, a decimal comma, accents as UTF-8 (BOM)
  expect(csv.body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...rows] = parse(csv.body, { delimiter: ';', bom: true }) as string[][];
  expect(header).toEqual(['ts', 'value', 'min', 'max', 'count', 'flag']);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0]![0]).toMatch(isoWithOffset);
  // to the thousandth at most, never 1.1980000000000004
  for (const row of rows.slice(0, 50)) expect(row[1]).toMatch(/^-?\d+(,\d{1,3})?$/);

  const xlsx = await chartExport(page, card, 'Exportar', 'XLSX');
  expect(xlsx.file.suggestedFilename()).toMatch(/^Ebro-en-Zaragoza-Puente-de-Piedra_.+\.xlsx$/);
  const sheet = await sheetOf(xlsx.body);
  // a spreadsheet takes 31 characters of a sheet name
  expect(sheet.name).toBe(pointName.slice(0, 31));
  const titles = sheet.getRow(1).values as unknown[];
  expect(titles[1]).toMatch(/^Fecha \(.+\)$/);
  expect(titles[2]).toMatch(/^Valor/);
  expect(titles.slice(5)).toEqual(['Medidas', 'Calidad']);
  expect(sheet.rowCount).toBe(rows.length + 1);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(typeof sheet.getRow(2).getCell(2).value).toBe('number');
  expect(sheet.getRow(2).getCell(2).numFmt).toBe('0.000');

  await useLanguage(page, 'en');
  const englishCard = page.locator('.mantine-Card-root', {
    has: page.getByRole('heading', { name: 'History', exact: true }),
  });
  const englishCsv = await chartExport(page, englishCard, 'Export', 'CSV');
  const english = parse(englishCsv.body, { bom: true }) as string[][];
  expect(english[0]).toEqual(['ts', 'value', 'min', 'max', 'count', 'flag']);
  for (const row of english.slice(1, 50)) expect(row[1]).toMatch(/^-?\d+(\.\d{1,3})?$/);
  const englishSheet = await sheetOf((await chartExport(page, englishCard, 'Export', 'XLSX')).body);
  expect(englishSheet.getRow(1).getCell(1).value).toMatch(/^Time \(.+\)$/);
  expect(englishSheet.getRow(1).getCell(6).value).toBe('Quality');
});

test('the measures screen downloads an XLSX the server wrote', async ({ page }) => {
  const id = await pointId(page);
  await openSignedIn(page, who, `/app/operation/measures?pointId=${id}`);
  await page.getByRole('button', { name: 'Exportar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar a CSV o XLSX' });
  // Spanish spreadsheets: `;` and a decimal comma to start with
  await expect(dialog.getByRole('combobox', { name: 'Separador decimal' })).toHaveValue('Coma (1,5)');
  if (shots) await page.screenshot({ path: `${shots}/exports-dialog-csv-es.png` });
  await dialog.getByText('XLSX (Excel)').click();
  await expect(dialog.getByRole('combobox', { name: 'Separador decimal' })).toBeHidden();
  if (shots) await page.screenshot({ path: `${shots}/exports-dialog-xlsx-es.png` });
  const { file, body } = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Descargar' }).click(),
  );
  expect(file.suggestedFilename()).toBe('measures.xlsx');
  const sheet = await sheetOf(body);
  expect(sheet.name).toBe('Medidas');
  expect(sheet.getRow(1).getCell(8).value).toBe('Interpretado');
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(sheet.getRow(2).getCell(4).value).toBe(pointName);
  expect(typeof sheet.getRow(2).getCell(8).value).toBe('number');
  await expect(page.getByText('Se descargó measures.xlsx')).toBeVisible();

  await useLanguage(page, 'en');
  await page.getByRole('button', { name: 'Export' }).click();
  const english = page.getByRole('dialog', { name: 'Export to CSV or XLSX' });
  await expect(english.getByRole('combobox', { name: 'Decimal mark' })).toHaveValue('Point (1.5)');
  await expect(english.getByRole('combobox', { name: 'Column separator' })).toHaveValue('Comma (,)');
  if (shots) await page.screenshot({ path: `${shots}/exports-dialog-csv-en.png` });
});
