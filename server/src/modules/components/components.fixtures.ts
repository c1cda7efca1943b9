/**
 * Shared setup of components-*.test.ts: a test server per file with the demo users signed in, a
 * shared component type, and calls that register, install and read components. The exported `let`
 * bindings are live: useComponentsServer()'s beforeAll sets them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  buildCatalogue,
  buildDevice,
  buildPoint,
  companyIdByName,
  providerCompanyId,
} from '../../test/factories';
import { callAs, type Method } from '../../test/call-as';
import { startTestServer, type TestServer } from '../../test/test-server';

const emails = {
  admin: 'admin@demo.aforo.dev',
  chief: 'chief@demo.aforo.dev',
  viewer: 'viewer@demo.aforo.dev',
  clientAdmin: 'admin-cliente.norte@demo.aforo.dev',
  clientUser: 'user.norte@demo.aforo.dev',
  levanteUser: 'user.levante@demo.aforo.dev',
} as const;
export type Who = keyof typeof emails;
export const missingId = '00000000-0000-4000-8000-000000000000';

export interface Component {
  id: string;
  serial: string;
  state: string;
  values: Record<string, unknown>;
  type: { id: string; name: string; enabled: boolean; companyId: string; shared: boolean };
  device: { id: string; serial: string } | null;
  point: { id: string; name: string } | null;
}

export let server: TestServer;
export let norte: string;
export let levante: string;
export let provider: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
export let typeId: string;
export const tokens: Partial<Record<Who, string>> = {};

/** Registers the file's beforeAll and afterAll. */
export function useComponentsServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
    levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
    provider = await providerCompanyId(server.database.db);
    catalogue = await buildCatalogue(server.database.db);
    for (const [who, email] of Object.entries(emails)) tokens[who as Who] = await server.login(email);
    typeId = (await createType()).id;
  });
  afterAll(() => server.close());
}

/** `company`: the X-Current-Company of provider staff (their default is the provider). */
export const call = (method: Method, url: string, who: Who = 'admin', payload?: object, company?: string) =>
  callAs(server, tokens[who]!, method, url, payload, company);

/** A type of the provider (shared) unless another company is named. */
export async function createType(companyId = provider) {
  const res = await call(
    'POST',
    '/api/component-types',
    'admin',
    {
      name: `Sensor ${randomBytes(3).toString('hex')}`,
      magnitude: 'level',
      measureType: 'pressure',
      companyId,
      dynamicFields: [
        { key: 'range_m', label: 'Rango (m)', type: 'number', required: true },
        { key: 'calibrated', label: 'Calibrado', type: 'date' },
        { key: 'notes', label: 'Notas', type: 'text' },
        { key: 'sealed', label: 'Sellado', type: 'boolean' },
      ],
    },
    companyId,
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>();
}

export async function createComponent(
  type = typeId,
  values: object = { range_m: 10 },
  company?: string,
): Promise<Component> {
  const res = await call(
    'POST',
    '/api/components',
    'admin',
    { typeId: type, serial: `C-${randomBytes(4).toString('hex')}`, values },
    company,
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** A point of the company with an Active device at it. */
export async function pointWithDevice(companyId: string) {
  const point = await buildPoint(server.database.db, companyId);
  const device = await buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state: 'Active',
    companyId,
    measurementPointId: point.id,
  });
  return { point, device };
}

export async function installed(companyId: string, type = typeId) {
  const { point, device } = await pointWithDevice(companyId);
  const component = await createComponent(type);
  const res = await call(
    'POST',
    `/api/components/${component.id}/install`,
    'admin',
    { pointId: point.id },
    companyId,
  );
  expect(res.statusCode).toBe(200);
  return { point, device, component: res.json<Component>() };
}

export async function history(entityId: string) {
  const res = await call('GET', `/api/log-entries?entityType=component&entityId=${entityId}&dir=ASC`);
  expect(res.statusCode).toBe(200);
  return res.json<{
    rows: { action: string; companyId: string | null; changes: Record<string, unknown> }[];
  }>().rows;
}

export const codeOf = async (response: Promise<{ statusCode: number; json(): { code?: string } }>) => {
  const res = await response;
  return [res.statusCode, res.json().code];
};
