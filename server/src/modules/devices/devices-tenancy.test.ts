/** Devices: who sees and operates them, by role and company. */
import { describe, expect, it } from 'vitest';
import { buildDevice } from '../../test/factories';
import { call, catalogue, deviceIn, levante, norte, server, useDevicesServer } from './devices.fixtures';

useDevicesServer();

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
