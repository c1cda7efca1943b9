import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProvisioningKey } from './demo-keys';
import { createDeviceDirectory } from '../ingestion/device-directory';
import { demoPassword, startTestServer, type TestServer } from '../test/test-server';
import { ApiError, loadFleetOverApi } from './api-fleet';
import { loadDemoDevices } from './demo-devices';

let server: TestServer;
let apiUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
});

describe('demo devices for the simulator', () => {
  it('from the database: the installed devices that transmit, with their keys, ports, levels and faults', async () => {
    const devices = await loadDemoDevices(server.database.db, demoPassword);
    // 20 Active and 2 Repaired; Not Operational and Maintenance ones stay quiet
    expect(devices.length).toBe(22);
    const directory = createDeviceDirectory(server.database.db);
    for (const d of devices) {
      const known = await directory.authenticate(d.serial, d.key);
      expect(known?.state, d.serial).toMatch(/^(Active|Repaired)$/);
      expect(d.ports.length).toBe(1);
    }
    const bySite = (name: string) => devices.find((d) => d.ports[0]!.site.key === name)!;
    expect(bySite('Arga en Pamplona (Rotxapea)').fault).toEqual({ kind: 'flat' });
    expect(bySite('Pluviómetro de Cartagena').fault).toEqual({ kind: 'silent' });
    const channel = bySite('Canal Imperial en Casablanca');
    expect(channel).toMatchObject({
      productCode: 'LVL',
      modelName: 'MDS-Dipper-PT',
      pointKind: 'channel',
      measureTime: 900,
    });
    expect(channel.ports[0]).toMatchObject({
      key: 'ai1',
      type: 'current_4_20',
      parameters: { value_4mA: 0, value_20mA: 5 },
    });
    const gauge = bySite('Pluviómetro de Huesca');
    // the SlimLogCom has ai1 and p1; the point configures only the rain gauge's pulses
    expect(gauge.ports.map((p) => [p.key, p.type, p.site.kind])).toEqual([['p1', 'pulse', 'rain_gauge']]);
    expect(gauge.levels.groundLevel).toBeNull();
  });

  it('over the HTTP API (npm run simulate): the same devices, then new serials with the provisioning key', async () => {
    const fromDb = await loadDemoDevices(server.database.db, demoPassword);
    const fleet = await loadFleetOverApi({ apiUrl, demoPassword, count: fromDb.length + 2 });
    expect([fleet.installed, fleet.added]).toEqual([22, 2]);
    expect(fleet.devices.slice(0, 22)).toEqual(fromDb);
    expect(fleet.devices.slice(22).map((d) => [d.serial, d.key, d.productCode, d.modelName])).toEqual([
      ['SIM-0001', demoProvisioningKey(demoPassword, 'LVL'), 'LVL', 'VEGAPULS C 21'],
      ['SIM-0002', demoProvisioningKey(demoPassword, 'LVL'), 'LVL', 'VEGAPULS C 21'],
    ]);
    expect(fleet.devices[22]!.ports.map((p) => [p.key, p.type])).toEqual([['ai1', 'radar']]);

    const fewer = await loadFleetOverApi({ apiUrl, demoPassword, count: 5 });
    expect(fleet.devices.slice(0, 5)).toEqual(fewer.devices);
    expect(fewer.added).toBe(0);
  });

  it('says why when the demo admin cannot sign in', async () => {
    await expect(loadFleetOverApi({ apiUrl, demoPassword: 'not-the-password' })).rejects.toThrow(ApiError);
  });
});
