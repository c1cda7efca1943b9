/**
 * The report screens end to end (docs/REPORTS.md, issue 23): provider staff pick Canal del Norte in
 * the header and open the monthly summary of the last full month, in Spanish and in English — the
 * operation % as the API answers it, the formula, each point's strip of days — open a day's detail,
 * and download the PDF (read with pdf.js), the XLSX (exceljs) and the CSV (csv-parse, `;` and a
 * decimal comma); the quarterly and the level summaries render from a link, the level ZIP holds two
 * files; the level list refuses more than two months. E2E_SCREENSHOTS=1 also saves
 * docs/screenshots/reports-*.png and overview-operation-es.png.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { pdfText } from '../../server/src/test/pdf-text';
import { apiToken, openSignedIn } from './helpers';

const chief = 'chief@demo.aforo.dev';
const norteName = 'Canal del Norte S.A.';
const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;

interface Counts {
  days: number;
  correct: number;
  intermittent: number;
  incorrect: number;
  noTransmission: number;
  excluded: number;
  percent: number | null;
}
interface MonthlyJson {
  company: { name: string } | null;
  period: { open: boolean };
  totals: Counts;
  rows: { name: string; days: { day: string; class: string | null; count: number }[] }[];
}

interface Demo {
  token: string;
  providerId: string;
  norteId: string;
  /** The last full month on Canal del Norte's clock, e.g. 2026-10. */
  month: string;
  /** Its quarter, e.g. 2026-Q4. */
  quarter: string;
  /** Its last day, e.g. 2026-10-31. */
  monthEnd: string;
}

