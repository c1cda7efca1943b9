/**
 * The report screens end to end (docs/REPORTS.md): provider staff open the monthly summary of the
 * demo network — the operation % with its formula, a day of a point's strip opening its detail and
 * its measures, the PDF of the same query — and the level summary refuses a list over two months.
 */
import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers';

// the first report of a fresh server computes the demo's daily summaries first
test.setTimeout(90_000);

test('the monthly summary of the network: a day opens its detail, the PDF downloads', async ({ page }) => {
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/reports');
  // the index opens the monthly summary; its month and the network view are in the link
  await expect(page).toHaveURL(/\/app\/reports\/monthlySummary\?month=\d{4}-\d{2}&scope=all$/);
  const totals = page.getByTestId('operation-totals');
  await expect(totals).toBeVisible({ timeout: 60_000 });
  await expect(totals).toContainText(
    '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
  );
  await expect(totals.getByLabel('Porcentaje de operación')).toHaveText(/^(\d{1,3}(,\d)? %|—)$/);
  const table = page.getByRole('table', { name: 'Resumen mensual' });
  await expect(table.getByRole('columnheader', { name: 'Empresa' })).toBeVisible();

  await table.locator('button[data-class="correct"]').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Correcto', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Medidas / esperadas')).toBeVisible();
  await expect(drawer.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  const downloads = page.getByRole('group', { name: 'Descargas' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('button', { name: 'PDF' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
});

test('the level summary refuses a list over two months, with the server’s words', async ({ page }) => {
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/reports/levelSummary?from=2026-01-01&to=2026-06-30');
  await expect(page.getByRole('alert')).toContainText(
    'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
  );
  await expect(page.getByRole('button', { name: 'ZIP: CSV diario + resumen XLSX' })).toBeEnabled();
});
