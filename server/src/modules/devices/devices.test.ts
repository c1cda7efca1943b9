import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceStates } from '@aforo/contracts/device-states';
import {
  buildCatalogue,
  buildDevice,
  buildPoint,
  companyIdByName,
  providerCompanyId,
} from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
let pointNorte: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  catalogue = await buildCatalogue(server.database.db);
  pointNorte = (await buildPoint(server.database.db, norte)).id;
  for (const email of [
    'admin@demo.aforo.dev',
    'chief@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'user.norte@demo.aforo.dev',
    'user.levante@demo.aforo.dev',
  ]) {
    tokens[email] = await server.login(email);
  }
});
afterAll(() => server.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who = 'admin@demo.aforo.dev',
  payload?: object,
  company?: string,
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      ...(company ? { 'x-current-company': company } : {}),
    }),
    ...(payload ? { payload } : {}),
  });

/** A device in `state`, with the company and point a device in that state would have. */
async function deviceIn(state: string) {
  const atPoint = ['Active', 'Not Operational', 'Maintenance', 'Repaired'].includes(state);
  const inStock = ['Unconfigured', 'Available'].includes(state);
  return buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state,
    companyId: inStock ? null : norte,
    // each device at its own point: a point holds one device
    measurementPointId: atPoint ? (await buildPoint(server.database.db, norte)).id : null,
  });
}

// docs/DEVICES.md, written out: the states each action starts from, where it leads, and the refusal code.
const table: Record<
  string,
  {
    from: string[];
    to: string;
    refused: string;
    body?: (device: { measurementPointId: string | null }) => Promise<object> | object;
  }
> = {
  review: { from: ['Unconfigured'], to: 'Available', refused: 'EQ1010' },
  assign: { from: ['Available'], to: 'Inactive', refused: 'EQ1010', body: () => ({ companyId: norte }) },
  install: {
    from: ['Inactive', 'Repaired'],
    to: 'Active',
    refused: 'EQ1010',
    // a repaired device goes back to its own point; a stocked one to a free point
    body: async (device) => ({
      pointId: device.measurementPointId ?? (await buildPoint(server.database.db, norte)).id,
    }),
  },
  'request-maintenance': { from: ['Active'], to: 'Not Operational', refused: 'EQ1018' },
  maintenance: { from: ['Active', 'Not Operational', 'Inactive'], to: 'Maintenance', refused: 'EQ1006' },
  repaired: { from: ['Maintenance'], to: 'Repaired', refused: 'EQ1007' },
  uninstall: { from: ['Active', 'Not Operational', 'Repaired'], to: 'Inactive', refused: 'EQ1015' },
  'turn-off': { from: ['Active'], to: 'Inactive', refused: 'EQ1017' },
  decommission: { from: ['Inactive'], to: 'Decommissioned', refused: 'EQ1008' },
};

describe('device life cycle: every action from every state (docs/DEVICES.md)', () => {
  for (const [action, rule] of Object.entries(table)) {
    for (const state of deviceStates) {
      const allowed = rule.from.includes(state);
      it(`${action} from ${state} → ${allowed ? rule.to : 'refused'}`, async () => {
        const device = await deviceIn(state);
        const res = await call(
          'POST',
          `/api/devices/${device.id}/${action}`,
          'admin@demo.aforo.dev',
          (await rule.body?.(device)) ?? { reason: 'test' },
        );
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().state).toBe(rule.to);
          const history = (await call('GET', `/api/devices/${device.id}/state-history`)).json().rows;
          expect(history[0]).toMatchObject({
            from: state,
            to: rule.to,
            by: { email: 'admin@demo.aforo.dev' },
          });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().code).toBe(state === 'Decommissioned' ? 'EQ1019' : rule.refused);
        }
      });
    }
  }
});

