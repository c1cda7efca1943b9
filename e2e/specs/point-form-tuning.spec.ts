/**
 * The point form's alert tuning (docs/WEB.md, "Point form"; docs/ALERTS.md): the provider admin opens
 * a demo point's edit form, lowers its danger level, and the replay preview counts the alerts the
 * last 30 days would have raised — the same counts the replay endpoint gives for those values.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, openWithToken } from './helpers';
import { companyApi, companyIdByName, norteName } from './fleet';

const pointName = 'Ebro en Zaragoza (Puente de Piedra)';

// tall enough for the whole edit form in one screenshot
test.use({ viewport: { width: 1440, height: 2000 } });

/** The demo point, its company and an API in that company as the provider admin. */
async function demoPoint(page: Page) {
  const token = await adminToken(page.request);
  const companyId = await companyIdByName(page.request, token, norteName);
  const api = companyApi(page.request, token, companyId);
  const { rows } = await api.get<{ rows: { id: string; name: string; alertValue: number | null }[] }>(
    `/api/points?length=-1&search=${encodeURIComponent('Ebro en Zaragoza')}`,
  );
  const point = rows.find((p) => p.name === pointName)!;
  expect(point).toBeTruthy();
  return { token, companyId, api, point };
}

interface Replay {
  measures: number;
  alerts: { danger: number; warning: number };
  current: { danger: number; warning: number };
}

test('the danger level changed in the point form is tried on the last 30 days', async ({ page }) => {
  const { token, companyId, api, point } = await demoPoint(page);

  // levels inside the range the last 30 days reached, so the new danger level is crossed
  const to = Math.ceil(Date.now() / 1000);
  const series = await api.get<{ points: { min: number | null; max: number | null }[] }>(
    `/api/points/${point.id}/series?from=${to - 30 * 86_400}&to=${to}&buckets=100`,
  );
  const lows = series.points.flatMap((p) => (p.min === null ? [] : [p.min]));
  const highs = series.points.flatMap((p) => (p.max === null ? [] : [p.max]));
  expect(highs.length).toBeGreaterThan(0);
  const [low, high] = [Math.min(...lows), Math.max(...highs)];
  const round = (v: number) => Math.round(v * 100) / 100;
  const danger = round(low + 0.7 * (high - low));
  const warning = round(low + 0.4 * (high - low));

  await openWithToken(page, token, companyId, `/app/operation/points/${point.id}`);
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Editar ${pointName}` });
  const tuning = dialog.getByTestId('alert-tuning');
  await expect(tuning.getByRole('textbox', { name: 'Retardo de activación' })).toHaveValue('1');
  const comma = (v: number) => String(v).replace('.', ',');
  await tuning.getByRole('textbox', { name: 'Nivel de aviso' }).fill(comma(warning));
  await tuning.getByRole('textbox', { name: 'Nivel de peligro' }).fill(comma(danger));

  // the preview starts by itself once a level changed, and agrees with the endpoint
  const expected = await api.post<Replay>(`/api/points/${point.id}/alert-replay`, {
    alertValue: danger,
    warningValue: warning,
    alertOnDelay: 1,
    alertOffDelay: 1,
    alertDeadband: null,
  });
  expect(expected.measures).toBeGreaterThan(0);
  expect(expected.alerts.danger).toBeGreaterThan(0);
  const preview = tuning.getByTestId('alert-replay');
  await expect(preview.getByText('Alertas que habrían saltado en los últimos 30 días')).toBeVisible();
  const candidate = preview.getByTestId('replay-candidate');
  await expect(candidate.locator('[data-level="DANGER"]')).toHaveText(String(expected.alerts.danger), {
    timeout: 15_000,
  });
  await expect(candidate.locator('[data-level="WARNING"]')).toHaveText(String(expected.alerts.warning));
  const current = preview.getByTestId('replay-current');
  await expect(current.locator('[data-level="DANGER"]')).toHaveText(String(expected.current.danger));
  await expect(current.locator('[data-level="WARNING"]')).toHaveText(String(expected.current.warning));
  await expect(
    preview.getByText(/medidas del puerto \w+, del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}\./),
  ).toBeVisible();
  await dialog.screenshot({ path: '../docs/screenshots/point-form-tuning-es.png' });

  // a warning level above the danger level is refused with its own message, and nothing is replayed
  await tuning.getByRole('textbox', { name: 'Nivel de aviso' }).fill(comma(round(danger + 1)));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El nivel de aviso debe ser menor o igual que el de peligro')).toBeVisible();
  await expect(preview.getByText('Corrija los niveles y retardos para ver la prueba.')).toBeVisible();
  // nothing was saved: the point keeps its danger level
  const after = await api.get<{ alertValue: number | null }>(`/api/points/${point.id}`);
  expect(after.alertValue).toBe(point.alertValue);
});

test('in English the form names the levels and tries the saved ones on request', async ({ page }) => {
  const { token, companyId, api, point } = await demoPoint(page);
  await openWithToken(page, token, companyId, `/app/operation/points/${point.id}`);
  await page.locator('label', { hasText: /^EN$/ }).first().click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${pointName}` });
  const tuning = dialog.getByTestId('alert-tuning');
  await expect(tuning.getByRole('textbox', { name: 'Danger level' })).toHaveValue(
    String(point.alertValue ?? ''),
  );
  await expect(tuning.getByRole('textbox', { name: 'Off-delay' })).toHaveValue('1');
  await expect(tuning.getByRole('textbox', { name: 'Deadband' })).toHaveAttribute(
    'placeholder',
    '2 % of the level',
  );
  // the port's limits are fields with their meaning, not a JSON text
  await expect(
    dialog.getByText(/The range the sensor measures reliably, not an alert level/).first(),
  ).toBeVisible();

  await tuning.getByRole('button', { name: 'Try on the last 30 days' }).click();
  const stored = await api.get<Record<string, number | null>>(`/api/points/${point.id}`);
  const saved = await api.post<Replay>(`/api/points/${point.id}/alert-replay`, {
    alertValue: stored.alertValue,
    warningValue: stored.warningValue,
    alertOnDelay: stored.alertOnDelay,
    alertOffDelay: stored.alertOffDelay,
    alertDeadband: stored.alertDeadband,
  });
  const preview = tuning.getByTestId('alert-replay');
  await expect(preview.getByText('Alerts the last 30 days would have raised')).toBeVisible();
  for (const row of ['replay-candidate', 'replay-current'])
    await expect(preview.getByTestId(row).locator('[data-level="DANGER"]')).toHaveText(
      saved.current.danger.toLocaleString('en-GB'),
      { timeout: 15_000 },
    );
  await expect(
    preview.getByText(/measures of port \w+, from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\./),
  ).toBeVisible();
  await dialog.screenshot({ path: '../docs/screenshots/point-form-tuning-en.png' });
});
