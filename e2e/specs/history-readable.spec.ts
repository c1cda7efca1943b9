/**
 * Issue 22 items 7 and 8 in the browser: the history of changes names what changed and says it in the
 * interface language; refused measures say why in Spanish; a screen the roles do not open says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;
const operator = 'chief-cliente.norte@demo.aforo.dev';

interface PointRow {
  id: string;
  name: string;
  alertValue: number | null;
  warningValue: number | null;
}

/** Raises a point's danger level by half a unit through the API, as the point form would. */
async function raiseDangerLevel(page: Page): Promise<{ point: PointRow; before: number; after: number }> {
  const token = await apiToken(page.request, operator);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/points?page=1&length=100', { headers });
  expect(list.ok()).toBeTruthy();
  const rows = ((await list.json()) as { rows: PointRow[] }).rows;
  const point = rows.find((p) => p.alertValue !== null && p.warningValue !== null) ?? rows[0]!;
  const full = (await (await page.request.get(`/api/points/${point.id}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const before = point.alertValue ?? 5;
  const after = Math.round((before + 0.5) * 100) / 100;
  const saved = await page.request.put(`/api/points/${point.id}`, {
    headers,
    data: { ...full, alertValue: after },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  return { point, before, after };
}

/** "5.25" → "5,25": how the Spanish interface writes a number. */
const spanish = (n: number) => String(n).replace('.', ',');

async function useEnglish(page: Page): Promise<void> {
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('aforo.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('aforo.session', JSON.stringify({ ...session, language: 'en' }));
  });
  await page.reload();
}

test("the history of changes shows a point's name and translated labels, in Spanish and English", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { point, before, after } = await raiseDangerLevel(page);
  await openSignedIn(
    page,
    operator,
    `/app/history-changes/history-changes?entityType=point&entityId=${point.id}`,
  );
  const entries = page.getByRole('table', { name: 'Historial de cambios' });
  const entry = entries.getByRole('row').filter({ hasText: 'Modificación' }).first();
  // the point by its name, not a truncated id
  await expect(entry.getByRole('button', { name: point.name })).toBeVisible();
  await expect(entry).not.toContainText(point.id.slice(0, 8));
  const change = entry.getByRole('row').filter({ hasText: /^Nivel de peligro/ });
  await expect(change.getByRole('cell')).toHaveText(['Nivel de peligro', spanish(before), spanish(after)]);
  if (shots) await page.screenshot({ path: `${shots}/history-es.png`, fullPage: true });

  await useEnglish(page);
  const english = page.getByRole('table', { name: 'Change history' });
  const row = english.getByRole('row').filter({ hasText: point.name }).first();
  await expect(
    row
      .getByRole('row')
      .filter({ hasText: /^Danger level/ })
      .getByRole('cell'),
  ).toHaveText(['Danger level', String(before), String(after)]);
  if (shots) await page.screenshot({ path: `${shots}/history-en.png`, fullPage: true });
});

test('alert entries of the history read as words: the alert type and the fields translated', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, operator, '/app/history-changes/history-changes?entityType=alert&length=10');
  const entries = page.getByRole('table', { name: 'Historial de cambios' });
  const opened = entries.getByRole('row').filter({ hasText: 'Alerta abierta' }).first();
  await expect(opened).toBeVisible();
  await expect(opened).toContainText('Tipo de alerta');
  for (const raw of ['OUT_OF_RANGE', 'PARTIAL_FLAT', 'NO_TRANSMISSION', 'DANGER', 'WARNING']) {
    await expect(entries).not.toContainText(raw);
  }
  if (shots) await page.screenshot({ path: `${shots}/history-alerts-es.png`, fullPage: true });
});

test('a client viewer opening an admin-only screen lands on the dashboard, told they have no access', async ({
  page,
}) => {
  await openSignedIn(page, 'user.norte@demo.aforo.dev', '/app/system/countries');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const toast = page.getByText('No tiene acceso a la pantalla «Países»; le llevamos al inicio.');
  await expect(toast).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/forbidden-toast-es.png` });
});

test("a client viewer's Components screen lists the component types it may read", async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/component-types') && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  await openSignedIn(page, 'user.norte@demo.aforo.dev', '/app/operation/components?tab=types');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(failures).toEqual([]);
});

test('refused measures say why in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/administration/measures-failed');
  const table = page.getByRole('table', { name: 'Medidas fallidas' });
  await expect(table.getByRole('columnheader', { name: 'Tema MQTT' })).toBeVisible();
  await expect(table.getByText(/está registrado como modelo .+, no ARC-1/)).toBeVisible();
  await expect(table).not.toContainText('is registered as');
  if (shots) await page.screenshot({ path: `${shots}/failed-measures-es.png`, fullPage: true });
});