async function demo(request: APIRequestContext): Promise<Demo> {
  const token = await apiToken(request, chief);
  const info = await request.get('/api/users/info/logged', { headers: { Authorization: `Bearer ${token}` } });
  const { companies } = (await info.json()) as {
    companies: { id: string; businessName: string; isProvider: boolean; preferredTimezone: string }[];
  };
  const norte = companies.find((c) => c.businessName === norteName)!;
  const [year, thisMonth] = new Intl.DateTimeFormat('en-CA', {
    timeZone: norte.preferredTimezone,
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const [y, m] = thisMonth === 1 ? [year - 1, 12] : [year, thisMonth - 1];
  const month = `${y}-${String(m).padStart(2, '0')}`;
  return {
    token,
    providerId: companies.find((c) => c.isProvider)!.id,
    norteId: norte.id,
    month,
    quarter: `${y}-Q${Math.ceil(m / 3)}`,
    monthEnd: `${month}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`,
  };
}

/** A report as the API answers it for Canal del Norte (the current company the header picked). */
async function reportJson<T>(request: APIRequestContext, d: Demo, path: string): Promise<T> {
  const response = await request.get(`/api/reports/${path}`, {
    headers: { Authorization: `Bearer ${d.token}`, 'X-Current-Company': d.norteId },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as T;
}

/** "98,6" / "98.6": the percent as the report screens and files write it (one decimal at most). */
const written = (percent: number | null, language: 'es' | 'en') =>
  percent === null ? '—' : language === 'es' ? String(percent).replace('.', ',') : String(percent);

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

/** The names in a ZIP's central directory (enough to tell the level ZIP's two files). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'a ZIP end of central directory').toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let entry = zip.readUInt16LE(end + 10); entry > 0; entry -= 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

/** Opens a path as the chief on the provider company (its default), as after a sign-in. */
async function openAsChief(page: Page, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('aforo.session', JSON.stringify(session)), {
    token: d.token,
    language: 'es',
    currentCompanyId: d.providerId,
    returnPath: null,
  });
  await page.goto(path);
  // a fresh browser loads the app first: slow on a shared machine
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible({ timeout: 30_000 });
}

test.use({ viewport: { width: 1280, height: 900 } });

let d: Demo;
test.beforeAll(async ({ request }) => {
  // a fresh server computes the demo's daily summaries at start and on a report's first read: done
  // here, once, so each test's time is its own
  test.setTimeout(120_000);
  d = await demo(request);
  for (const path of [
    `monthly?month=${d.month}`,
    `quarterly?quarter=${d.quarter}`,
    `level?from=${d.month}-01&to=${d.monthEnd}`,
  ])
    await reportJson(request, d, path);
});

// the chief's current company back on the provider: the header's choice is stored server-side
test.afterEach(async ({ request }) => {
  const response = await request.patch('/api/users/current-company', {
    headers: { Authorization: `Bearer ${d.token}`, 'X-Current-Company': d.providerId },
  });
  expect(response.ok()).toBeTruthy();
});

test('the monthly summary of Canal del Norte: figures as the API answers them, a day in detail, PDF, XLSX and CSV', async ({
  page,
}) => {
  // three renders of a month of strips (the network, the company, in English) on a shared machine
  test.setTimeout(120_000);
  const report = await reportJson<MonthlyJson>(page.request, d, `monthly?month=${d.month}`);
  expect(report.company?.name).toBe(norteName);
  expect(report.period.open).toBe(false);
  const { totals } = report;
  expect(totals.days).toBeGreaterThan(0);
  const percentEs = written(totals.percent, 'es');

  await openAsChief(page, `/app/reports/monthlySummary?month=${d.month}`);
  // provider staff land on the network view; the header's selector picks one company
  const selector = page.getByRole('combobox', { name: 'Empresa', exact: true });
  await expect(selector).toHaveValue('Todas las empresas');
  await expect(page).toHaveURL(new RegExp(`\\?month=${d.month}&scope=all$`), { timeout: 30_000 });
  await selector.click();
  await page.getByRole('option', { name: norteName }).click();
  // stored server-side, the page reloads on the company's own report: no network view in the link
  const card = page.getByTestId('operation-totals');
  await expect(card.getByLabel('Porcentaje de operación')).toHaveText(`${percentEs} %`, { timeout: 30_000 });
  await expect(selector).toHaveValue(norteName);
  await expect(page).toHaveURL(new RegExp(`/app/reports/monthlySummary\\?month=${d.month}$`));
  await expect(card).toContainText(
    '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
  );
  await expect(card.getByTestId('operation-figures')).toHaveText(
    new RegExp(`^= \\(${totals.correct} \\+ ${totals.intermittent}\\) / .* × 100 = ${percentEs} %$`),
  );
  await expect(page.getByText(norteName, { exact: true }).first()).toBeVisible();

  // every point of the company with its strip: one cell per day, coloured by the API's class
  const table = page.getByRole('table', { name: 'Resumen mensual' });
  await expect(table.getByRole('columnheader', { name: 'Empresa' })).toHaveCount(0);
  const strips = table.getByRole('group', { name: /^Días de / });
  await expect(strips).toHaveCount(report.rows.length);
  const shown = await strips.evaluateAll((groups) =>
    groups.map((g) => [
      g.getAttribute('aria-label'),
      [...g.querySelectorAll<HTMLElement>('[data-class]')].map((cell) => cell.dataset.class),
    ]),
  );
  expect(Object.fromEntries(shown)).toEqual(
    Object.fromEntries(report.rows.map((r) => [`Días de ${r.name}`, r.days.map((x) => x.class ?? 'none')])),
  );
  if (shots) await page.screenshot({ path: `${shots}/reports-monthly-es.png`, fullPage: true });

  // a day that is not correct, when the month has one, says why
  const [point, dayIndex] =
    ['incorrect', 'intermittent', 'correct']
      .flatMap((dayClass) =>
        report.rows.map((r) => [r, r.days.findIndex((day) => day.class === dayClass)] as const),
      )
      .find(([, index]) => index >= 0) ?? [];
  expect(point, 'a finished day to open').toBeTruthy();
  const day = point!.days[dayIndex!]!;
  await table
    .getByRole('group', { name: `Días de ${point!.name}`, exact: true })
    .locator('[data-class]')
    .nth(dayIndex!)
    .click();
  const drawer = page.getByRole('dialog', { name: `${point!.name}: detalle del día` });
  const className = { correct: 'Correcto', intermittent: 'Intermitente', incorrect: 'Incorrecto' };
  await expect(
    drawer.getByText(className[day.class as keyof typeof className], { exact: true }),
  ).toBeVisible();
  if (day.class !== 'correct')
    await expect(
      drawer.getByRole('list', { name: 'Motivos de la clase' }).getByRole('listitem').first(),
    ).toHaveText(/^(Fuera de rango|Saltos ≥ 3 m|Valores iguales seguidos): \d+ \(límite \d+\)$/);
  await expect(drawer.getByText('Medidas / esperadas').locator('xpath=..')).toContainText(
    new RegExp(`${day.count} / \\d+`),
  );
  await expect(drawer.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  if (shots) await page.screenshot({ path: `${shots}/reports-day-detail-es.png` });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // the files of the same query
  const downloads = page.getByRole('group', { name: 'Descargas' });
  const pdf = await downloaded(page, () => downloads.getByRole('button', { name: 'PDF' }).click());
  expect(pdf.file.suggestedFilename()).toBe(`informe-mensual-${d.month}.pdf`);
  const { text } = await pdfText(pdf.body);
  expect(text).toContain(`Empresa: ${norteName}`);
  // the totals row: days, the five classes, the operation % exactly as the API's (es-ES numbers)
  const totalsRow = [
    totals.days,
    totals.correct,
    totals.intermittent,
    totals.incorrect,
    totals.noTransmission,
    totals.excluded,
  ]
    .map((n) => new Intl.NumberFormat('es-ES').format(n))
    .join(' ');
  expect(text).toContain(`${totalsRow} ${percentEs}`);

  const xlsx = await downloaded(page, () => downloads.getByRole('button', { name: 'XLSX' }).click());
  expect(xlsx.file.suggestedFilename()).toBe(`informe-mensual-${d.month}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Resumen', 'Días']);
  const summary: unknown[][] = [];
  book.getWorksheet('Resumen')!.eachRow((r) => summary.push((r.values as unknown[]).slice(1)));
  expect(summary).toContainEqual(['Empresa', norteName]);
  expect(summary).toContainEqual([
    totals.days,
    totals.correct,
    totals.intermittent,
    totals.incorrect,
    totals.noTransmission,
    totals.excluded,
    totals.percent,
  ]);

  await downloads.getByRole('button', { name: 'CSV…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar a CSV o XLSX' });
  // as Spanish spreadsheets expect: `;` between fields and a decimal comma
  await expect(dialog.getByRole('combobox', { name: 'Separador de columnas' })).toHaveValue(/^Punto y coma/);
  await expect(dialog.getByRole('combobox', { name: 'Separador decimal' })).toHaveValue('Coma (1,5)');
  const csv = await downloaded(page, () => dialog.getByRole('button', { name: 'Descargar' }).click());
  expect(csv.file.suggestedFilename()).toBe(`informe-mensual-${d.month}.csv`);
  const [header, ...lines] = parse(csv.body, { delimiter: ';', bom: true }) as string[][];
  expect(header).toEqual(expect.arrayContaining(['point', 'day', 'class', 'count', 'min', 'max', 'mean']));
  expect(lines).toHaveLength(report.rows.reduce((sum, r) => sum + r.days.length, 0));
  const min = header!.indexOf('min');
  const mins = lines.map((line) => line[min]!).filter((value) => value !== '');
  expect(mins.some((value) => /^-?\d+,\d+$/.test(value))).toBe(true);
  for (const value of mins) expect(value).toMatch(/^-?\d+(,\d+)?$/);

  // English: a decimal point, the formula and the texts in English
  await useLanguage(page, 'en');
  const englishCard = page.getByTestId('operation-totals');
  await expect(englishCard.getByLabel('Operation percentage')).toHaveText(
    `${written(totals.percent, 'en')} %`,
    { timeout: 30_000 },
  );
  await expect(englishCard).toContainText(
    'operation % = (correct + intermittent) / (days − excluded − no transmission) × 100',
  );
  const englishTable = page.getByRole('table', { name: 'Monthly summary' });
  await expect(englishTable.getByRole('group', { name: `Days of ${report.rows[0]!.name}` })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Downloads' }).getByRole('button', { name: 'XLSX' }),
  ).toBeEnabled();
  if (shots) await page.screenshot({ path: `${shots}/reports-monthly-en.png`, fullPage: true });
});

test('the quarterly and level summaries of a link, the level ZIP, and the Overview’s operation %', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // a report is a link: the network view filtered to one company
  const company = `scope=all&companyId=${d.norteId}`;
  await openAsChief(page, `/app/reports/quarterlySummary?quarter=${d.quarter}&${company}`);
  const quarterly = await reportJson<MonthlyJson & { months: string[] }>(
    page.request,
    d,
    `quarterly?quarter=${d.quarter}`,
  );
  await expect(page.getByTestId('operation-totals').getByLabel('Porcentaje de operación')).toHaveText(
    `${written(quarterly.totals.percent, 'es')} %`,
    { timeout: 30_000 },
  );
  const table = page.getByRole('table', { name: 'Resumen trimestral' });
  for (const row of quarterly.rows.slice(0, 3))
    await expect(table.getByRole('row').filter({ hasText: row.name }).first()).toBeVisible();
  // the network view filtered to one company is that company's report
  await expect(page.getByRole('combobox', { name: 'Filtrar por empresa' })).toHaveValue(norteName);
  await expect(page.getByText(norteName, { exact: true }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/reports-quarterly-es.png`, fullPage: true });

  const monthStart = `${d.month}-01`;
  await page.goto(`/app/reports/levelSummary?from=${monthStart}&to=${d.monthEnd}&${company}`);
  const level = await reportJson<MonthlyJson>(page.request, d, `level?from=${monthStart}&to=${d.monthEnd}`);
  const first = level.rows[0]!;
  await expect(
    page.getByRole('button', { name: new RegExp(first.name.replace(/[()]/g, '\\$&')) }),
  ).toContainText(/mín\. -?\d+(,\d+)? m · máx\. -?\d+(,\d+)? m · media -?\d+(,\d+)? m/, {
    timeout: 30_000,
  });
  await expect(page.getByRole('table', { name: `Niveles diarios de ${first.name}` })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/reports-level-es.png`, fullPage: true });
  const zip = await downloaded(page, () =>
    page.getByRole('button', { name: 'ZIP: CSV diario + resumen XLSX' }).click(),
  );
  expect(zip.file.suggestedFilename()).toBe(`informe-niveles-${monthStart}-${d.monthEnd}.zip`);
  const entries = zipEntries(zip.body);
  expect(entries).toHaveLength(2);
  expect(entries.find((name) => name.endsWith('.csv'))).toMatch(/^niveles-diarios-/);
  expect(entries.find((name) => name.endsWith('.xlsx'))).toMatch(/^resumen-/);
  await useLanguage(page, 'en');
  await expect(page.getByRole('table', { name: `Daily levels of ${first.name}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'ZIP: daily CSV + summary XLSX' })).toBeEnabled();
  if (shots) await page.screenshot({ path: `${shots}/reports-level-en.png`, fullPage: true });

  // the Overview's month so far, linking to the monthly summary
  await useLanguage(page, 'es');
  await page.goto('/app');
  const overview = await page.request.get(`/api/overview?${company}`, {
    headers: { Authorization: `Bearer ${d.token}` },
  });
  const { operationThisMonth } = (await overview.json()) as {
    operationThisMonth: Counts & { month: string };
  };
  const operation = page.getByTestId('operation-this-month');
  await expect(operation).toContainText('% de operación del mes');
  await expect(operation).toContainText(`${written(operationThisMonth.percent, 'es')} %`);
  await expect(operation.getByRole('link', { name: 'Informe mensual' })).toHaveAttribute(
    'href',
    `/app/reports/monthlySummary?month=${operationThisMonth.month}`,
  );
  if (shots) {
    await operation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/overview-operation-es.png` });
  }
});

test('the level summary refuses a list over two months, with the server’s words', async ({ page }) => {
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/reports/levelSummary?from=2026-01-01&to=2026-06-30');
  await expect(page.getByRole('alert')).toContainText(
    'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
  );
  await expect(page.getByRole('button', { name: 'ZIP: CSV diario + resumen XLSX' })).toBeEnabled();
});
