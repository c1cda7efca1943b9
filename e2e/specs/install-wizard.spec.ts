import { expect, test } from '@playwright/test';
import { companyApi, companyIdByName, createDevice, createPoint, norteName } from './fleet';
import { adminToken, openWithToken } from './helpers';

test('the install wizard saves a port parameter to the point, which its page then shows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const norte = await companyIdByName(page.request, token, norteName);
  const norteApi = companyApi(page.request, token, norte);

  // an Inactive device of Canal del Norte (the model and product of a demo device) and a free point
  const serial = `WIZ-${Date.now() % 100_000_000}`;
  const { rows } = await norteApi.get<{
    rows: { model: { id: string } | null; product: { id: string } | null }[];
  }>('/api/devices?length=-1&allCompanies=true');
  const sample = rows.find((d) => d.model && d.product)!;
  await createDevice(norteApi, norte, {
    serial,
    modelId: sample.model!.id,
    productId: sample.product!.id,
  });
  const point = await createPoint(norteApi, {
    name: `Punto ${serial}`,
    latitude: 42.8,
    longitude: -1.64,
    measureTime: 900,
    transmissionTime: 3600,
  });

  // the wizard from the device's menu: point, then a parameter of the first port
  await openWithToken(page, token, norte, `/app/operation/devices?search=${serial}`);
  await page.getByRole('button', { name: `Acciones de ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Instalar', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Instalar un equipo' });
  await wizard.getByRole('combobox', { name: 'Punto de medición' }).click();
  await page.getByRole('option', { name: point.name }).click();
  const firstPort = wizard.locator('fieldset').first();
  await firstPort.getByLabel(/^Límite superior de aviso/).fill('4.5');
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard).toContainText(`El equipo ${serial} se instalará en ${point.name}`);
  await wizard.getByRole('button', { name: 'Instalar' }).click();
  await expect(page.getByText(`El equipo ${serial} se ha instalado en ${point.name}.`)).toBeVisible();

  // the point's page shows the value in its parameters table
  await page.goto(`/app/operation/points/${point.id}`);
  const row = page.getByRole('row', { name: /Límite superior de aviso/ }).first();
  await expect(row).toContainText('4,5 m');
});
