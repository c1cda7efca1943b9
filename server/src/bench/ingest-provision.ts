/**
 * Provisions the benchmark's devices through the real HTTP API, as the demo admin would in the web
 * app: register the device, take its key, assign it to a client company, create a measurement point
 * with the port's parameters and install the device there. Measures then go through the whole
 * pipeline, conversion included.
 */
import { randomBytes } from 'node:crypto';

export interface BenchDevice {
  id: string;
  serial: string;
  key: string;
  product: string;
  model: string;
  port: string;
  pointId: string;
}

export interface Provisioned {
  devices: BenchDevice[];
  /** The prefix of every benchmark serial (BENCH-<run>-), to count their measures afterwards. */
  serialPrefix: string;
  seconds: number;
}

interface Api {
  call<T>(method: string, path: string, body?: unknown, company?: string): Promise<T>;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<Api> {
  const res = await fetch(`${baseUrl}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return {
    async call<T>(method: string, path: string, body?: unknown, company?: string): Promise<T> {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (company) headers['x-current-company'] = company;
      const r = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
      return (await r.json()) as T;
    },
  };
}

interface Named {
  id: string;
  name: string;
}
interface ModelRow extends Named {
  ports: { key: string; type: string }[];
}
interface ProductRow {
  id: string;
  code: string;
  models: Named[];
}
interface CompanyRow {
  id: string;
  businessName: string;
  isProvider?: boolean;
}

/** A 4-20 mA level sensor: 4 mA = 0 m, 20 mA = 10 m, expected 0.5..9.5 m (a river gauge). */
const portParameters = {
  label: 'Nivel',
  active: true,
  operation_mode: 'level',
  value_4mA: 0,
  value_20mA: 10,
  min_value_expected: 0.5,
  max_value_expected: 9.5,
};

/** Runs `work` over `items` with at most `concurrency` calls at a time. */
async function inPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

export async function provisionDevices(
  baseUrl: string,
  count: number,
  credentials = { email: 'admin@demo.aforo.dev', password: 'aforo-demo-2026' },
  /** The client company that gets the devices (default: the first client company listed). */
  companyId?: string,
): Promise<Provisioned> {
  const started = performance.now();
  const api = await signIn(baseUrl, credentials.email, credentials.password);

  const models = await api.call<{ rows: ModelRow[] }>('GET', '/api/models?length=-1');
  const products = await api.call<{ rows: ProductRow[] }>('GET', '/api/products?length=-1');
  // a single-port 4-20 mA model and a product that lists it (demo catalogue: MDS-Dipper-PT in LVL)
  const model = models.rows.find(
    (m) =>
      m.ports.length === 1 &&
      m.ports[0]!.type === 'current_4_20' &&
      products.rows.some((p) => p.models.some((pm) => pm.id === m.id)),
  );
  if (!model)
    throw new Error('the catalogue has no single-port current_4_20 model in a product (SEED=demo?)');
  const product = products.rows.find((p) => p.models.some((pm) => pm.id === model.id))!;
  const port = model.ports[0]!.key;

  const companies = await api.call<{ rows: CompanyRow[] }>('GET', '/api/companies?length=-1');
  const company = companyId
    ? companies.rows.find((c) => c.id === companyId)
    : (companies.rows.find((c) => c.isProvider === false) ?? companies.rows.find((c) => !c.isProvider));
  if (!company) throw new Error('no client company to assign the devices to');

  const serialPrefix = `BENCH-${randomBytes(3).toString('hex').toUpperCase()}-`;
  const indexes = Array.from({ length: count }, (_, i) => i);
  const devices = await inPool(indexes, 8, async (i): Promise<BenchDevice> => {
    const serial = `${serialPrefix}${String(i).padStart(4, '0')}`;
    const device = await api.call<{ id: string }>('POST', '/api/devices', {
      serial,
      modelId: model.id,
      productId: product.id,
    });
    const { key } = await api.call<{ key: string }>('POST', `/api/devices/${device.id}/key`);
    await api.call('POST', `/api/devices/${device.id}/assign`, { companyId: company.id });
    const point = await api.call<{ id: string }>(
      'POST',
      '/api/points',
      {
        name: `Bench ${serial}`,
        latitude: 42 + i / 1000,
        longitude: -1.5 - i / 1000,
        kind: 'river',
        groundLevel: 10,
        invertLevel: 0,
        measureTime: 60,
        transmissionTime: 300,
        // the generator's level swings 2.5–7.5 m (ingest-load.ts): warning and danger open and clear
        // again every ~3,800 measures of a device, so the alert engine really records alerts
        warningValue: 6.5,
        alertValue: 7.2,
        unit: 'm',
        test: true,
        alertFlat: false,
        parameters: { [port]: portParameters },
      },
      company.id,
    );
    await api.call('POST', `/api/devices/${device.id}/install`, { pointId: point.id });
    return { id: device.id, serial, key, product: product.code, model: model.name, port, pointId: point.id };
  });
  return { devices, serialPrefix, seconds: (performance.now() - started) / 1000 };
}
