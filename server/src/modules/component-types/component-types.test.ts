import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../db/schema';
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
} as const;
type Who = keyof typeof emails;
const missingId = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let norte: string;
let levante: string;
let provider: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  provider = await providerCompanyId(server.database.db);
  catalogue = await buildCatalogue(server.database.db);
  for (const [who, email] of Object.entries(emails)) tokens[who as Who] = await server.login(email);
});
afterAll(() => server.close());

/** `company`: the X-Current-Company (provider staff default to the provider). */
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

const uniqueName = (prefix = 'Tipo') => `${prefix} ${randomBytes(3).toString('hex')}`;
const typeInput = (overrides: object = {}) => ({
  name: uniqueName(),
  magnitude: 'level',
  measureType: 'pressure',
  companyId: provider,
  dynamicFields: [{ key: 'range_m', label: 'Rango (m)', type: 'number', required: true }],
  ...overrides,
});

async function createType(overrides: object = {}) {
  const res = await call('POST', '/api/component-types', 'admin', typeInput(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; name: string; enabled: boolean; components: number }>();
}

/** A component row of the type, written straight to the database in the given situation. */
async function insertComponent(typeId: string, state: string, deviceState?: string) {
  const db = server.database.db;
  const point = deviceState ? await buildPoint(db, norte) : undefined;
  const device = deviceState
    ? await buildDevice(db, {
        modelId: catalogue.model.id,
        productId: catalogue.product.id,
        state: deviceState,
        companyId: norte,
        measurementPointId: point!.id,
      })
    : undefined;
  const [row] = await db
    .insert(components)
    .values({
      typeId,
      serial: `C-${randomBytes(4).toString('hex')}`,
      state,
      deviceId: device?.id ?? null,
      pointId: point?.id ?? null,
    })
    .returning();
  return row!;
}

async function history(entityId: string) {
  const res = await call('GET', `/api/log-entries?entityType=component_type&entityId=${entityId}&dir=ASC`);
  expect(res.statusCode).toBe(200);
  return res.json<{
    rows: { action: string; companyId: string | null; changes: Record<string, unknown> }[];
  }>().rows;
}

describe('component types', () => {
  it('lets ADMIN create, read, update and delete, with a history entry for each change', async () => {
    const input = typeInput();
    const created = await call('POST', '/api/component-types', 'admin', input);
    expect(created.statusCode).toBe(201);
    const type = created.json();
    const { companyId, ...fields } = input;
    expect(type).toMatchObject({ ...fields, enabled: true, components: 0, shared: true });
    expect(type.company).toEqual({ id: companyId, name: expect.any(String) });
    expect((await call('GET', `/api/component-types/${type.id}`)).json()).toEqual(type);

    const updated = await call('PUT', `/api/component-types/${type.id}`, 'admin', {
      ...input,
      magnitude: 'flow_rate',
    });
    expect([updated.statusCode, updated.json().magnitude]).toEqual([200, 'flow_rate']);
    expect((await call('DELETE', `/api/component-types/${type.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/component-types/${type.id}`)).json().code).toBe('N1000');

    const entries = await history(type.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual({ magnitude: ['level', 'flow_rate'] });
    expect(entries.every((e) => e.companyId === provider)).toBe(true);
  });

  it('refuses a duplicate name in any case with SET1004, and keeps a type its own name', async () => {
    const first = await createType();
    const dup = await call(
      'POST',
      '/api/component-types',
      'admin',
      typeInput({ name: first.name.toUpperCase() }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'SET1004',
      message: 'A component type with this name already exists.',
    });
    const other = await createType();
    const clash = await call(
      'PUT',
      `/api/component-types/${other.id}`,
      'admin',
      typeInput({ name: first.name }),
    );
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'SET1004']);
    const same = await call(
      'PUT',
      `/api/component-types/${other.id}`,
      'admin',
      typeInput({ name: other.name.toLowerCase() }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers N1000 for an unknown type on every call', async () => {
    const calls = [
      ['GET', ''],
      ['PUT', '', typeInput()],
      ['DELETE', ''],
      ['POST', '/enable'],
      ['POST', '/disable'],
    ] as const;
    for (const [method, suffix, payload] of calls) {
      const res = await call(method, `/api/component-types/${missingId}${suffix}`, 'admin', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'N1000']);
    }
  });

  it('answers 400 with field messages for blank names and bad dynamic fields', async () => {
    const res = await call('POST', '/api/component-types', 'admin', {
      name: ' ',
      magnitude: 'Nivel',
      measureType: 'x',
      dynamicFields: [{ key: 'Bad Key', label: 'x', type: 'colour' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('V1000');
    expect(Object.keys(res.json().fields)).toEqual(
      expect.arrayContaining([
        'name',
        'magnitude',
        'measureType',
        'companyId',
        'dynamicFields.0.key',
        'dynamicFields.0.type',
      ]),
    );
    // docs/VALIDATION.md: magnitude, measure type and company must be selected
    const blank = await call('POST', '/api/component-types', 'admin', { name: 'Sin datos' });
    expect(blank.json().fields).toMatchObject({
      magnitude: 'This is a required field',
      measureType: 'This is a required field',
      companyId: 'This is a required field',
    });
  });

  it('counts its components and refuses to delete a type with components (SET1007)', async () => {
    const type = await createType();
    await insertComponent(type.id, 'Inactive');
    await insertComponent(type.id, 'Decommissioned');
    expect((await call('GET', `/api/component-types/${type.id}`)).json().components).toBe(2);
    const res = await call('DELETE', `/api/component-types/${type.id}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'SET1007']);
    expect((await history(type.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('disables only when no component is installed: SET1006 on an Active device, SET1005 otherwise', async () => {
    const type = await createType();
    await insertComponent(type.id, 'Inactive');
    await insertComponent(type.id, 'Decommissioned');
    const onActive = await insertComponent(type.id, 'Installed', 'Active');

    const refused = await call('POST', `/api/component-types/${type.id}/disable`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SET1006',
      message: 'The component type cannot be disabled while it has active components.',
    });
    const viaUpdate = await call(
      'PUT',
      `/api/component-types/${type.id}`,
      'admin',
      typeInput({ name: type.name, enabled: false }),
    );
    expect([viaUpdate.statusCode, viaUpdate.json().code]).toEqual([409, 'SET1006']);

    // the device leaves Active but the component is still installed
    await server.database.db.update(components).set({ deviceId: null }).where(eq(components.id, onActive.id));
    const installed = await call('POST', `/api/component-types/${type.id}/disable`, 'chief');
    expect([installed.statusCode, installed.json().code]).toEqual([409, 'SET1005']);

    await server.database.db
      .update(components)
      .set({ state: 'Inactive', pointId: null })
      .where(eq(components.id, onActive.id));
    const disabled = await call('POST', `/api/component-types/${type.id}/disable`, 'chief');
    expect([disabled.statusCode, disabled.json().enabled]).toEqual([200, false]);
    // disabling again changes nothing and writes nothing
    expect((await call('POST', `/api/component-types/${type.id}/disable`)).json().enabled).toBe(false);
    const enabled = await call('POST', `/api/component-types/${type.id}/enable`);
    expect([enabled.statusCode, enabled.json().enabled]).toEqual([200, true]);
    const viaPut = await call(
      'PUT',
      `/api/component-types/${type.id}`,
      'admin',
      typeInput({ name: type.name, enabled: false }),
    );
    expect([viaPut.statusCode, viaPut.json().enabled]).toEqual([200, false]);

    const entries = await history(type.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'disable', 'enable', 'update']);
    expect(entries[1]!.changes).toEqual({ enabled: [true, false] });
  });

  it('lets CHIEF write, and neither VIEWER nor company roles', async () => {
    const chiefs = await call('POST', '/api/component-types', 'chief', typeInput());
    expect(chiefs.statusCode).toBe(201);
    const id = chiefs.json().id;
    expect((await call('GET', '/api/component-types', 'viewer')).statusCode).toBe(200);
    expect((await call('GET', `/api/component-types/${id}`, 'viewer')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/component-types', typeInput()],
      ['PUT', `/api/component-types/${id}`, typeInput()],
      ['POST', `/api/component-types/${id}/disable`],
      ['DELETE', `/api/component-types/${id}`],
    ] as const) {
      for (const who of ['viewer', 'clientAdmin', 'clientUser'] as Who[]) {
        const res = await call(method, url, who, payload);
        expect([res.statusCode, res.json().code]).toEqual([403, 'F1000']);
      }
    }
    // what company roles may read: component-types-roles.test.ts
  });

  it('pages, sorts and searches name, magnitude and measure type', async () => {
    const tag = randomBytes(3).toString('hex');
    await createType({ name: `A ${tag}`, magnitude: 'precipitation' });
    await createType({ name: `B ${tag}`, measureType: 'tipping_bucket' });
    const found = (await call('GET', `/api/component-types?search=${tag}&order=name&dir=ASC`)).json();
    expect(found.rows.map((t: { name: string }) => t.name)).toEqual([`A ${tag}`, `B ${tag}`]);
    expect(found.total).toBe(2);
    const page = (
      await call('GET', `/api/component-types?search=${tag}&order=name&dir=DESC&length=1&page=2`)
    ).json();
    expect([page.total, page.rows[0].name]).toEqual([2, `A ${tag}`]);
    expect((await call('GET', '/api/component-types?order=serial')).statusCode).toBe(400);
  });
});

describe('component types of a company', () => {
  const ofNorte = (overrides: object = {}) => typeInput({ companyId: norte, ...overrides });
  const ids = (res: { json(): { rows: { id: string }[] } }) => res.json().rows.map((t) => t.id);

  it('lists the current company’s types and the provider’s; another company’s answers 404', async () => {
    const created = await call('POST', '/api/component-types', 'chief', ofNorte(), norte);
    expect(created.statusCode).toBe(201);
    const type = created.json();
    expect([type.company.id, type.shared]).toEqual([norte, false]);
    const shared = await createType();

    const inNorte = await call('GET', '/api/component-types?length=-1', 'viewer', undefined, norte);
    expect(ids(inNorte)).toEqual(expect.arrayContaining([type.id, shared.id]));
    const inLevante = await call('GET', '/api/component-types?length=-1', 'viewer', undefined, levante);
    expect(ids(inLevante)).toContain(shared.id);
    expect(ids(inLevante)).not.toContain(type.id);
    expect(inLevante.json().total).toBe(ids(inLevante).length);
    // provider staff see a client's types only with that company selected
    expect(ids(await call('GET', '/api/component-types?length=-1'))).not.toContain(type.id);

    const calls = [
      ['GET', ''],
      ['PUT', '', ofNorte({ name: type.name })],
      ['POST', '/disable'],
      ['POST', '/enable'],
      ['DELETE', ''],
    ] as const;
    for (const [method, suffix, payload] of calls) {
      const res = await call(method, `/api/component-types/${type.id}${suffix}`, 'admin', payload, levante);
      expect([method, suffix, res.statusCode, res.json().code]).toEqual([method, suffix, 404, 'N1000']);
    }
    expect((await call('GET', `/api/component-types/${type.id}`, 'admin', undefined, norte)).statusCode).toBe(
      200,
    );
    expect((await history(type.id)).map((e) => [e.action, e.companyId])).toEqual([['create', norte]]);
  });

  it('belongs to the current company or the provider, nobody else', async () => {
    const res = await call('POST', '/api/component-types', 'admin', typeInput({ companyId: levante }), norte);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ companyId: 'This is invalid' });
    const missing = typeInput({ companyId: '00000000-0000-4000-8000-000000000000' });
    expect((await call('POST', '/api/component-types', 'admin', missing, norte)).statusCode).toBe(400);
  });

  it('keeps names apart from the provider’s, not from other companies’', async () => {
    const shared = await createType();
    const clash = await call('POST', '/api/component-types', 'admin', ofNorte({ name: shared.name }), norte);
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'SET1004']);
    const norteType = (await call('POST', '/api/component-types', 'admin', ofNorte(), norte)).json();
    const levanteType = await call(
      'POST',
      '/api/component-types',
      'admin',
      typeInput({ companyId: levante, name: norteType.name }),
      levante,
    );
    expect(levanteType.statusCode).toBe(201);
    // a provider type may not take a name a company already uses beside the provider's
    const providerClash = await call(
      'POST',
      '/api/component-types',
      'admin',
      typeInput({ name: norteType.name }),
    );
    expect([providerClash.statusCode, providerClash.json().code]).toEqual([409, 'SET1004']);
  });

  it('does not move to a company while installed at another company’s points (SET1010)', async () => {
    const shared = await createType();
    await insertComponent(shared.id, 'Installed', 'Active'); // at a Norte point
    const toLevante = await call(
      'PUT',
      `/api/component-types/${shared.id}`,
      'admin',
      typeInput({ name: shared.name, companyId: levante }),
      levante,
    );
    expect([toLevante.statusCode, toLevante.json().code]).toEqual([409, 'SET1010']);
    const toNorte = await call(
      'PUT',
      `/api/component-types/${shared.id}`,
      'admin',
      typeInput({ name: shared.name, companyId: norte }),
      norte,
    );
    expect([toNorte.statusCode, toNorte.json().shared]).toEqual([200, false]);
  });
});