describe('devices', () => {
  it('creates a device in stock (Available, no company) with SEQ1001 for a taken serial', async () => {
    const body = {
      serial: 'AFR-0001',
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      firmwareId: catalogue.firmware.id,
      simNumber: '8934071100001',
    };
    const res = await call('POST', '/api/devices', 'chief@demo.aforo.dev', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      serial: 'AFR-0001',
      state: 'Available',
      company: null,
      location: 'Store',
      hasKey: false,
    });
    expect(
      (await call('POST', '/api/devices', 'chief@demo.aforo.dev', { ...body, simNumber: null })).json().code,
    ).toBe('SEQ1001');
    expect(
      (await call('POST', '/api/devices', 'chief@demo.aforo.dev', { ...body, serial: 'AFR-0002' })).json()
        .code,
    ).toBe('EQ1001');
    const bad = await call('POST', '/api/devices', 'chief@demo.aforo.dev', {
      ...body,
      serial: 'AFR-0003',
      simNumber: null,
      modelId: '00000000-0000-4000-8000-000000000000',
    });
    expect([bad.statusCode, Object.keys(bad.json().fields ?? {})]).toEqual([400, ['modelId']]);
    // a model the product is not built on
    const other = await buildCatalogue(server.database.db);
    const misfit = await call('POST', '/api/devices', 'chief@demo.aforo.dev', {
      ...body,
      serial: 'AFR-0004',
      simNumber: null,
      firmwareId: null,
      modelId: other.model.id,
    });
    expect([misfit.statusCode, Object.keys(misfit.json().fields ?? {})]).toEqual([400, ['modelId']]);
    const wrongFirmware = await call('POST', '/api/devices', 'chief@demo.aforo.dev', {
      ...body,
      serial: 'AFR-0005',
      simNumber: null,
      firmwareId: other.firmware.id,
    });
    expect([wrongFirmware.statusCode, wrongFirmware.json().code]).toEqual([409, 'EQ1016']);
  });

  it('takes a device through stock → company → point → maintenance → repaired → uninstalled, with its history', async () => {
    const device = await deviceIn('Available');
    const step = async (action: string, body: object = {}) => {
      const res = await call('POST', `/api/devices/${device.id}/${action}`, 'chief@demo.aforo.dev', body);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      return res.json();
    };
    expect((await step('assign', { companyId: norte })).company.id).toBe(norte);
    const installed = await step('install', { pointId: pointNorte });
    expect(installed).toMatchObject({
      state: 'Active',
      measurementPoint: { id: pointNorte },
      location: 'Empty',
    });
    await step('maintenance', { reason: 'Sensor sucio' });
    await step('repaired');
    const uninstalled = await step('uninstall');
    expect(uninstalled).toMatchObject({ state: 'Inactive', measurementPoint: null });
    const states = (await call('GET', `/api/devices/${device.id}/state-history`))
      .json()
      .rows.map((r: { to: string }) => r.to);
    expect(states).toEqual(['Inactive', 'Repaired', 'Maintenance', 'Active', 'Inactive']);
    const log = (await call('GET', `/api/log-entries?entityType=device&entityId=${device.id}&dir=ASC`)).json()
      .rows;
    expect(log.map((r: { action: string }) => r.action)).toEqual([
      'assign',
      'install',
      'maintenance',
      'repaired',
      'uninstall',
    ]);
    expect(log[1].changes.measurementPointId).toEqual([null, pointNorte]);
  });

  it('installs only at a point of the device’s own company', async () => {
    const device = await deviceIn('Inactive');
    const foreign = await buildPoint(server.database.db, levante);
    const res = await call('POST', `/api/devices/${device.id}/install`, 'admin@demo.aforo.dev', {
      pointId: foreign.id,
    });
    expect([res.statusCode, res.json().code]).toEqual([404, 'POM1000']);
  });

  it('refuses a point that already has a device (POM1012)', async () => {
    const point = await buildPoint(server.database.db, norte);
    const first = await deviceIn('Inactive');
    const second = await deviceIn('Inactive');
    expect(
      (await call('POST', `/api/devices/${first.id}/install`, 'admin@demo.aforo.dev', { pointId: point.id }))
        .statusCode,
    ).toBe(200);
    const res = await call('POST', `/api/devices/${second.id}/install`, 'admin@demo.aforo.dev', {
      pointId: point.id,
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'POM1012']);
  });

  it('refuses to install at a point whose parameters name ports the model lacks (EQ1020)', async () => {
    const device = await deviceIn('Inactive');
    const rainGauge = await buildPoint(server.database.db, norte, {
      kind: 'rain_gauge',
      parameters: { p1: { pulse_value: 0.2 } },
    });
    const refused = await call('POST', `/api/devices/${device.id}/install`, 'admin@demo.aforo.dev', {
      pointId: rainGauge.id,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'EQ1020']);
    const river = await buildPoint(server.database.db, norte, { parameters: { ai1: { label: 'Nivel' } } });
    expect(
      (await call('POST', `/api/devices/${device.id}/install`, 'admin@demo.aforo.dev', { pointId: river.id }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses to install a device whose component type is disabled (EQ1014)', async () => {
    const { componentTypes, components } = await import('../../db/schema');
    const device = await deviceIn('Inactive');
    const [type] = await server.database.db
      .insert(componentTypes)
      .values({
        name: `Boya ${device.id}`,
        magnitude: 'level',
        measureType: 'float',
        companyId: await providerCompanyId(server.database.db),
        enabled: false,
      })
      .returning();
    await server.database.db
      .insert(components)
      .values({ typeId: type!.id, serial: 'C-1', deviceId: device.id });
    const res = await call('POST', `/api/devices/${device.id}/install`, 'admin@demo.aforo.dev', {
      pointId: (await buildPoint(server.database.db, norte)).id,
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'EQ1014']);
  });

  it('takes its installed components off the point when the device is uninstalled', async () => {
    const { componentTypes, components } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const device = await deviceIn('Active');
    const [type] = await server.database.db
      .insert(componentTypes)
      .values({
        name: `Flotador ${device.id}`,
        magnitude: 'level',
        measureType: 'float',
        companyId: await providerCompanyId(server.database.db),
      })
      .returning();
    const [component] = await server.database.db
      .insert(components)
      .values({
        typeId: type!.id,
        serial: 'C-2',
        deviceId: device.id,
        pointId: pointNorte,
        state: 'Installed',
      })
      .returning();
    expect((await call('POST', `/api/devices/${device.id}/uninstall`)).statusCode).toBe(200);
    const [after] = await server.database.db
      .select()
      .from(components)
      .where(eq(components.id, component!.id));
    expect(after).toMatchObject({ state: 'Inactive', pointId: null, deviceId: device.id });
  });

  it('lets only ADMIN decommission and hard delete', async () => {
    const device = await deviceIn('Inactive');
    expect(
      (await call('POST', `/api/devices/${device.id}/decommission`, 'chief@demo.aforo.dev')).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/devices/${device.id}/hard`, 'chief@demo.aforo.dev')).statusCode).toBe(
      403,
    );
    const stock = await deviceIn('Available');
    expect((await call('DELETE', `/api/devices/${stock.id}/hard`)).statusCode).toBe(200);
    expect((await call('GET', `/api/devices/${stock.id}`)).statusCode).toBe(404);
  });

  it('refuses to hard delete a device at a point (EQ1004)', async () => {
    // in maintenance: not active, so only the point holds it back
    const device = await deviceIn('Maintenance');
    const res = await call('DELETE', `/api/devices/${device.id}/hard`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'EQ1004']);
    expect((await call('GET', `/api/devices/${device.id}`)).statusCode).toBe(200);
  });

  it('refuses to hard delete a device with a fitted component (EQ1021), never 500', async () => {
    const { componentTypes, components } = await import('../../db/schema');
    const device = await deviceIn('Available');
    const [type] = await server.database.db
      .insert(componentTypes)
      .values({
        name: `Sonda ${device.id}`,
        magnitude: 'level',
        measureType: 'float',
        companyId: await providerCompanyId(server.database.db),
      })
      .returning();
    await server.database.db
      .insert(components)
      .values({ typeId: type!.id, serial: 'C-3', deviceId: device.id });
    const res = await call('DELETE', `/api/devices/${device.id}/hard`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'EQ1021']);
    expect((await call('GET', `/api/devices/${device.id}`)).statusCode).toBe(200);
  });

  it('soft-deletes only devices out of service and out of any company (EQ1012, EQ1003), and restores them', async () => {
    expect((await call('DELETE', `/api/devices/${(await deviceIn('Active')).id}`)).json().code).toBe(
      'EQ1012',
    );
    expect((await call('DELETE', `/api/devices/${(await deviceIn('Inactive')).id}`)).json().code).toBe(
      'EQ1003',
    );
    const stock = await deviceIn('Available');
    expect((await call('DELETE', `/api/devices/${stock.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/devices/${stock.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/devices/${stock.id}/restore`)).json().deletedAt).toBeNull();
    expect((await call('POST', `/api/devices/${stock.id}/restore`)).json().code).toBe('EQ1005');
  });

  it('shows a device key once and keeps only its hash', async () => {
    const device = await deviceIn('Inactive');
    const res = await call('POST', `/api/devices/${device.id}/key`, 'chief@demo.aforo.dev');
    expect(res.json().key).toMatch(/^[\w-]{32}$/);
    const after = (await call('GET', `/api/devices/${device.id}`)).json();
    expect(after.hasKey).toBe(true);
    expect(JSON.stringify(after)).not.toContain(res.json().key);
    const log = (await call('GET', `/api/log-entries?entityType=device&entityId=${device.id}`)).json().rows;
    expect(JSON.stringify(log)).not.toContain(res.json().key);
  });
});

describe('devices: roles and tenancy', () => {
  it('shows company users their company’s devices and 404 for another company’s', async () => {
    const own = await deviceIn('Inactive');
    const foreign = await buildDevice(server.database.db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      state: 'Inactive',
      companyId: levante,
    });
    expect((await call('GET', `/api/devices/${own.id}`, 'user.norte@demo.aforo.dev')).statusCode).toBe(200);
    expect((await call('GET', `/api/devices/${foreign.id}`, 'user.norte@demo.aforo.dev')).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/devices/${foreign.id}/state-history`, 'user.norte@demo.aforo.dev')).statusCode,
    ).toBe(404);
    const list = (await call('GET', '/api/devices?length=-1', 'user.norte@demo.aforo.dev')).json().rows;
    expect(list.every((d: { company: { id: string } }) => d.company.id === norte)).toBe(true);
    expect((await call('GET', `/api/devices/${own.id}`, 'user.levante@demo.aforo.dev')).statusCode).toBe(404);
  });

  it('lets provider staff list every company’s devices and stock with allCompanies', async () => {
    const stock = await deviceIn('Available');
    const rows = (
      await call('GET', '/api/devices?length=-1&allCompanies=true', 'viewer@demo.aforo.dev')
    ).json().rows;
    expect(rows.some((d: { id: string }) => d.id === stock.id)).toBe(true);
    const scoped = (
      await call('GET', '/api/devices?length=-1', 'viewer@demo.aforo.dev', undefined, norte)
    ).json().rows;
    expect(scoped.every((d: { company: { id: string } }) => d.company.id === norte)).toBe(true);
  });

  it('keeps operations to ADMIN and CHIEF', async () => {
    const device = await deviceIn('Active');
    for (const who of [
      'viewer@demo.aforo.dev',
      'admin-cliente.norte@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
    ]) {
      const res = await call('POST', `/api/devices/${device.id}/maintenance`, who);
      expect(res.statusCode, who).toBe(403);
    }
    const ok = await call('POST', `/api/devices/${device.id}/maintenance`, 'chief@demo.aforo.dev');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
