import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken } from './helpers';

/** Admin API calls in Canal del Norte (the company the device and point belong to). */
function api(request: APIRequestContext, token: string, companyId: string | null) {
  const headers = {
    Authorization: `Bearer ${token}`,
    ...(companyId ? { 'X-Current-Company': companyId } : {}),
  };
  return {
    async get<T>(path: string): Promise<T> {
      const response = await request.get(path, { headers });
      expect(response.ok(), `GET ${path}`).toBeTruthy();
      return (await response.json()) as T;
    },
    async post<T>(path: string, data: object): Promise<T> {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `POST ${path}: ${await response.text()}`).toBeTruthy();
      return (await response.json()) as T;
    },
  };
}

async function openAs(page: Page, token: string, companyId: string, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('aforo.session', JSON.stringify(session)), {
    token,
    language: 'es',
    currentCompanyId: companyId,
    returnPath: null,
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

test('the install wizard saves a port parameter to the point, which its page then shows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const info = await api(page.request, token, null).get<{
    companies: { id: string; businessName: string }[];
  }>('/api/users/info/logged');
  const norte = info.companies.find((c) => c.businessName.startsWith('Canal del Norte'))!.id;
  const norteApi = api(page.request, token, norte);

  // an Inactive device of Canal del Norte (the model and product of a demo device) and a free point
  const serial = `WIZ-${Date.now() % 100_000_000}`;
  const { rows } = await norteApi.get<{
    rows: { model: { id: string } | null; product: { id: string } | null }[];
  }>('/api/devices?length=-1&allCompanies=true');
  const sample = rows.find((d) => d.model && d.product)!;
  const device = await norteApi.post<{ id: string }>('/api/devices', {
    serial,
    modelId: sample.model!.id,
    productId: sample.product!.id,
  });
  await norteApi.post(`/api/devices/${device.id}/assign`, { companyId: norte });
  const point = await norteApi.post<{ id: string; name: string }>('/api/points', {
    name: `Punto ${serial}`,
    latitude: 42.8,
    longitude: -1.64,
    kind: 'river',
    measureTime: 900,
    transmissionTime: 3600,
  });

  // the wizard from the device's menu: point, then a parameter of the first port
  await openAs(page, token, norte, `/app/operation/devices?search=${serial}`);
  await page.getByRole('button', { name: `Acciones de ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Instalar', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Instalar un equipo' });
  await wizard.getByRole('combobox', { name: 'Punto de medición' }).click();
  await page.getByRole('option', { name: point.name }).click();
  const firstPort = wizard.locator('fieldset').first();
  await firstPort.getByLabel(/^Valor superior de aviso/).fill('4.5');
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard).toContainText(`El equipo ${serial} se instalará en ${point.name}`);
  await wizard.getByRole('button', { name: 'Instalar' }).click();
  await expect(page.getByText(`El equipo ${serial} se ha instalado en ${point.name}.`)).toBeVisible();

  // the point's page shows the value in its parameters table
  await page.goto(`/app/operation/points/${point.id}`);
  const row = page.getByRole('row', { name: /Valor superior de aviso/ }).first();
  await expect(row).toContainText('4.5 m');
});
