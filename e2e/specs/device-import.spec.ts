import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './helpers';

const header = 'serial;model;product;firmware;network;company;sim;manufactured;location';

/** Opens the import dialog, pastes a CSV and checks it (dry run). */
async function pasteAndCheck(page: Page, csv: string) {
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar equipos desde CSV' });
  await dialog.getByLabel('Contenido CSV').fill(csv);
  await dialog.getByRole('button', { name: 'Comprobar' }).click();
  return dialog;
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

test('the chief imports devices from a CSV: all rows or none', async ({ page }) => {
  const prefix = `IMP-${Date.now() % 100_000_000}`;
  const good = `${prefix}-A`;
  const other = `${prefix}-B`;
  await openSignedIn(page, 'chief@demo.aforo.dev', '/app/administration/devices');

  // one good row and one with an unknown model: the check reports the bad one and nothing is imported
  const bad = await pasteAndCheck(
    page,
    `${header}\n${good};PLS-C;PRS;;;;;;\n${other};NO-SUCH-MODEL;PRS;;;;;;`,
  );
  await expect(bad.getByText('No se ha importado nada: corrija las filas con errores')).toBeVisible();
  const errorRow = bad.getByRole('table', { name: 'Filas con errores' }).getByRole('row', { name: other });
  await expect(errorRow.getByRole('cell').nth(0)).toHaveText('3');
  await expect(errorRow).toContainText('Modelo');
  await expect(errorRow).toContainText('No se encontró el modelo.');
  await expect(bad.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await bad.getByRole('button', { name: 'Cancelar' }).click();
  await expect(bad).toBeHidden();

  await search(page, good);
  await expect(page.getByText('Sin resultados')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(good) })).toHaveCount(0);

  // fixed, checked and imported: both devices enter the register
  const fixed = await pasteAndCheck(
    page,
    `${header}\n${good};PLS-C;PRS;;;;;;\n${other};VEGAPULS C 21;LVL;;;;;;`,
  );
  await expect(fixed.getByText('2 filas correctas')).toBeVisible();
  await fixed.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText('2 equipos importados')).toBeVisible();
  await expect(fixed).toBeHidden();

  await search(page, prefix);
  await expect(page.getByRole('row', { name: new RegExp(good) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(other) })).toBeVisible();
});
