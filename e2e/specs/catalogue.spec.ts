import { expect, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn } from './helpers';

const admin = 'admin@demo.aforo.dev';

/** Picks an option of a Mantine select or multi-select by its visible text. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin builds the catalogue: brand → model with a port → product → firmware', async ({ page }) => {
  const suffix = String(Date.now()).slice(-6);
  const brand = `E2E${suffix}`;
  const model = `Modelo ${suffix}`;
  const productCode = `E2E-${suffix}`;
  const productName = `Producto ${suffix}`;

  await openSignedIn(page, admin, '/app/administration/brands');
  await page.getByRole('button', { name: 'Nueva marca' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nueva marca' });
  await dialog.getByLabel('Abreviatura').fill(brand);
  await dialog.getByLabel('Descripción').fill('Marca de la prueba e2e');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Marca guardada.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(brand);
  await expect(page.getByRole('table', { name: 'Marcas' }).getByText(brand)).toBeVisible();

  await page.goto('/app/administration/models');
  await page.getByRole('button', { name: 'Nuevo modelo' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo modelo' });
  await choose(page, dialog.getByRole('combobox', { name: 'Marca' }), brand);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(model);
  await expect(dialog.getByRole('textbox', { name: 'Clave del puerto 1' })).toHaveValue('ai1');
  await choose(page, dialog.getByRole('combobox', { name: 'Tipo del puerto 1' }), 'Presión');
  await dialog.getByRole('textbox', { name: 'Etiqueta del puerto 1' }).fill('Nivel');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Modelo guardado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(model);
  const models = page.getByRole('table', { name: 'Modelos' });
  await expect(models.getByRole('row').filter({ hasText: model })).toContainText('ai1 · Presión');

  await page.goto('/app/administration/products');
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
  await dialog.getByRole('textbox', { name: 'Código' }).fill(productCode.toLowerCase());
  await expect(dialog.getByRole('textbox', { name: 'Código' })).toHaveValue(productCode);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(productName);
  await choose(page, dialog.getByLabel('Modelos'), `${brand} · ${model}`);
  // a multi-select stays open after a choice: close it by clicking elsewhere in the dialog
  await dialog.getByRole('heading', { name: 'Nuevo producto' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto guardado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(productCode);
  const products = page.getByRole('table', { name: 'Productos' });
  await expect(products.getByRole('row').filter({ hasText: productName })).toContainText(model);

  await page.goto('/app/administration/firmwares');
  await page.getByRole('button', { name: 'Nuevo firmware' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo firmware' });
  await choose(page, dialog.getByRole('combobox', { name: 'Modelo' }), `${brand} · ${model}`);
  await dialog.getByRole('textbox', { name: 'Versión' }).fill('1.0.0');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Firmware guardado.')).toBeVisible();
  const firmwares = page.getByRole('table', { name: 'Firmwares' });
  await expect(firmwares.getByRole('row').filter({ hasText: model })).toContainText('1.0.0');

  // a brand with models cannot be deleted: the server's B1002 message is shown
  await page.goto(`/app/administration/brands?search=${brand}`);
  await page.getByRole('button', { name: `Acciones de ${brand}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar marca' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No se puede eliminar la marca porque tiene modelos asociados.')).toBeVisible();
});
