/**
 * The demo fleet as `npm run simulate` sees it: through the HTTP API of a running Aforo (on PGlite
 * the database belongs to the server process), signed in as the demo provider admin.
 */
import type { Device } from '@aforo/contracts/devices';
import type { Model, PortType } from '@aforo/contracts/models';
import type { Point } from '@aforo/contracts/points';
import { demoDeviceKey, demoProvisioningKey } from './demo-keys';
import { faultAt, levelsOf, portsAtPoint, unplacedRiver, type SimulatedDevice } from './device-plan';
import { transmittingStates } from './demo-devices';
import { pointKinds, type PointKind } from './series-physical';

export const demoAdminEmail = 'admin@demo.aforo.dev';
/** What a new serial registers as: a radar level station. */
const newDeviceProduct = 'LVL';
const newDeviceModel = 'VEGAPULS C 21';

export class ApiError extends Error {}

function client(apiUrl: string) {
  let token = '';
  async function call<T>(
    method: string,
    path: string,
    options: { body?: unknown; company?: string } = {},
  ): Promise<T> {
    const response = await fetch(new URL(path, apiUrl), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        // client-company items (points) are read in their company's context
        ...(options.company ? { 'x-current-company': options.company } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
  return {
    call,
    async signIn(email: string, password: string) {
      ({ token } = await call<{ token: string }>('POST', '/api/login_check', {
        body: { username: email, password },
      }));
    },
  };
}

/**
 * The installed demo devices in a transmitting state (with their demo keys and faults), then as many
 * new serials SIM-0001… as `count` asks beyond them: those log in with the product's provisioning
 * key and register themselves as Unconfigured devices.
 */
export async function loadFleetOverApi(options: {
  apiUrl: string;
  demoPassword: string;
  count?: number;
}): Promise<{ devices: SimulatedDevice[]; installed: number; added: number }> {
  const api = client(options.apiUrl);
  await api.signIn(demoAdminEmail, options.demoPassword);
  const list = await api.call<{ rows: Device[] }>(
    'GET',
    '/api/devices?allCompanies=true&length=-1&order=serial&dir=ASC',
  );
  const models = new Map<string, Promise<Model>>();
  const modelOf = (id: string) => {
    if (!models.has(id)) models.set(id, api.call<Model>('GET', `/api/models/${id}`));
    return models.get(id)!;
  };

  const wanted = options.count ?? Infinity;
  const devices: SimulatedDevice[] = [];
  for (const d of list.rows) {
    if (devices.length >= wanted) break;
    if (!d.measurementPoint || !d.company || !d.model || !d.product || !transmittingStates.has(d.state))
      continue;
    const [point, model] = await Promise.all([
      api.call<Point>('GET', `/api/points/${d.measurementPoint.id}`, { company: d.company.id }),
      modelOf(d.model.id),
    ]);
    const ports = portsAtPoint(model.ports, point);
    if (ports.length === 0) continue;
    const fault = faultAt(point.name);
    devices.push({
      serial: d.serial,
      key: demoDeviceKey(options.demoPassword, d.serial),
      productCode: d.product.code,
      modelName: d.model.name,
      ...(d.firmware ? { firmware: d.firmware.version } : {}),
      ports,
      pointKind: (pointKinds as readonly string[]).includes(point.kind) ? (point.kind as PointKind) : null,
      levels: levelsOf(point),
      measureTime: point.measureTime,
      ...(fault ? { fault } : {}),
    });
  }
  const installed = devices.length;

  const extra = Number.isFinite(wanted) ? Math.max(0, wanted - installed) : 0;
  if (extra > 0) {
    const found = await api.call<{ rows: Model[] }>(
      'GET',
      `/api/models?length=-1&search=${encodeURIComponent(newDeviceModel)}`,
    );
    const model = found.rows.find((m) => m.name === newDeviceModel);
    if (!model) throw new ApiError(`model ${newDeviceModel} is not in the catalogue`);
    const key = demoProvisioningKey(options.demoPassword, newDeviceProduct);
    for (let i = 1; i <= extra; i++)
      devices.push(newDevice(`SIM-${String(i).padStart(4, '0')}`, key, model.ports));
  }
  return { devices, installed, added: extra };
}

/** A new serial: no point yet, so it reports a river's distances with its model's first port. */
export function newDevice(serial: string, provisioningKey: string, ports: { key: string; type: PortType }[]) {
  const { site, levels } = unplacedRiver(serial);
  const port = ports.find((p) => p.type === 'radar' || p.type === 'ultrasonic') ?? ports[0]!;
  return {
    serial,
    key: provisioningKey,
    productCode: newDeviceProduct,
    modelName: newDeviceModel,
    ports: [{ key: port.key, type: port.type, parameters: {}, site }],
    pointKind: null,
    levels,
    measureTime: 900,
  } satisfies SimulatedDevice;
}
