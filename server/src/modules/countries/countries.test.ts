import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const email of [
    'admin@demo.aforo.dev',
    'chief@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'user.norte@demo.aforo.dev',
  ]) {
    tokens[email] = await server.login(email);
  }
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });

describe('countries', () => {
  it('lets ADMIN create, read, update and delete, with a history entry for each change', async () => {
    const created = await call('POST', '/api/countries', 'admin@demo.aforo.dev', {
      name: 'Andorra',
      code: 'ad',
    });
    expect(created.statusCode).toBe(201);
    const country = created.json();
    expect(country).toMatchObject({ name: 'Andorra', code: 'AD', companies: 0 });
    const updated = await call('PUT', `/api/countries/${country.id}`, 'admin@demo.aforo.dev', {
      name: 'Principat d’Andorra',
      code: 'AD',
    });
    expect(updated.json().name).toBe('Principat d’Andorra');
    expect((await call('DELETE', `/api/countries/${country.id}`, 'admin@demo.aforo.dev')).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/countries/${country.id}`, 'admin@demo.aforo.dev')).statusCode).toBe(404);

    const history = await call(
      'GET',
      `/api/log-entries?entityType=country&entityId=${country.id}&dir=ASC`,
      'admin@demo.aforo.dev',
    );
    expect(history.json().rows.map((r: { action: string }) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    expect(history.json().rows[1].changes).toEqual({ name: ['Andorra', 'Principat d’Andorra'] });
    expect(history.json().rows[0].user.email).toBe('admin@demo.aforo.dev');
  });

  it('refuses duplicates by name (any case) with CU1001 and by code with CU1003', async () => {
    await call('POST', '/api/countries', 'admin@demo.aforo.dev', { name: 'Malta', code: 'MT' });
    expect(
      (await call('POST', '/api/countries', 'admin@demo.aforo.dev', { name: 'MALTA', code: 'XM' })).json()
        .code,
    ).toBe('CU1001');
    const dup = await call('POST', '/api/countries', 'admin@demo.aforo.dev', { name: 'Other', code: 'MT' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CU1003');
  });

  it('refuses to delete a country with companies (CU1002)', async () => {
    const list = (await call('GET', '/api/countries?length=-1&search=ES', 'admin@demo.aforo.dev')).json();
    const spain = list.rows.find((c: { code: string }) => c.code === 'ES');
    expect(spain.companies).toBeGreaterThan(0);
    const res = await call('DELETE', `/api/countries/${spain.id}`, 'admin@demo.aforo.dev');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CU1002',
      message: 'The country cannot be deleted because it has companies.',
    });
  });

  it('refuses to delete a country kept by a deleted company, which a restore would need', async () => {
    const country = (
      await call('POST', '/api/countries', 'admin@demo.aforo.dev', { name: 'Islandia', code: 'IS' })
    ).json();
    const company = (
      await call('POST', '/api/companies', 'admin@demo.aforo.dev', {
        businessName: 'Hielo S.A.',
        countryId: country.id,
        preferredTimezone: 'Atlantic/Reykjavik',
      })
    ).json();
    expect((await call('DELETE', `/api/companies/${company.id}`, 'admin@demo.aforo.dev')).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/countries/${country.id}`, 'admin@demo.aforo.dev')).json().companies).toBe(
      0,
    );
    const res = await call('DELETE', `/api/countries/${country.id}`, 'admin@demo.aforo.dev');
    expect([res.statusCode, res.json().code]).toEqual([409, 'CU1002']);
  });

  it('answers 400 with field messages for a bad code and a blank name', async () => {
    const res = await call('POST', '/api/countries', 'admin@demo.aforo.dev', { name: '  ', code: 'ESP' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['code', 'name']);
  });

  it('lets CHIEF and VIEWER read but not write; company users neither', async () => {
    for (const who of ['chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      expect((await call('GET', '/api/countries', who)).statusCode).toBe(200);
      expect((await call('POST', '/api/countries', who, { name: 'Nowhere', code: 'NW' })).statusCode).toBe(
        403,
      );
    }
    for (const who of ['admin-cliente.norte@demo.aforo.dev', 'user.norte@demo.aforo.dev']) {
      expect((await call('GET', '/api/countries', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/countries', who, { name: 'Nowhere', code: 'NW' })).statusCode).toBe(
        403,
      );
    }
  });

  it('pages, sorts and searches', async () => {
    const page = (
      await call('GET', '/api/countries?page=1&length=2&order=code&dir=ASC', 'admin@demo.aforo.dev')
    ).json();
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.rows[0].code < page.rows[1].code).toBe(true);
    const found = (await call('GET', '/api/countries?search=portu', 'admin@demo.aforo.dev')).json();
    expect(found.rows.map((c: { code: string }) => c.code)).toEqual(['PT']);
  });
});
