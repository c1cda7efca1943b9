/** Devices: registering, the way from stock to a point and back, install refusals, components, deletes, keys. */
import { describe, expect, it } from 'vitest';
import { buildCatalogue, buildPoint, providerCompanyId } from '../../test/factories';
import {
  call,
  catalogue,
  deviceIn,
  levante,
  norte,
  pointNorte,
  server,
  useDevicesServer,
} from './devices.fixtures';

useDevicesServer();

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
