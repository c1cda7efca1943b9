/**
 * An alert's detail end to end (docs/ALERTS.md "Alert detail"): a device publishes a rising level
 * through the embedded broker until its point's danger value is crossed; in the alerts table (which
 * fits 1280 px without scrolling sideways) the operator clicks the alert's row, reads its detail —
 * the chart around it, the timeline with the value that opened it, the notifications sent — and
 * acknowledges it there with a comment. In English, another alert's detail is shelved from it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  companyApi,
  companyIdByName,
  connectAsDevice,
  installLevelStation,
  levelMessage,
  milliampsFor,
  norteName,
  type LevelStation,
} from './fleet';
import { adminToken, openSignedIn } from './helpers';

/** A recipient of the demo config "Avisos de crecida y fallos de sensor" (admins and operators). */
const operatorEmail = 'chief-cliente.norte@demo.aforo.dev';
const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;

/**
 * A new level station at Canal del Norte (danger value 4 m) whose device publishes levels one minute
 * apart, the newest a minute ago: 4.6 m opens a DANGER alert, the higher ones keep it open.
 */
async function raiseAlert(request: APIRequestContext): Promise<LevelStation> {
  const token = await adminToken(request);
  const norte = await companyIdByName(request, token, norteName);
  const serial = `DET-${Date.now() % 100_000_000}`;
  const station = await installLevelStation(companyApi(request, token, norte), norte, {
    serial,
    pointName: `Detalle ${serial}`,
    alertValue: 4,
  });
  await publishRise(station, [3.1, 3.7, 4.6, 5.25, 5.8]);
  return station;
}

async function publishRise(station: LevelStation, levels: number[]) {
  const device = await connectAsDevice(station);
  try {
    for (const [i, level] of levels.entries()) {
      const { topic, body } = levelMessage(station, i + 1, milliampsFor(level), (levels.length - i) * 60);
      await device.publishAsync(topic, body, { qos: 1 });
    }
  } finally {
    await device.endAsync();
  }
}

/** Nothing wider than the window: no sideways scroll of the page or of the table. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const wide = (el: Element) => el.scrollWidth - el.clientWidth;
    const scrollers = [...document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport')];
    return Math.max(wide(document.documentElement), ...scrollers.map(wide));
  });
  expect(overflow).toBeLessThanOrEqual(1);
}

async function useLanguage(page: Page, language: 'es' | 'en') {
  await page.evaluate((lang) => {
    const session = JSON.parse(localStorage.getItem('aforo.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('aforo.session', JSON.stringify({ ...session, language: lang }));
  }, language);
}

test('an alert row opens its detail, which is acknowledged from it (es)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { point } = await raiseAlert(page.request);

  await openSignedIn(page, operatorEmail, '/app/operation/alerts?state=all');
  const table = page.getByRole('table', { name: 'Alertas' });
  const row = table.getByRole('row').filter({ hasText: point.name });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-level="DANGER"]')).toHaveText('Peligro');
  await expect(row.getByTestId('alert-state')).toHaveText('Abierta');
  await expectNoSidewaysScroll(page);
  if (shots) await page.screenshot({ path: `${shots}/alerts-table-1280-es.png` });

  // the row itself opens the detail (its point link and its menu lead elsewhere)
  await row.getByTestId('alert-state').click();
  await expect(page).toHaveURL(/\/app\/operation\/alerts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Peligro en ${point.name}` })).toBeVisible();
  const timeline = page.getByLabel('Historia');
  await expect(timeline.getByText('Abierta con 4,6 m')).toBeVisible();
  // the demo config tells Canal del Norte's admins and operators in the app
  const sent = page.getByRole('table', { name: 'Notificaciones enviadas' });
  await expect(sent.locator('tr[data-channel="in_app"]').first()).toContainText('Enviada');
  // the chart of the hours around it draws
  await expect(page.locator('canvas').first()).toBeVisible();

  await page.getByRole('button', { name: 'Reconocer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconocer la alerta' });
  await dialog.getByLabel('Comentario').fill('Brigada avisada');
  await dialog.getByRole('button', { name: 'Reconocer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('alert-state')).toHaveText('Reconocida');
  await expect(timeline.getByText(/^Reconocida por /)).toBeVisible();
  await expect(timeline.getByText('“Brigada avisada”')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconocer' })).toBeHidden();
  if (shots) await page.screenshot({ path: `${shots}/alert-detail-es.png`, fullPage: true });

  // back to the list it came from: the row says who acknowledged it
  await page.getByRole('link', { name: 'Volver a las alertas' }).click();
  await expect(page).toHaveURL(/\/app\/operation\/alerts\?state=all$/);
  await expect(row.getByTestId('alert-comment')).toHaveText('Brigada avisada');
});

test('an alert’s detail in English, shelved from it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const station = await raiseAlert(page.request);
  await openSignedIn(page, operatorEmail, '/app/operation/alerts?state=all');
  await useLanguage(page, 'en');
  await page.reload();
  const table = page.getByRole('table', { name: 'Alerts' });
  const row = table.getByRole('row').filter({ hasText: station.point.name });
  await expect(row.getByTestId('alert-state')).toHaveText('Open');
  await expectNoSidewaysScroll(page);
  if (shots) await page.screenshot({ path: `${shots}/alerts-table-1280-en.png` });

  await row.getByTestId('alert-state').click();
  await expect(page.getByRole('heading', { name: `Danger at ${station.point.name}` })).toBeVisible();
  const timeline = page.getByLabel('Timeline');
  await expect(timeline.getByText('Opened with 4.6 m')).toBeVisible();
  await page.getByRole('button', { name: 'Shelve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shelve the alert' });
  await dialog.getByLabel('Reason').fill('Works on the riverbed');
  await dialog.getByRole('button', { name: 'Shelve' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline.getByText(/^Shelved by .+ until /)).toBeVisible();
  await expect(timeline.getByText('Reason: Works on the riverbed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unshelve' })).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/alert-detail-en.png`, fullPage: true });
});

test('provider staff see every company’s alerts with a company column, still within 1280 px, and open one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { point } = await raiseAlert(page.request);
  // the network view is on by default for provider staff: their own company has no points
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/operation/alerts?state=all');
  const table = page.getByRole('table', { name: 'Alertas' });
  await expect(table.getByRole('columnheader', { name: 'Empresa' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: point.name });
  await expect(row).toContainText('Canal del Norte');
  await expectNoSidewaysScroll(page);
  if (shots) await page.screenshot({ path: `${shots}/alerts-network-1280-es.png` });
  // an alert of a company other than the provider's own opens all the same
  await row.getByTestId('alert-state').click();
  await expect(page.getByRole('heading', { name: `Peligro en ${point.name}` })).toBeVisible();
  await expect(page.getByLabel('Historia').getByText('Abierta con 4,6 m')).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
});
