/**
 * Overview end to end: provider staff on the provider company see one row per client company and
 * switch to one with a click; a client user sees its own company's figures and no companies table.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, openSignedIn } from './helpers';

/** Makes the provider the admin's default company (the click below changes it; other specs expect it). */
async function adminOnProvider(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const info = await request.get('/api/users/info/logged', { headers: { Authorization: `Bearer ${token}` } });
  const { companies } = (await info.json()) as { companies: { id: string; isProvider: boolean }[] };
  const provider = companies.find((c) => c.isProvider)!;
  const res = await request.patch('/api/users/current-company', {
    headers: { Authorization: `Bearer ${token}`, 'X-Current-Company': provider.id },
  });
  expect(res.ok()).toBeTruthy();
}

test.afterEach(async ({ request }) => adminOnProvider(request));

test('provider staff see every client company on the overview and switch to one', async ({ page }) => {
  await adminOnProvider(page.request);
  // the network view off (it is on by default for provider staff: network-view.spec.ts)
  await page.addInitScript(() =>
    localStorage.setItem('aforo.network', JSON.stringify({ all: false, companyFilter: null })),
  );
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app');
  const companies = page.getByRole('table', { name: 'Empresas cliente' });
  await expect(companies).toBeVisible();
  for (const name of ['Canal del Norte S.A.', 'Aguas de Levante S.L.'])
    await expect(companies.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(companies.getByRole('row').filter({ hasText: 'Aforo Hidrometría' })).toHaveCount(0);
  // the demo's Norte network has points at several levels
  const norte = companies.getByRole('row').filter({ hasText: 'Canal del Norte S.A.' });
  await expect(norte.locator('[data-level]').first()).toBeVisible();

  await norte.click();
  await expect(page.getByRole('table', { name: 'Empresas cliente' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue('Canal del Norte S.A.');
  await expect(page.getByTestId('transmitting-today')).toBeVisible();
  await expect(page.locator('a[data-level="DANGER"]')).toBeVisible();
});

test('a client user sees its company at a glance, without the companies table', async ({ page }) => {
  await openSignedIn(page, 'user.norte@demo.aforo.dev', '/app');
  await expect(page.getByTestId('transmitting-today')).toBeVisible();
  await expect(page.getByTestId('out-of-service')).toBeVisible();
  await expect(page.getByText(/Alertas abiertas \(\d+\)/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Empresas cliente' })).toHaveCount(0);
  // a level card opens the monitoring list filtered by it
  await page.locator('a[data-level="OK"]').click();
  await expect(page).toHaveURL(/\/app\/monitoring\?level=OK/);
  await expect(page.getByRole('table', { name: 'Monitorización' })).toBeVisible();
});
