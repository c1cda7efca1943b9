import { describe, expect, it } from 'vitest';
import { demoFirmwares, demoModels } from '../../demo/demo';
import { companyRoles, missingId, useCatalogueServer, type Who } from '../../test/catalogue-calls';

const { call, history, insertDevice } = useCatalogueServer();

interface ModelDto {
  id: string;
  name: string;
  brand: { id: string; abbreviation: string };
  devices: number;
}

async function brandId(abbreviation: string): Promise<string> {
  const list = (await call('GET', `/api/brands?length=-1&search=${abbreviation}`, 'admin')).json();
  return list.rows.find((b: { abbreviation: string }) => b.abbreviation === abbreviation).id;
}

async function modelByName(name: string): Promise<ModelDto> {
  const list = (
    await call('GET', `/api/models?length=-1&search=${encodeURIComponent(name)}`, 'admin')
  ).json();
  return list.rows.find((m: ModelDto) => m.name === name);
}

const level = [{ key: 'ai1', type: 'pressure', label: 'Nivel' }];

describe('models', () => {
  it('lets ADMIN create, read, update and delete a model with ports, with history', async () => {
    const keller = await brandId('KEL');
    const created = await call('POST', '/api/models', 'admin', {
      brandId: keller,
      name: ' DCX-22 ',
      ports: level,
    });
    expect(created.statusCode).toBe(201);
    const model = created.json();
    expect(model).toMatchObject({
      name: 'DCX-22',
      brand: { id: keller, abbreviation: 'KEL' },
      ports: level,
      devices: 0,
    });
    expect((await call('GET', `/api/models/${model.id}`, 'admin')).json()).toEqual(model);

    const ports = [
      ...level,
      { key: 't1', type: 'current_4_20', label: 'Temperatura' },
      { key: 'r1', type: 'radar', label: 'Nivel radar', sentinels: [-9999, 0] },
    ];
    const updated = await call('PUT', `/api/models/${model.id}`, 'admin', {
      brandId: keller,
      name: 'DCX-22 AA',
      ports,
    });
    expect(updated.json()).toMatchObject({ name: 'DCX-22 AA', ports });
    // the sentinel values round-trip through the stored ports
    expect((await call('GET', `/api/models/${model.id}`, 'admin')).json().ports).toEqual(ports);
    expect((await call('DELETE', `/api/models/${model.id}`, 'admin')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/models/${model.id}`, 'admin')).json().code).toBe('MO1000');

    const entries = await history('model', model.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes).toEqual({
      brandId: [null, keller],
      name: [null, 'DCX-22'],
      ports: [null, level],
    });
    expect(entries[1]!.changes).toEqual({ name: ['DCX-22', 'DCX-22 AA'], ports: [level, ports] });
    expect(entries[2]!.changes.name).toEqual(['DCX-22 AA', null]);
  });

  it('answers 400 on fields.brandId for an unknown brand, and on bad ports', async () => {
    const unknown = await call('POST', '/api/models', 'admin', {
      brandId: missingId,
      name: 'X',
      ports: level,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'V1000', fields: { brandId: 'This is invalid' } });
    const spanish = await call(
      'POST',
      '/api/models',
      'admin',
      { brandId: missingId, name: 'X', ports: level },
      'es',
    );
    expect(spanish.json().fields).toEqual({ brandId: 'Este valor no es válido' });

    const keller = await brandId('KEL');
    const bad = await call('POST', '/api/models', 'admin', {
      brandId: keller,
      name: '',
      ports: [{ key: 'AI 1', type: 'sonar', label: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'name',
      'ports.0.key',
      'ports.0.label',
      'ports.0.type',
    ]);
    const duplicateKeys = await call('POST', '/api/models', 'admin', {
      brandId: keller,
      name: 'Twin',
      ports: [...level, ...level],
    });
    expect(Object.keys(duplicateKeys.json().fields)).toEqual(['ports']);
    const none = await call('POST', '/api/models', 'admin', { brandId: keller, name: 'Empty', ports: [] });
    expect([none.statusCode, Object.keys(none.json().fields)]).toEqual([400, ['ports']]);
  });

  it('refuses a duplicate name within the brand in any case (MO1001), not across brands', async () => {
    const dup = await call('POST', '/api/models', 'admin', {
      brandId: await brandId('OTT'),
      name: 'pls-c',
      ports: level,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'MO1001',
      message: 'A model with this name already exists for the brand.',
    });
    const other = await call('POST', '/api/models', 'admin', {
      brandId: await brandId('KEL'),
      name: 'PLS-C',
      ports: level,
    });
    expect(other.statusCode).toBe(201);
    const clash = await call('PUT', `/api/models/${other.json().id}`, 'admin', {
      brandId: await brandId('OTT'),
      name: 'PLS-C',
      ports: level,
    });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'MO1001']);
  });

  it('refuses to delete a model with firmwares, products or devices (MO1002)', async () => {
    const withFirmwares = await modelByName('VEGAPULS C 21');
    expect(demoFirmwares.some((f) => f.model === 'VEGAPULS C 21')).toBe(true);
    const refused = await call('DELETE', `/api/models/${withFirmwares.id}`, 'admin');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'MO1002']);

    const vega = await brandId('VEG');
    const inProduct = (
      await call('POST', '/api/models', 'admin', { brandId: vega, name: 'VEGAPULS C 22', ports: level })
    ).json();
    const product = (
      await call('POST', '/api/products', 'admin', { code: 'MO-TEST', name: 'T', modelIds: [inProduct.id] })
    ).json();
    expect((await call('DELETE', `/api/models/${inProduct.id}`, 'admin')).json().code).toBe('MO1002');
    await call('PUT', `/api/products/${product.id}`, 'admin', { code: 'MO-TEST', name: 'T', modelIds: [] });

    const withDevice = (
      await call('POST', '/api/models', 'admin', { brandId: vega, name: 'VEGAPULS C 23', ports: level })
    ).json();
    await insertDevice({ modelId: withDevice.id });
    await insertDevice({ modelId: withDevice.id, deletedAt: new Date() });
    expect((await call('GET', `/api/models/${withDevice.id}`, 'admin')).json().devices).toBe(1);
    const res = await call('DELETE', `/api/models/${withDevice.id}`, 'admin');
    expect(res.json()).toEqual({
      code: 'MO1002',
      message: 'The model cannot be deleted because it has devices.',
    });

    expect((await call('DELETE', `/api/models/${inProduct.id}`, 'admin')).statusCode).toBe(200);
  });

  it('answers MO1000 for an unknown model on every call', async () => {
    const body = { brandId: await brandId('OTT'), name: 'Ghost', ports: level };
    for (const [method, payload] of [['GET'], ['PUT', body], ['DELETE']] as const) {
      const res = await call(method, `/api/models/${missingId}`, 'admin', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'MO1000']);
    }
  });

  it('lets CHIEF and VIEWER read but not write; company roles neither', async () => {
    const model = await modelByName('ARC-1');
    const body = { brandId: model.brand.id, name: 'ARC-2', ports: level };
    for (const who of ['chief', 'viewer'] as Who[]) {
      expect((await call('GET', '/api/models', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/models/${model.id}`, who)).json().name).toBe('ARC-1');
      expect((await call('POST', '/api/models', who, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/models/${model.id}`, who, body)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/models/${model.id}`, who)).json().code).toBe('F1000');
    }
    for (const who of companyRoles) {
      expect((await call('GET', '/api/models', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/models/${model.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', '/api/models', who, body)).statusCode).toBe(403);
    }
  });

  it('filters by brand, searches the name, sorts and pages', async () => {
    const seba = await brandId('SEB');
    const sebaModels = (
      await call('GET', `/api/models?brandId=${seba}&order=name&dir=ASC&length=-1`, 'admin')
    ).json();
    const expected = demoModels.filter((m) => m.brand === 'SEB').map((m) => m.name);
    expect(sebaModels.total).toBe(expected.length);
    expect(sebaModels.rows.map((m: ModelDto) => m.name)).toEqual(['MDS-Dipper-PT', 'SlimLogCom', 'ULS-200']);
    expect(sebaModels.rows.every((m: ModelDto) => m.brand.abbreviation === 'SEB')).toBe(true);

    const page = (
      await call('GET', `/api/models?brandId=${seba}&order=name&dir=DESC&page=2&length=2`, 'admin')
    ).json();
    expect([page.total, page.rows.map((m: ModelDto) => m.name)]).toEqual([3, ['MDS-Dipper-PT']]);

    const found = (await call('GET', `/api/models?search=vegapuls&brandId=${seba}`, 'admin')).json();
    expect(found).toEqual({ rows: [], total: 0 });
    expect((await call('GET', '/api/models?search=slimlog', 'admin')).json().rows[0].ports).toHaveLength(2);
    expect((await call('GET', '/api/models?brandId=nope', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/models?order=created_at&length=1', 'admin')).json().rows).toHaveLength(1);
  });
});
