/**
 * Fleet set-up through the API for specs (and the notification benchmark): a company's API as the
 * provider admin, a device created and assigned, a point, an installation, the device's key, and a
 * real MQTT client publishing as the device. Failures throw with the server's answer, so this file
 * also runs outside the Playwright runner (e2e/bench/).
 */
import type { APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';
import { e2eMqttPort } from './helpers';

export type CompanyApi = ReturnType<typeof companyApi>;

/** API calls with a token, in a company (X-Current-Company) or without one. */
export function companyApi(request: APIRequestContext, token: string, companyId: string | null) {
  const headers = {
    Authorization: `Bearer ${token}`,
    ...(companyId ? { 'X-Current-Company': companyId } : {}),
  };
  return {
    async get<T>(path: string): Promise<T> {
      const response = await request.get(path, { headers });
      if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async post<T>(path: string, data: object = {}): Promise<T> {
      const response = await request.post(path, { headers, data });
      if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** The demo client company the fleet specs work in. */
export const norteName = 'Canal del Norte';

/** The id of a company the token's user sees, by the start of its business name. */
export async function companyIdByName(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const info = await companyApi(request, token, null).get<{
    companies: { id: string; businessName: string }[];
  }>('/api/users/info/logged');
  const company = info.companies.find((c) => c.businessName.startsWith(name));
  if (!company) throw new Error(`no company ${name} for this user`);
  return company.id;
}

/** A new device of the company (created by the admin, then assigned to it). */
export async function createDevice(
  api: CompanyApi,
  companyId: string,
  device: { serial: string; modelId: string; productId: string },
): Promise<{ id: string }> {
  const created = await api.post<{ id: string }>('/api/devices', device);
  await api.post(`/api/devices/${created.id}/assign`, { companyId });
  return created;
}

export interface NewPoint {
  name: string;
  latitude: number;
  longitude: number;
  measureTime: number;
  transmissionTime: number;
  alertValue?: number;
}

export function createPoint(api: CompanyApi, point: NewPoint): Promise<{ id: string; name: string }> {
  return api.post('/api/points', { kind: 'river', ...point });
}

/** A 4-20 mA level device model and product of the demo catalogue, by name and code. */
export async function levelCatalogue(
  api: CompanyApi,
): Promise<{ modelId: string; model: string; productId: string }> {
  const model = 'MDS-Dipper-PT';
  const models = await api.get<{ rows: { id: string; name: string }[] }>('/api/models?length=-1');
  const products = await api.get<{ rows: { id: string; code: string }[] }>('/api/products?length=-1');
  return {
    modelId: models.rows.find((m) => m.name === model)!.id,
    model,
    productId: products.rows.find((p) => p.code === 'LVL')!.id,
  };
}

export interface LevelStation {
  serial: string;
  key: string;
  model: string;
  point: { id: string; name: string };
}

/**
 * A level device (4-20 mA on ai1 read as 0 → 10 m) installed at a new point with a danger value,
 * and its key for MQTT: 4 mA + 1.6 mA per metre.
 */
export async function installLevelStation(
  api: CompanyApi,
  companyId: string,
  options: {
    serial: string;
    pointName: string;
    alertValue: number;
    catalogue?: Awaited<ReturnType<typeof levelCatalogue>>;
  },
): Promise<LevelStation> {
  const catalogue = options.catalogue ?? (await levelCatalogue(api));
  const device = await createDevice(api, companyId, {
    serial: options.serial,
    modelId: catalogue.modelId,
    productId: catalogue.productId,
  });
  const point = await createPoint(api, {
    name: options.pointName,
    latitude: 42.81,
    longitude: -1.65,
    measureTime: 60,
    transmissionTime: 300,
    alertValue: options.alertValue,
  });
  await api.post(`/api/devices/${device.id}/install`, {
    pointId: point.id,
    configuration: {
      measureTime: 60,
      transmissionTime: 300,
      measuresForAvg: 1,
      parameters: { ai1: { active: true, value_4mA: 0, value_20mA: 10 } },
    },
  });
  const { key } = await api.post<{ key: string }>(`/api/devices/${device.id}/key`);
  return { serial: options.serial, key, model: catalogue.model, point };
}

/** The current of a 0 → 10 m level transmitter for a level in metres. */
export const milliampsFor = (metres: number) => 4 + 1.6 * metres;

/** A device's connection to the server's embedded broker (QoS 1 publishes resolve on the broker's ack). */
export async function connectAsDevice(
  station: Pick<LevelStation, 'serial' | 'key'>,
  port = e2eMqttPort,
): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: station.serial,
    password: station.key,
    clientId: `e2e-${station.serial}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** One native-JSON message of a level station: one reading of ai1 `secondsAgo` before now. */
export function levelMessage(station: LevelStation, seq: number, milliamps: number, secondsAgo = 5) {
  return {
    topic: `aforo/v1/LVL/${station.serial}/up`,
    body: JSON.stringify({
      v: 1,
      product: 'LVL',
      model: station.model,
      serial: station.serial,
      msg_seq: seq,
      measures: [{ port: 'ai1', t: Math.floor(Date.now() / 1000) - secondsAgo, v: milliamps }],
    }),
  };
}
