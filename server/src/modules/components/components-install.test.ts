/** Components: installing, uninstalling, decommissioning and reincorporating, and where they may go. */
import { describe, expect, it } from 'vitest';
import { buildPoint } from '../../test/factories';
import {
  call,
  codeOf,
  createComponent,
  createType,
  history,
  installed,
  levante,
  missingId,
  norte,
  pointWithDevice,
  server,
  typeId,
  useComponentsServer,
} from './components.fixtures';

useComponentsServer();

describe('components: life cycle (docs/DEVICES.md)', () => {
  it('installs, uninstalls, decommissions and reincorporates, refusing every other move', async () => {
    const { point, device } = await pointWithDevice(norte);
    const component = await createComponent();
    const url = `/api/components/${component.id}`;
    expect(await codeOf(call('POST', `${url}/uninstall`))).toEqual([409, 'EQ1015']);
    expect(await codeOf(call('POST', `${url}/reincorporate`))).toEqual([409, 'EQ1010']);

    const install = await call('POST', `${url}/install`, 'chief', { pointId: point.id }, norte);
    expect(install.statusCode).toBe(200);
    expect(install.json()).toMatchObject({
      state: 'Installed',
      device: { id: device.id, serial: device.serial },
      point: { id: point.id, name: point.name },
    });
    expect(await codeOf(call('POST', `${url}/install`, 'admin', { pointId: point.id }))).toEqual([
      409,
      'EQ1013',
    ]);
    expect(
      await codeOf(call('PUT', url, 'admin', { typeId, serial: 'NEW', values: { range_m: 1 } })),
    ).toEqual([409, 'SET1009']);
    expect(await codeOf(call('DELETE', url))).toEqual([409, 'SET1009']);
    expect(await codeOf(call('POST', `${url}/decommission`))).toEqual([409, 'EQ1008']);

    const uninstall = await call('POST', `${url}/uninstall`, 'chief');
    expect(uninstall.json()).toMatchObject({ state: 'Inactive', device: null, point: null });
    // decommission is ADMIN's alone (docs/ROLES.md)
    expect(await codeOf(call('POST', `${url}/decommission`, 'chief'))).toEqual([403, 'F1000']);
    expect((await call('POST', `${url}/decommission`)).json().state).toBe('Decommissioned');
    expect(await codeOf(call('POST', `${url}/install`, 'admin', { pointId: point.id }))).toEqual([
      409,
      'EQ1019',
    ]);
    expect(await codeOf(call('DELETE', url))).toEqual([409, 'SET1009']);
    expect((await call('POST', `${url}/reincorporate`, 'chief')).json().state).toBe('Inactive');

    const entries = await history(component.id);
    expect(entries.map((e) => [e.action, e.companyId])).toEqual([
      ['create', null],
      ['install', norte],
      ['uninstall', norte],
      ['decommission', null],
      ['reincorporate', null],
    ]);
    expect(entries[1]!.changes).toMatchObject({
      state: ['Inactive', 'Installed'],
      deviceId: [null, device.id],
      pointId: [null, point.id],
    });
  });

  it('asks to confirm (SET1008) when a component of the type is already at the point; force replaces it', async () => {
    const { point, component: first } = await installed(norte);
    const second = await createComponent();
    const refused = await call(
      'POST',
      `/api/components/${second.id}/install`,
      'admin',
      { pointId: point.id },
      norte,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SET1008',
      message: 'A component of this type is already installed at this point; confirm to replace it.',
    });
    expect((await call('GET', `/api/components/${first.id}`)).json().state).toBe('Installed');

    const forced = await call(
      'POST',
      `/api/components/${second.id}/install`,
      'admin',
      { pointId: point.id, force: true },
      norte,
    );
    expect([forced.statusCode, forced.json().state]).toEqual([200, 'Installed']);
    expect((await call('GET', `/api/components/${first.id}`)).json()).toMatchObject({
      state: 'Inactive',
      point: null,
      device: null,
    });
    expect((await history(first.id)).map((e) => [e.action, e.companyId])).toEqual([
      ['create', null],
      ['install', norte],
      ['uninstall', norte],
    ]);
    expect((await history(second.id)).map((e) => e.action)).toEqual(['create', 'install']);

    // a component of another type shares the point without confirmation
    const other = await createComponent((await createType()).id);
    const beside = await call(
      'POST',
      `/api/components/${other.id}/install`,
      'admin',
      { pointId: point.id },
      norte,
    );
    expect(beside.statusCode).toBe(200);
  });

  it('installs only at a live point with a device, and only components of an enabled type', async () => {
    const component = await createComponent();
    const url = `/api/components/${component.id}/install`;
    expect(await codeOf(call('POST', url, 'admin', { pointId: missingId }))).toEqual([404, 'POM1000']);
    const empty = await buildPoint(server.database.db, norte);
    const noDevice = await call('POST', url, 'admin', { pointId: empty.id }, norte);
    expect(noDevice.statusCode).toBe(409);
    expect(noDevice.json()).toEqual({ code: 'EQ1000', message: 'The device was not found.' });
    expect((await call('POST', url, 'admin', { pointId: 'nope' })).statusCode).toBe(400);

    const disabledType = await createType();
    const ofDisabled = await createComponent(disabledType.id);
    expect((await call('POST', `/api/component-types/${disabledType.id}/disable`)).statusCode).toBe(200);
    const { point } = await pointWithDevice(levante);
    expect(
      await codeOf(call('POST', `/api/components/${ofDisabled.id}/install`, 'admin', { pointId: point.id })),
    ).toEqual([409, 'EQ1014']);
    // provider staff reach a company's points once they select the company, like every point reference
    expect(await codeOf(call('POST', url, 'admin', { pointId: point.id }))).toEqual([404, 'POM1000']);
    expect(await codeOf(call('POST', url, 'admin', { pointId: point.id }, norte))).toEqual([404, 'POM1000']);
    expect((await call('POST', url, 'admin', { pointId: point.id }, levante)).json().point.id).toBe(point.id);
  });

  it('refuses to install a device whose fitted component has a disabled type (EQ1014)', async () => {
    const type = await createType();
    const { point, device, component } = await installed(norte, type.id);
    const deviceOff = await call('POST', `/api/devices/${device.id}/uninstall`, 'admin', {});
    expect([deviceOff.statusCode, deviceOff.json().state]).toEqual([200, 'Inactive']);
    // the component left the point with its device but stays fitted to it, so its type can be disabled…
    const fitted = (await call('GET', `/api/components/${component.id}`)).json();
    expect([fitted.state, fitted.point, fitted.device.id]).toEqual(['Inactive', null, device.id]);
    expect((await call('POST', `/api/component-types/${type.id}/disable`)).statusCode).toBe(200);
    // …and then the device cannot go back into service
    expect(
      await codeOf(call('POST', `/api/devices/${device.id}/install`, 'admin', { pointId: point.id })),
    ).toEqual([409, 'EQ1014']);
  });
});
