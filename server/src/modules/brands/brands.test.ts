import { describe, expect, it } from 'vitest';
import { demoBrands, demoModels } from '../../demo/demo';
import { companyRoles, missingId, useCatalogueServer, type Who } from '../../test/catalogue-calls';

const { call, history } = useCatalogueServer();

async function brandByAbbreviation(abbreviation: string) {
  const list = (await call('GET', `/api/brands?length=-1&search=${abbreviation}`, 'admin')).json();
  return list.rows.find((b: { abbreviation: string }) => b.abbreviation === abbreviation);
}

describe('brands', () => {
  it('lets ADMIN create, read, update and delete, with a history entry for each change', async () => {
    const created = await call('POST', '/api/brands', 'admin', { abbreviation: ' ISC ', description: '' });
    expect(created.statusCode).toBe(201);
    const brand = created.json();
    expect(brand).toMatchObject({ abbreviation: 'ISC', description: null, models: 0 });
    expect((await call('GET', `/api/brands/${brand.id}`, 'admin')).json()).toEqual(brand);

    const updated = await call('PUT', `/api/brands/${brand.id}`, 'admin', {
      abbreviation: 'ISC',
      description: 'Isco',
    });
    expect([updated.statusCode, updated.json().description]).toEqual([200, 'Isco']);
    expect((await call('DELETE', `/api/brands/${brand.id}`, 'admin')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/brands/${brand.id}`, 'admin')).json().code).toBe('B1000');

    const entries = await history('brand', brand.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes).toEqual({ abbreviation: [null, 'ISC'] });
    expect(entries[1]!.changes).toEqual({ description: [null, 'Isco'] });
    expect(entries[2]!.changes).toEqual({ abbreviation: ['ISC', null], description: ['Isco', null] });
    expect(entries.every((e) => e.companyId === null && e.user.email === 'admin@demo.aforo.dev')).toBe(true);
  });

  it('refuses a duplicate abbreviation in any case with B1003, and keeps a brand its own', async () => {
    const dup = await call('POST', '/api/brands', 'admin', { abbreviation: 'ott' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'B1003', message: 'A brand with this abbreviation already exists.' });

    const other = (await call('POST', '/api/brands', 'admin', { abbreviation: 'HACH' })).json();
    const clash = await call('PUT', `/api/brands/${other.id}`, 'admin', { abbreviation: 'veg' });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'B1003']);
    const same = await call('PUT', `/api/brands/${other.id}`, 'admin', { abbreviation: 'hach' });
    expect([same.statusCode, same.json().abbreviation]).toEqual([200, 'hach']);
  });

  it('counts its models and refuses to delete a brand with models (B1002)', async () => {
    const seba = await brandByAbbreviation('SEB');
    expect(seba.models).toBe(demoModels.filter((m) => m.brand === 'SEB').length);
    const res = await call('DELETE', `/api/brands/${seba.id}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'B1002',
      message: 'The brand cannot be deleted because it has models.',
    });
    expect(await history('brand', seba.id)).toEqual([]);
  });

  it('answers B1000 for an unknown brand on every call', async () => {
    for (const [method, payload] of [['GET'], ['PUT', { abbreviation: 'X1' }], ['DELETE']] as const) {
      const res = await call(method, `/api/brands/${missingId}`, 'admin', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'B1000']);
    }
  });

  it('answers 400 with field messages for a blank abbreviation and a long description', async () => {
    const res = await call('POST', '/api/brands', 'admin', {
      abbreviation: '  ',
      description: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'V1000',
      fields: {
        abbreviation: 'This is blank or invalid',
        description: 'This must be at most 200 characters long',
      },
    });
    const spanish = await call('POST', '/api/brands', 'admin', {}, 'es');
    expect(spanish.json().fields).toEqual({ abbreviation: 'Este campo es obligatorio' });
  });

  it('lets CHIEF and VIEWER read but not write; company roles neither', async () => {
    const ott = await brandByAbbreviation('OTT');
    for (const who of ['chief', 'viewer'] as Who[]) {
      expect((await call('GET', '/api/brands', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/brands/${ott.id}`, who)).json().abbreviation).toBe('OTT');
      expect((await call('POST', '/api/brands', who, { abbreviation: 'NOPE' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/brands/${ott.id}`, who, { abbreviation: 'OTT' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/brands/${ott.id}`, who)).json().code).toBe('F1000');
    }
    for (const who of companyRoles) {
      expect((await call('GET', '/api/brands', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/brands/${ott.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', '/api/brands', who, { abbreviation: 'NOPE' })).statusCode).toBe(403);
    }
  });

  it('pages, sorts and searches abbreviation and description', async () => {
    const all = (await call('GET', '/api/brands?length=-1&order=abbreviation&dir=ASC', 'admin')).json();
    expect(all.total).toBeGreaterThanOrEqual(demoBrands.length);
    const abbreviations: string[] = all.rows.map((b: { abbreviation: string }) => b.abbreviation);
    const demo = new Set<string>(demoBrands.map((b) => b.abbreviation));
    expect(abbreviations.filter((a) => demo.has(a))).toEqual(['KEL', 'OTT', 'SEB', 'VEG']);

    const page2 = (
      await call('GET', '/api/brands?page=2&length=2&order=abbreviation&dir=ASC', 'admin')
    ).json();
    expect(page2.rows.map((b: { abbreviation: string }) => b.abbreviation)).toEqual(
      abbreviations.slice(2, 4),
    );
    expect(page2.total).toBe(all.total);

    const byDescription = (await call('GET', '/api/brands?search=hydro', 'admin')).json();
    expect(byDescription.rows.map((b: { abbreviation: string }) => b.abbreviation).sort()).toEqual([
      'OTT',
      'SEB',
    ]);
    expect((await call('GET', '/api/brands?search=kel', 'admin')).json().total).toBe(1);

    const newest = (await call('GET', '/api/brands?order=created_at&dir=DESC&length=1', 'admin')).json();
    expect(newest.rows).toHaveLength(1);
    expect((await call('GET', '/api/brands?order=name', 'admin')).statusCode).toBe(400);
  });
});
