/**
 * Alerts end to end: a device publishes a level above its point's danger value through a real MQTT
 * client to the server's embedded broker; the alerts screen, open meanwhile, shows the DANGER alert
 * from the live stream without a reload; the operator acknowledges it with a comment.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { adminToken, e2eMqttPort } from './helpers';

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

/** Publishes one native-JSON message as the device (QoS 1: resolves once the broker acknowledged it). */
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

test('a DANGER alert raised over MQTT appears live on the alerts screen and is acknowledged', async ({
  page,
}) => {
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
  const serial = `ALR-${Date.now() % 100_000_000}`;
  const device = await norteApi.post<{ id: string }>('/api/devices', {
    serial,
    modelId: model.id,
    productId: product.id,
  });
  await norteApi.post(`/api/devices/${device.id}/assign`, { companyId: norte });
  const point = await norteApi.post<{ id: string; name: string }>('/api/points', {
    name: `Alerta ${serial}`,
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

  // the screen of the point's alerts in every state, open before anything is published
  await openAs(page, token, norte, `/app/operation/alerts?state=all&pointId=${point.id}`);
  const table = page.getByRole('table', { name: 'Alertas' });
  await expect(page.getByText('Ninguna alerta cumple estos filtros.')).toBeVisible();

  // 6 m (13.6 mA) is above the 4 m danger value
  await publishAsDevice(serial, key, `aforo/v1/LVL/${serial}/up`, {
    v: 1,
    product: 'LVL',
    model: model.name,
    serial,
    msg_seq: 1,
    measures: [{ port: 'ai1', t: Math.floor(Date.now() / 1000) - 5, v: 13.6 }],
  });
  const row = table.getByRole('row').filter({ hasText: point.name });
  await expect(row).toBeVisible({ timeout: 2000 });
  await expect(row.locator('[data-level="DANGER"]')).toHaveText('Peligro');
  await expect(row.getByTestId('alert-state')).toHaveText('Abierta');

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
