import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../demo/demo';
import { companyRoles, missingId, useCatalogueServer, type Who } from '../../test/catalogue-calls';

const { call, history, insertDevice } = useCatalogueServer();

interface ProductDto {
  id: string;
  code: string;
  name: string;
  models: { id: string; name: string }[];
}

async function modelId(name: string): Promise<string> {
  const list = (
    await call('GET', `/api/models?length=-1&search=${encodeURIComponent(name)}`, 'admin')
  ).json();
  return list.rows.find((m: { name: string }) => m.name === name).id;
}

async function productByCode(code: string): Promise<ProductDto> {
  const list = (await call('GET', `/api/products?length=-1&search=${code}`, 'admin')).json();
  return list.rows.find((p: ProductDto) => p.code === code);
}

describe('products', () => {
  it('lets CHIEF create, update (replacing the models) and delete a product, with history', async () => {
    const [plsc, arc1, slim] = [await modelId('PLS-C'), await modelId('ARC-1'), await modelId('SlimLogCom')];
    const created = await call('POST', '/api/products', 'chief', {
      code: ' flow-1 ',
      name: 'Caudalímetro',
      modelIds: [plsc, arc1, plsc],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      code: 'FLOW-1',
      name: 'Caudalímetro',
      devices: 0,
      models: [
        { id: arc1, name: 'ARC-1' },
        { id: plsc, name: 'PLS-C' },
      ],
    });
    expect((await call('GET', `/api/products/${product.id}`, 'viewer')).json()).toEqual(product);

    const updated = await call('PUT', `/api/products/${product.id}`, 'chief', {
      code: 'FLOW-1',
      name: 'Caudalímetro',
      modelIds: [slim],
    });
    expect(updated.json().models).toEqual([{ id: slim, name: 'SlimLogCom' }]);
    expect((await call('DELETE', `/api/products/${product.id}`, 'chief')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/products/${product.id}`, 'chief')).json().code).toBe('PR1000');

    const entries = await history('product', product.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes.modelIds).toEqual([null, [arc1, plsc].sort()]);
    expect(entries[1]!.changes).toEqual({ modelIds: [[arc1, plsc].sort(), [slim]] });
    expect(entries[2]!.changes).toEqual({
      code: ['FLOW-1', null],
      name: ['Caudalímetro', null],
      modelIds: [[slim], null],
    });
    expect(entries[0]!.user.email).toBe('chief@demo.aforo.dev');
  });

  it('lets ADMIN edit too, and a product may have no models', async () => {
    const res = await call('POST', '/api/products', 'admin', { code: 'BARE', name: 'Sin modelos' });
    expect([res.statusCode, res.json().models]).toEqual([201, []]);
  });

  it('refuses a code already in use with PR1001, whatever the case sent', async () => {
    const dup = await call('POST', '/api/products', 'chief', { code: 'lvl', name: 'Otro nivel' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'PR1001', message: 'A product with this code already exists.' });
    const rain = await productByCode('RAIN');
    const clash = await call('PUT', `/api/products/${rain.id}`, 'chief', { code: 'PRS', name: rain.name });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'PR1001']);
  });

  it('answers 400 on fields.modelIds for an unknown model, and on a bad code or name', async () => {
    const unknown = await call('POST', '/api/products', 'chief', {
      code: 'GHOST',
      name: 'Fantasma',
      modelIds: [await modelId('ARC-1'), missingId],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'V1000', fields: { modelIds: 'This is invalid' } });
    expect((await call('GET', '/api/products?search=GHOST', 'chief')).json().total).toBe(0);

    const bad = await call('POST', '/api/products', 'chief', { code: 'A B', name: ' ', modelIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['code', 'modelIds.0', 'name']);
  });

  it('refuses to delete a product with devices (PR1002)', async () => {
    const multi = await productByCode('MULTI');
    await insertDevice({ productId: multi.id });
    expect((await call('GET', `/api/products/${multi.id}`, 'chief')).json().devices).toBe(1);
    const res = await call('DELETE', `/api/products/${multi.id}`, 'chief');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PR1002',
      message: 'The product cannot be deleted because it has devices.',
    });
  });

  it('answers PR1000 for an unknown product on every call', async () => {
    for (const [method, payload] of [['GET'], ['PUT', { code: 'NONE', name: 'N' }], ['DELETE']] as const) {
      const res = await call(method, `/api/products/${missingId}`, 'chief', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'PR1000']);
    }
  });

  it('lets VIEWER read but not write; company roles neither', async () => {
    const lvl = await productByCode('LVL');
    const body = { code: 'LVL', name: 'Nivel' };
    expect((await call('GET', '/api/products', 'viewer')).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${lvl.id}`, 'viewer')).json().code).toBe('LVL');
    expect((await call('POST', '/api/products', 'viewer', { code: 'NEW', name: 'N' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/products/${lvl.id}`, 'viewer', body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/products/${lvl.id}`, 'viewer')).json().code).toBe('F1000');
    for (const who of companyRoles as Who[]) {
      expect((await call('GET', '/api/products', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/products/${lvl.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', '/api/products', who, { code: 'NEW', name: 'N' })).statusCode).toBe(403);
    }
  });

  it('searches code and name, sorts and pages, with each product’s models', async () => {
    const all = (await call('GET', '/api/products?length=-1&order=code&dir=ASC', 'viewer')).json();
    const demoCodes = new Set<string>(demoProducts.map((p) => p.code));
    expect(all.rows.map((p: ProductDto) => p.code).filter((c: string) => demoCodes.has(c))).toEqual([
      'LVL',
      'MULTI',
      'PRS',
      'RAIN',
    ]);
    const lvl = all.rows.find((p: ProductDto) => p.code === 'LVL');
    expect(lvl.models.map((m: { name: string }) => m.name).sort()).toEqual(
      [...demoProducts[0].models].sort(),
    );

    const page = (await call('GET', '/api/products?order=code&dir=ASC&page=2&length=1', 'viewer')).json();
    expect([page.total, page.rows[0].code]).toEqual([all.total, all.rows[1].code]);
    const byName = (await call('GET', '/api/products?search=pluviom', 'viewer')).json();
    expect(byName.rows.map((p: ProductDto) => p.code)).toEqual(['RAIN']);
    const byNameDesc = (await call('GET', '/api/products?order=name&dir=DESC&length=-1', 'viewer')).json();
    const names: string[] = byNameDesc.rows.map((p: ProductDto) => p.name);
    expect(names.indexOf('Estación pluviométrica')).toBeLessThan(names.indexOf('Estación de nivel'));
  });
});
