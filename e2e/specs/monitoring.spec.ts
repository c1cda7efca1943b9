/**
 * Monitoring end to end: a device publishes through a real MQTT client to the server's embedded
 * broker; the monitoring list, open meanwhile, shows the new value within 2 s without a reload (the
 * live stream), then the point's DANGER level and row colour.
 */
import { expect, test } from '@playwright/test';
import {
  companyApi,
  companyIdByName,
  connectAsDevice,
  installLevelStation,
  levelMessage,
  norteName,
} from './fleet';
import { adminToken, openWithToken } from './helpers';

test('the monitoring list shows a value published over MQTT within 2 s, without reload', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const norte = await companyIdByName(page.request, token, norteName);
  // a 4-20 mA level device (0 → 10 m) installed at a new point whose danger value is 4 m
  const serial = `MON-${Date.now() % 100_000_000}`;
  const station = await installLevelStation(companyApi(page.request, token, norte), norte, {
    serial,
    pointName: `Monitor ${serial}`,
    alertValue: 4,
  });
  const { point } = station;

  // the list filtered to the point, in the URL, open before anything is published: no data yet
  await openWithToken(page, token, norte, `/app/monitoring?search=${encodeURIComponent(serial)}`);
  const table = page.getByRole('table', { name: 'Monitorización' });
  const row = table.getByRole('row').filter({ hasText: point.name });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-level="NO_DATA"]')).toHaveText('Sin datos');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  // each reading at its own second: a second one at the same time would be a duplicate measure
  const device = await connectAsDevice(station);
  const send = async (seq: number, milliamps: number) => {
    const { topic, body } = levelMessage(station, seq, milliamps, 10 - seq);
    await device.publishAsync(topic, body, { qos: 1 });
  };
  // 17.6 mA = 8.5 m (0 → 10 m over 4 → 20 mA): above the danger value
  await send(1, 17.6);
  await expect(row.locator('[data-flag]')).toContainText('8,5', { timeout: 2000 });
  await expect(row.locator('[data-level="DANGER"]')).toHaveText('Peligro');
  await expect(row).toHaveCSS('background-color', 'rgba(255, 0, 0, 0.1)');
  // a second reading replaces it, still without a reload
  await send(2, 8);
  await expect(row.locator('[data-flag]')).toContainText('2,5', { timeout: 2000 });
  expect(navigations).toEqual([]);
  await expect(page).toHaveURL(/search=MON-/);
  await device.endAsync();
});
