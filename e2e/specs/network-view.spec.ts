/**
 * The provider's network view (docs/WEB.md "All companies"): the provider admin, on the provider
 * company, lands on the network — Monitoring lists every client company's points with their company,
 * the Overview gives the totals per company, the map draws points of several companies; a client user
 * gets no "All companies" choice. E2E_SCREENSHOTS=1 saves docs/screenshots/network-*-{es,en}.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken } from './helpers';

const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;
const clientCompanies = ['Canal del Norte S.A.', 'Aguas de Levante S.L.'];

/** Signs in through a stored session in the given language, on the user's default company. */
async function open(page: Page, email: string, path: string, language: 'es' | 'en'): Promise<void> {
  const token = await apiToken(page.request, email);
  const info = await page.request.get('/api/users/info/logged', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const user = (await info.json()) as { company: { id: string } | null; companies: { id: string }[] };
  const currentCompanyId = user.company?.id ?? user.companies[0]?.id ?? null;
  await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('aforo.session', JSON.stringify(session)), {
    token,
    language,
    currentCompanyId,
    returnPath: null,
  });
  await page.goto(path);
  await expect(
    page.getByRole('button', { name: language === 'es' ? 'Menú de usuario' : 'User menu' }),
  ).toBeVisible();
}

const texts = {
  es: {
    company: 'Empresa',
    all: 'Todas las empresas',
    monitoring: 'Monitorización',
    companies: 'Empresas de la red',
  },
  en: {
    company: 'Company',
    all: 'All companies',
    monitoring: 'Monitoring',
    companies: 'Companies of the network',
  },
} as const;

test.use({ viewport: { width: 1280, height: 900 } });

for (const language of ['es', 'en'] as const) {
  const text = texts[language];

  test(`the provider admin sees the whole network on Monitoring, Overview and Map (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await open(page, 'admin@demo.aforo.dev', '/app/monitoring', language);
    await expect(page.getByRole('combobox', { name: text.company, exact: true })).toHaveValue(text.all);
    const table = page.getByRole('table', { name: text.monitoring });
    await expect(table.getByRole('columnheader', { name: text.company, exact: true })).toBeVisible();
    // the first page is ordered by level: show every row to find both companies
    for (const name of clientCompanies) {
      await page
        .getByRole('combobox', { name: language === 'es' ? 'Filtrar por empresa' : 'Filter by company' })
        .click();
      await page.getByRole('option', { name }).click();
      await expect(table.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
      await expect(
        table.getByRole('row').filter({ hasText: clientCompanies.find((c) => c !== name)! }),
      ).toHaveCount(0);
    }
    await page
      .getByRole('combobox', { name: language === 'es' ? 'Filtrar por empresa' : 'Filter by company' })
      .click();
    await page.getByRole('option', { name: clientCompanies[1]! }).click(); // the chosen one again: cleared
    await expect(table.getByRole('row').filter({ hasText: clientCompanies[0]! }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: clientCompanies[1]! }).first()).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/network-monitoring-${language}.png` });

    const mapResponse = page.waitForResponse((r) => r.url().includes('/api/map/points?scope=all'));
    await page.goto('/app');
    const companies = page.getByRole('table', { name: text.companies });
    for (const name of clientCompanies)
      await expect(companies.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expect(
      companies.getByRole('row').filter({ hasText: 'Canal del Norte S.A.' }).locator('[data-level]').first(),
    ).toBeVisible();
    await expect(page.getByTestId('transmitting-today')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/network-overview-${language}.png`, fullPage: true });

    const payload = (await (await mapResponse).json()) as {
      companies: { name: string }[];
      points: { c: number }[];
    };
    const drawn = new Set(payload.points.map((p) => payload.companies[p.c]?.name));
    for (const name of clientCompanies) expect(drawn).toContain(name);
    const map = page.locator('.leaflet-container');
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('.aforo-point, .aforo-cluster').first()).toBeVisible();
    // a point's popup names its company
    await map.locator('.aforo-point').first().click({ force: true });
    const popupCompany = page.getByTestId('map-popup-company');
    await expect(popupCompany).toBeVisible();
    expect(clientCompanies).toContain((await popupCompany.textContent())?.trim());
    if (shots) await map.screenshot({ path: `${shots}/network-map-${language}.png` });
  });
}

test('a client user gets no "All companies" choice and no company column', async ({ page }) => {
  await open(page, 'admin-cliente.norte@demo.aforo.dev', '/app/monitoring', 'es');
  const table = page.getByRole('table', { name: 'Monitorización' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Empresa', exact: true })).toHaveCount(0);
  const selector = page.getByRole('combobox', { name: 'Empresa', exact: true });
  if ((await selector.count()) > 0) {
    await selector.click();
    await expect(page.getByRole('option', { name: 'Todas las empresas' })).toHaveCount(0);
  }
  await page.goto('/app');
  await expect(page.getByRole('table', { name: 'Empresas de la red' })).toHaveCount(0);
});
