import { expect, test } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

test('measures of a point open from a deep link with rows or the empty-range message', async ({ page }) => {
  const token = await apiToken(page.request, 'admin-cliente.norte@demo.aforo.dev');
  const points = await page.request.get('/api/points?length=-1&search=Zaragoza', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const point = ((await points.json()) as { rows: { id: string; name: string }[] }).rows[0]!;
  await openSignedIn(
    page,
    'admin-cliente.norte@demo.aforo.dev',
    `/app/operation/measures?pointId=${point.id}`,
  );
  await expect(page.getByRole('combobox', { name: 'Punto de medición' })).toHaveValue(point.name);
  const table = page.getByRole('table', { name: 'Medidas' });
  await expect(table.getByRole('columnheader', { name: 'Hora epoch' })).toBeVisible();
  // with the demo history there are rows; on a fresh database the range is empty and says so
  await expect(
    page
      .getByText('No hay medidas en este rango')
      .or(table.getByText(/^(Válida|Sospechosa|Fallo|Falta)$/).first()),
  ).toBeVisible();

  // a range with nothing in it says so in Spanish
  await page.goto(
    `/app/operation/measures?pointId=${point.id}&from=2001-01-01T00:00:00.000Z&to=2001-01-02T00:00:00.000Z`,
  );
  await expect(page.getByText('No hay medidas en este rango')).toBeVisible();
});

test('events list the company devices with their filters in the URL', async ({ page }) => {
  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/operation/events');
  const table = page.getByRole('table', { name: 'Eventos' });
  await expect(table.getByRole('columnheader', { name: 'Mensaje' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Reinicio' }).click();
  await expect(page).toHaveURL(/type=RESTART/);
  // the demo history restarts the repaired devices of both companies (and the simulator reports a restart)
  await expect(table.getByText('Reinicio').first()).toBeVisible();
});

test('a refused message shows in measures-failed and its raw payload opens', async ({ page }) => {
  const token = await apiToken(page.request, 'admin@demo.aforo.dev');
  const auth = { Authorization: `Bearer ${token}` };
  const found = await page.request.get('/api/devices?search=AFR-1016&allCompanies=true', { headers: auth });
  const device = ((await found.json()) as { rows: { id: string; serial: string }[] }).rows[0]!;
  const issued = await page.request.post(`/api/devices/${device.id}/key`, { headers: auth });
  const { key } = (await issued.json()) as { key: string };
  const raw = `ai1=12.3;ai2=4.5 ${Date.now()}`;
  const refused = await page.request.post('/ingest/v1/up', {
    headers: { Authorization: `Device ${device.serial}:${key}`, 'Content-Type': 'application/json' },
    data: Buffer.from(raw),
  });
  expect(refused.status()).toBe(400);

  await openSignedIn(
    page,
    'admin@demo.aforo.dev',
    `/app/administration/measures-failed?serial=${device.serial}`,
  );
  const table = page.getByRole('table', { name: 'Medidas fallidas' });
  await table.getByRole('row').filter({ hasText: 'Formato desconocido' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Medida fallida' });
  await expect(dialog.getByText('Texto sin formato')).toBeVisible();
  await expect(dialog.getByTestId('payload')).toHaveText(raw);
  await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible();
});
