import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogue,
  buildDevice,
  buildPoint,
  companyIdByName,
  providerCompanyId,
} from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const emails = {
  admin: 'admin@demo.aforo.dev',
  chief: 'chief@demo.aforo.dev',
  viewer: 'viewer@demo.aforo.dev',
  clientAdmin: 'admin-cliente.norte@demo.aforo.dev',
  clientUser: 'user.norte@demo.aforo.dev',
  levanteUser: 'user.levante@demo.aforo.dev',
} as const;
type Who = keyof typeof emails;
const missingId = '00000000-0000-4000-8000-000000000000';

interface Component {
  id: string;
  serial: string;
  state: string;
  values: Record<string, unknown>;
  type: { id: string; name: string; enabled: boolean; companyId: string; shared: boolean };
  device: { id: string; serial: string } | null;
  point: { id: string; name: string } | null;
}

let server: TestServer;
let norte: string;
let levante: string;
let provider: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
let typeId: string;
const tokens: Partial<Record<Who, string>> = {};

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

/** `company`: the X-Current-Company of provider staff (their default is the provider). */
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who = 'admin',
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

/** A type of the provider (shared) unless another company is named. */
async function createType(companyId = provider) {
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

async function createComponent(
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
async function pointWithDevice(companyId: string) {
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

async function installed(companyId: string, type = typeId) {
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

async function history(entityId: string) {
  const res = await call('GET', `/api/log-entries?entityType=component&entityId=${entityId}&dir=ASC`);
  expect(res.statusCode).toBe(200);
  return res.json<{
    rows: { action: string; companyId: string | null; changes: Record<string, unknown> }[];
  }>().rows;
}

const codeOf = async (response: Promise<{ statusCode: number; json(): { code?: string } }>) => {
  const res = await response;
  return [res.statusCode, res.json().code];
};

describe('components: register and edit', () => {
  it('creates, reads, updates and deletes an inactive component, with history', async () => {
    const created = await call('POST', '/api/components', 'chief', {
      typeId,
      serial: 'CMP-001',
      values: { range_m: 5, calibrated: '2026-01-15', notes: '', sealed: true },
    });
    expect(created.statusCode).toBe(201);
    const component = created.json<Component>();
    expect(component).toMatchObject({
      serial: 'CMP-001',
      state: 'Inactive',
      values: { range_m: 5, calibrated: '2026-01-15', sealed: true },
      type: { id: typeId, enabled: true },
      device: null,
      point: null,
    });
    expect((await call('GET', `/api/components/${component.id}`, 'viewer')).json()).toEqual(component);

    const updated = await call('PUT', `/api/components/${component.id}`, 'admin', {
      typeId,
      serial: 'CMP-001',
      values: { range_m: 7.5 },
    });
    expect([updated.statusCode, updated.json().values]).toEqual([200, { range_m: 7.5 }]);
    expect((await call('DELETE', `/api/components/${component.id}`)).json()).toEqual({ ok: true });
    expect(await codeOf(call('GET', `/api/components/${component.id}`))).toEqual([404, 'SET1002']);

    const entries = await history(component.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual({
      values: [{ range_m: 5, calibrated: '2026-01-15', sealed: true }, { range_m: 7.5 }],
    });
    expect(entries.every((e) => e.companyId === null)).toBe(true);
  });

  it('validates values against the dynamic fields of the type (400 V1000, values.<key>)', async () => {
    const res = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: 'CMP-BAD',
      values: { calibrated: 'yesterday', notes: 3, sealed: 'yes', colour: 'red' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'V1000',
      fields: {
        'values.range_m': 'This is a required field',
        'values.calibrated': 'This is invalid',
        'values.notes': 'This is invalid',
        'values.sealed': 'This is invalid',
        'values.colour': 'This is invalid',
      },
    });
    const wrongNumber = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: 'CMP-BAD',
      values: { range_m: '10' },
    });
    expect(wrongNumber.json().fields).toEqual({ 'values.range_m': 'This must be a number' });
    const unknownType = await call('POST', '/api/components', 'admin', { typeId: missingId, serial: 'X' });
    expect([unknownType.statusCode, unknownType.json().fields]).toEqual([400, { typeId: 'This is invalid' }]);
    const blank = await call('POST', '/api/components', 'admin', { typeId, serial: ' ' });
    expect(blank.json().fields).toEqual({ serial: 'This is blank or invalid' });
  });

  it('refuses a serial already registered for the type (SEQ1001); another type may reuse it', async () => {
    const first = await createComponent();
    const dup = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: first.serial.toLowerCase(),
      values: { range_m: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'SEQ1001', message: 'The serial number is already registered.' });
    const other = await createType();
    const reuse = await call('POST', '/api/components', 'admin', {
      typeId: other.id,
      serial: first.serial,
      values: { range_m: 1 },
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('answers SET1002 for an unknown component on every call', async () => {
    const calls = [
      ['GET', ''],
      ['PUT', '', { typeId, serial: 'X', values: { range_m: 1 } }],
      ['DELETE', ''],
      ['POST', '/install', { pointId: missingId }],
      ['POST', '/uninstall'],
      ['POST', '/decommission'],
      ['POST', '/reincorporate'],
    ] as const;
    for (const [method, suffix, payload] of calls) {
      expect(await codeOf(call(method, `/api/components/${missingId}${suffix}`, 'admin', payload))).toEqual([
        404,
        'SET1002',
      ]);
    }
  });
});

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
