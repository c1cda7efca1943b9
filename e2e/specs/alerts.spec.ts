/**
 * Alerts end to end: a device publishes a level above its point's danger value through a real MQTT
 * client to the server's embedded broker. Within 2 s, without a reload, the alerts screen shows the
 * DANGER alert from the live stream, and the bell of an operator the demo notification config
 * reaches (Canal del Norte's ROLE_CHIEF_CLIENTE) counts it and lists it; the operator then
 * acknowledges the alert with a comment.
 */
import { expect, test, type Locator } from '@playwright/test';
import {
  companyApi,
  companyIdByName,
  connectAsDevice,
  installLevelStation,
  levelMessage,
  milliampsFor,
  norteName,
} from './fleet';
import { adminToken, openSignedIn } from './helpers';

/** A recipient of the demo config "Avisos de crecida y fallos de sensor" (admins and operators). */
const operatorEmail = 'chief-cliente.norte@demo.aforo.dev';

/** The bell's unread count, from its label ("Notificaciones: 3 sin leer"; none: "Notificaciones"). */
async function unreadOf(bell: Locator): Promise<number> {
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) sin leer/.exec(label)?.[1] ?? 0);
}

test('a DANGER alert raised over MQTT reaches the alerts screen and the bell live, and is acknowledged', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const norte = await companyIdByName(page.request, token, norteName);
  // a 4-20 mA level device (0 → 10 m) installed at a new point whose danger value is 4 m
  const serial = `ALR-${Date.now() % 100_000_000}`;
  const station = await installLevelStation(companyApi(page.request, token, norte), norte, {
    serial,
    pointName: `Alerta ${serial}`,
    alertValue: 4,
  });
  const { point } = station;

  // the operator's screen of the point's alerts in every state, open before anything is published
  await openSignedIn(page, operatorEmail, `/app/operation/alerts?state=all&pointId=${point.id}`);
  const table = page.getByRole('table', { name: 'Alertas' });
  await expect(page.getByText('Ninguna alerta cumple estos filtros.')).toBeVisible();
  // the bell open too, once its first answer is in: what it counts now is the baseline
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await bell.click();
  const bellList = page.getByRole('dialog').filter({ hasText: 'Marcar todas como leídas' });
  await expect(bellList).toBeVisible();
  await expect(bellList.getByText('Cargando…')).toBeHidden();
  const unreadBefore = await unreadOf(bell);
  const notification = bellList.getByRole('button', { name: `Alerta: Peligro · ${point.name}` });
  await expect(notification).toBeHidden();

  // 6 m is above the 4 m danger value; everything below must show within 2 s of the publish
  const device = await connectAsDevice(station);
  const { topic, body } = levelMessage(station, 1, milliampsFor(6));
  const publishedAt = Date.now();
  try {
    await device.publishAsync(topic, body, { qos: 1 });
  } finally {
    await device.endAsync();
  }
  const withinTwoSeconds = () => ({ timeout: Math.max(1, publishedAt + 2000 - Date.now()) });
  const row = table.getByRole('row').filter({ hasText: point.name });
  await Promise.all([
    expect(row).toBeVisible(withinTwoSeconds()),
    expect(notification).toBeVisible(withinTwoSeconds()),
    expect.poll(() => unreadOf(bell), withinTwoSeconds()).toBeGreaterThan(unreadBefore),
  ]);
  await expect(row.locator('[data-level="DANGER"]')).toHaveText('Peligro');
  await expect(row.getByTestId('alert-state')).toHaveText('Abierta');
  await expect(notification).toHaveAttribute('data-unread', 'true');
  await expect(notification).toContainText(`Peligro en ${point.name}`);
  await bell.click();
  await expect(bellList).toBeHidden();

  // acknowledge it with a comment from the row's menu
  await row.getByRole('button', { name: `Acciones de la alerta de ${point.name}` }).click();
  await page.getByRole('menuitem', { name: 'Reconocer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconocer la alerta' });
  await dialog.getByLabel('Comentario').fill('Brigada avisada');
  await dialog.getByRole('button', { name: 'Reconocer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('alert-state')).toHaveText('Reconocida');
  await expect(row.getByTestId('alert-comment')).toHaveText('Brigada avisada');
});
