/** Components: who reads and writes them, company scope, list filters, and types of one company. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-server';
import {
  call,
  codeOf,
  createComponent,
  createType,
  installed,
  levante,
  norte,
  pointWithDevice,
  provider,
  server,
  tokens,
  typeId,
  useComponentsServer,
  type Component,
  type Who,
} from './components.fixtures';

useComponentsServer();

describe('components: roles and company scope', () => {
  it('lets company users read only the components installed at their company’s points', async () => {
    const { point, component: atNorte } = await installed(norte);
    const { component: atLevante } = await installed(levante);
    const stock = await createComponent();

    for (const who of ['clientAdmin', 'clientUser'] as Who[]) {
      expect((await call('GET', `/api/components/${atNorte.id}`, who)).json().point.id).toBe(point.id);
      expect(await codeOf(call('GET', `/api/components/${atLevante.id}`, who))).toEqual([404, 'SET1002']);
      expect(await codeOf(call('GET', `/api/components/${stock.id}`, who))).toEqual([404, 'SET1002']);
      const list = (await call('GET', '/api/components?length=-1', who)).json();
      const ids = list.rows.map((c: Component) => c.id);
      expect(ids).toContain(atNorte.id);
      expect(ids).not.toContain(atLevante.id);
      expect(ids).not.toContain(stock.id);
      expect(list.total).toBe(ids.length);
    }
    expect(await codeOf(call('GET', `/api/components/${atNorte.id}`, 'levanteUser'))).toEqual([
      404,
      'SET1002',
    ]);
    expect((await call('GET', `/api/components/${atLevante.id}`, 'levanteUser')).statusCode).toBe(200);
  });

  it('lets ADMIN and CHIEF operate, VIEWER only read, company roles never write', async () => {
    const { point, component } = await installed(norte);
    const writes = [
      ['POST', '/api/components', { typeId, serial: 'NOPE', values: { range_m: 1 } }],
      ['PUT', `/api/components/${component.id}`, { typeId, serial: 'NOPE', values: { range_m: 1 } }],
      ['DELETE', `/api/components/${component.id}`],
      ['POST', `/api/components/${component.id}/install`, { pointId: point.id }],
      ['POST', `/api/components/${component.id}/uninstall`],
      ['POST', `/api/components/${component.id}/decommission`],
      ['POST', `/api/components/${component.id}/reincorporate`],
    ] as const;
    for (const who of ['viewer', 'clientAdmin', 'clientUser'] as Who[]) {
      for (const [method, url, payload] of writes) {
        expect(await codeOf(call(method, url, who, payload))).toEqual([403, 'F1000']);
      }
    }
    expect((await call('GET', `/api/components/${component.id}`, 'viewer')).statusCode).toBe(200);
    expect((await call('GET', `/api/components/${component.id}`, 'chief')).statusCode).toBe(200);
  });

  it('filters by type, state and point and searches the serial', async () => {
    const type = await createType();
    const { point, component: inPlace } = await installed(norte, type.id);
    const spare = await createComponent(type.id);
    const byType = (await call('GET', `/api/components?typeId=${type.id}&order=serial&dir=ASC`)).json();
    expect(byType.rows.map((c: Component) => c.id).sort()).toEqual([inPlace.id, spare.id].sort());
    const inactive = (await call('GET', `/api/components?typeId=${type.id}&state=Inactive`)).json();
    expect(inactive.rows.map((c: Component) => c.id)).toEqual([spare.id]);
    const atPoint = (await call('GET', `/api/components?pointId=${point.id}`, 'clientUser')).json();
    expect([atPoint.total, atPoint.rows[0].id]).toEqual([1, inPlace.id]);
    const search = (
      await call('GET', `/api/components?search=${spare.serial.slice(2).toUpperCase()}`)
    ).json();
    expect(search.rows.map((c: Component) => c.id)).toEqual([spare.id]);
    const paged = (await call('GET', `/api/components?typeId=${type.id}&length=1&page=2`)).json();
    expect([paged.total, paged.rows.length]).toEqual([2, 1]);
    expect((await call('GET', '/api/components?state=Lost')).statusCode).toBe(400);
  });
});

describe('components: types of a company', () => {
  it('installs a company’s type only at that company’s points (SET1010); the provider’s anywhere', async () => {
    const norteType = await createType(norte);
    const component = await createComponent(norteType.id, { range_m: 1 }, norte);
    expect(component.type).toMatchObject({ id: norteType.id, companyId: norte, shared: false });
    const url = `/api/components/${component.id}/install`;
    const { point: atLevante } = await pointWithDevice(levante);
    const refused = await call('POST', url, 'admin', { pointId: atLevante.id }, levante);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SET1010',
      message: "Components of this type cannot be installed at this company's points.",
    });
    expect((await call('GET', `/api/components/${component.id}`)).json().state).toBe('Inactive');
    const { point: atNorte } = await pointWithDevice(norte);
    const done = await call('POST', url, 'admin', { pointId: atNorte.id }, norte);
    expect([done.statusCode, done.json().point.id]).toEqual([200, atNorte.id]);

    const shared = await createComponent();
    expect(shared.type).toMatchObject({ companyId: provider, shared: true });
  });

  it('registers components only of a type the current company may use', async () => {
    const norteType = await createType(norte);
    const serial = `C-${randomBytes(4).toString('hex')}`;
    const body = { typeId: norteType.id, serial, values: { range_m: 1 } };
    const refused = await call('POST', '/api/components', 'admin', body, levante);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ typeId: 'This is invalid' });
    expect((await call('POST', '/api/components', 'admin', body, norte)).statusCode).toBe(201);
  });

  it('answers an edit or delete of an installed component with a component text (SET1009)', async () => {
    const { component } = await installed(norte);
    const url = `/api/components/${component.id}`;
    for (const [method, payload] of [
      ['PUT', { typeId, serial: component.serial, values: { range_m: 2 } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, url, 'admin', payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'SET1009',
        message: 'The component can be edited or deleted only while it is inactive.',
      });
      expect(res.json().message).not.toMatch(/device/i);
    }
    const es = await server.request({
      method: 'DELETE',
      url,
      headers: bearer(tokens.admin!, { 'accept-language': 'es' }),
    });
    expect(es.json().message).toBe('El componente solo se puede editar o eliminar mientras está inactivo.');
  });
});
