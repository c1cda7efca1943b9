/**
 * Monitoring end to end: a device publishes through a real MQTT client to the server's embedded
 * broker; the monitoring list, open meanwhile, shows the new value within 2 s without a reload (the
 * live stream), then the point's DANGER level and row colour.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { adminToken, e2eMqttPort } from './helpers';

// copied from alerts.spec.ts until the helpers are shared (see the brief)
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
    async post<T>(path: string, data: object = {}): Promise<T> {
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

async function publishAsDevice(serial: string, key: string, topic: string, body: object): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${e2eMqttPort}`, {
    username: serial,
    password: key,
    clientId: `e2e-${serial}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  try {
    await client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

test('the monitoring list shows a value published over MQTT within 2 s, without reload', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const info = await api(page.request, token, null).get<{
    companies: { id: string; businessName: string }[];
  }>('/api/users/info/logged');
  const norte = info.companies.find((c) => c.businessName.startsWith('Canal del Norte'))!.id;
  const norteApi = api(page.request, token, norte);

  // a 4-20 mA level device (0 → 10 m) installed at a new point whose danger value is 4 m
  const models = await norteApi.get<{ rows: { id: string; name: string }[] }>('/api/models?length=-1');
  const products = await norteApi.get<{ rows: { id: string; code: string }[] }>('/api/products?length=-1');
  const model = models.rows.find((m) => m.name === 'MDS-Dipper-PT')!;
  const product = products.rows.find((p) => p.code === 'LVL')!;
  const serial = `MON-${Date.now() % 100_000_000}`;
  const device = await norteApi.post<{ id: string }>('/api/devices', {
    serial,
    modelId: model.id,
    productId: product.id,
  });
  await norteApi.post(`/api/devices/${device.id}/assign`, { companyId: norte });
  const point = await norteApi.post<{ id: string; name: string }>('/api/points', {
    name: `Monitor ${serial}`,
    latitude: 42.81,
    longitude: -1.65,
    kind: 'river',
    measureTime: 60,
    transmissionTime: 300,
    alertValue: 4,
  });
  await norteApi.post(`/api/devices/${device.id}/install`, {
    pointId: point.id,
    configuration: {
      measureTime: 60,
      transmissionTime: 300,
      measuresForAvg: 1,
      parameters: { ai1: { active: true, value_4mA: 0, value_20mA: 10 } },
    },
  });
  const { key } = await norteApi.post<{ key: string }>(`/api/devices/${device.id}/key`);

  // the list filtered to the point, in the URL, open before anything is published: no data yet
  await openAs(page, token, norte, `/app/monitoring?search=${encodeURIComponent(serial)}`);
  const table = page.getByRole('table', { name: 'Monitorización' });
  const row = table.getByRole('row').filter({ hasText: point.name });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-level="NO_DATA"]')).toHaveText('Sin datos');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  // each reading at its own second: a second one at the same time would be a duplicate measure
  const send = (seq: number, milliamps: number) =>
    publishAsDevice(serial, key, `aforo/v1/LVL/${serial}/up`, {
      v: 1,
      product: 'LVL',
      model: model.name,
      serial,
      msg_seq: seq,
      measures: [{ port: 'ai1', t: Math.floor(Date.now() / 1000) - 10 + seq, v: milliamps }],
    });
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
});
