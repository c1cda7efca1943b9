import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildCompany, buildUser, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const admin = 'admin@demo.aforo.dev';
const companyUsers = [
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.levante@demo.aforo.dev',
];
let server: TestServer;
let norte: string;
let provider: string;
let spain: string;
let basico: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const email of [admin, 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev', ...companyUsers]) {
    tokens[email] = await server.login(email);
  }
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  provider = await companyIdByName(server.database.db, 'Aforo Hidrometría S.L.');
  const levante = (
    await call(
      'GET',
      `/api/companies/${await companyIdByName(server.database.db, 'Aguas de Levante S.L.')}`,
      admin,
    )
  ).json();
  spain = levante.country.id;
  basico = levante.billingPlan.id;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: string, payload?: object, token = tokens[who]!) =>
  server.request({
    method,
    url,
    headers: bearer(token, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });

const company = (businessName: string, extra: object = {}) => ({
  businessName,
  contactName: 'Rosa Prieto',
  position: 'Gerente',
  email: 'Rosa@Example.com',
  phone: '+34 600 000 000',
  countryId: spain,
  billingPlanId: basico,
  preferredTimezone: 'Atlantic/Canary',
  ...extra,
});
const missingId = '00000000-0000-4000-8000-000000000000';

async function history(entityId: string, token = tokens[admin]!) {
  const res = await call(
    'GET',
    `/api/log-entries?entityType=company&entityId=${entityId}&dir=ASC`,
    admin,
    undefined,
    token,
  );
  expect(res.statusCode).toBe(200);
  return res.json().rows as {
    action: string;
    companyId: string | null;
    changes: Record<string, [unknown, unknown]>;
  }[];
}

describe('companies', () => {
  it('lets ADMIN create, read and update a company, with history its own users can read', async () => {
    const created = await call('POST', '/api/companies', admin, company('Riegos del Ebro S.C.'));
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      businessName: 'Riegos del Ebro S.C.',
      email: 'rosa@example.com',
      isProvider: false,
      preferredTimezone: 'Atlantic/Canary',
      country: { id: spain, name: 'España', code: 'ES' },
      billingPlan: { id: basico, name: 'Básico' },
      users: 0,
      deletedAt: null,
    });
    expect((await call('GET', `/api/companies/${item.id}`, admin)).json()).toEqual(item);

    const updated = await call('PUT', `/api/companies/${item.id}`, admin, {
      businessName: 'Riegos del Ebro S.C.',
      email: '',
      billingPlanId: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      email: null,
      contactName: null,
      billingPlan: null,
      country: null,
      preferredTimezone: 'Europe/Madrid',
    });

    const rows = await history(item.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows.every((r) => r.companyId === item.id)).toBe(true);
    expect(rows[0]!.changes).toMatchObject({
      businessName: [null, 'Riegos del Ebro S.C.'],
      countryId: [null, spain],
      billingPlanId: [null, basico],
    });
    expect(rows[1]!.changes).toEqual({
      contactName: ['Rosa Prieto', null],
      position: ['Gerente', null],
      email: ['rosa@example.com', null],
      phone: ['+34 600 000 000', null],
      countryId: [spain, null],
      billingPlanId: [basico, null],
      preferredTimezone: ['Atlantic/Canary', 'Europe/Madrid'],
    });

    // the company's own administrator sees the changes made to it
    const own = await buildUser(server.database.db, { companyId: item.id, roles: ['ROLE_ADMIN_CLIENTE'] });
    const ownRows = await history(item.id, await server.login(own.email));
    expect(ownRows.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('soft-deletes and restores, keeping deleted companies readable, with history', async () => {
    const item = (await call('POST', '/api/companies', admin, company('Presa Vieja S.L.'))).json();
    expect((await call('DELETE', `/api/companies/${item.id}`, admin)).json()).toEqual({ ok: true });

    const deleted = (await call('GET', `/api/companies/${item.id}`, admin)).json();
    expect(deleted.deletedAt).not.toBeNull();
    expect((await call('GET', '/api/companies?search=Presa', admin)).json().total).toBe(0);
    expect((await call('GET', '/api/companies?search=Presa&showDeleted=true', admin)).json().rows).toEqual([
      deleted,
    ]);

    for (const [method, url, payload] of [
      ['PUT', `/api/companies/${item.id}`, company('Presa Vieja S.L.')],
      ['DELETE', `/api/companies/${item.id}`],
    ] as const) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CO1000');
    }

    const restored = await call('POST', `/api/companies/${item.id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: item.id, deletedAt: null });
    const again = await call('POST', `/api/companies/${item.id}/restore`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CO1006', message: 'The company could not be restored.' });

    const rows = await history(item.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete', 'restore']);
    expect(rows[1]!.changes).toEqual({ deletedAt: [null, deleted.deletedAt] });
    expect(rows[2]!.changes).toEqual({ deletedAt: [deleted.deletedAt, null] });
  });

  it('refuses a duplicate business name among live companies (CO1001) and a restore onto a taken name (CO1006)', async () => {
    const dup = await call('POST', '/api/companies', admin, company('canal del norte s.a.'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'CO1001',
      message: 'A company with this business name already exists.',
    });

    const old = (await call('POST', '/api/companies', admin, company('Acequia Real'))).json();
    expect(
      (await call('PUT', `/api/companies/${old.id}`, admin, company('AGUAS DE LEVANTE S.L.'))).json().code,
    ).toBe('CO1001');
    await call('DELETE', `/api/companies/${old.id}`, admin);
    // a deleted company's name is free again, and then its restore fails
    expect((await call('POST', '/api/companies', admin, company('ACEQUIA REAL'))).statusCode).toBe(201);
    const res = await call('POST', `/api/companies/${old.id}/restore`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CO1006');
  });

  it('refuses to delete a company with users or the provider itself (CO1002)', async () => {
    for (const id of [norte, provider]) {
      const res = await call('DELETE', `/api/companies/${id}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CO1002',
        message: 'The company cannot be deleted because it has users.',
      });
    }
    expect((await call('GET', `/api/companies/${norte}`, admin)).json().deletedAt).toBeNull();
  });

  it('counts users with a profile in the company, active or not, leaving deleted users out', async () => {
    const item = await buildCompany(server.database.db);
    await buildUser(server.database.db, { companyId: item.id, roles: ['ROLE_USER'] });
    await buildUser(server.database.db, {
      companyId: item.id,
      roles: ['ROLE_USER'],
      profileState: 'Disabled',
    });
    const gone = await buildUser(server.database.db, { companyId: item.id, roles: ['ROLE_USER'] });
    await server.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await call('GET', `/api/companies/${item.id}`, admin)).json().users).toBe(2);
    expect((await call('DELETE', `/api/companies/${item.id}`, admin)).json().code).toBe('CO1002');

    const onlyDeleted = await buildCompany(server.database.db);
    const former = await buildUser(server.database.db, { companyId: onlyDeleted.id });
    await server.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, former.id));
    expect((await call('DELETE', `/api/companies/${onlyDeleted.id}`, admin)).statusCode).toBe(200);
  });

  it('answers 404 CO1000 for an unknown company', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/companies/${missingId}`],
      ['PUT', `/api/companies/${missingId}`, company('Nadie')],
      ['DELETE', `/api/companies/${missingId}`],
      ['POST', `/api/companies/${missingId}/restore`],
    ] as const) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'CO1000', message: 'The company was not found.' });
    }
  });

  it('answers 400 V1000 with fields for bad input and unknown country or billing plan', async () => {
    const bad = await call('POST', '/api/companies', admin, {
      businessName: ' ',
      email: 'nope',
      preferredTimezone: 'Mars/Base',
      countryId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('V1000');
    expect(bad.json().fields).toMatchObject({
      businessName: 'This is blank or invalid',
      email: 'This is not a valid email address',
    });
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'businessName',
      'countryId',
      'email',
      'preferredTimezone',
    ]);

    const unknown = await call(
      'POST',
      '/api/companies',
      admin,
      company('Fantasma S.A.', { countryId: missingId, billingPlanId: missingId }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'V1000',
      message: 'The request contains invalid data.',
      fields: { countryId: 'This is invalid', billingPlanId: 'This is invalid' },
    });
    const onUpdate = await call('PUT', `/api/companies/${norte}`, admin, {
      businessName: 'Canal del Norte S.A.',
      billingPlanId: missingId,
    });
    expect(onUpdate.json().fields).toEqual({ billingPlanId: 'This is invalid' });
    expect((await call('GET', '/api/companies?search=Fantasma&showDeleted=true', admin)).json().total).toBe(
      0,
    );
  });

  it('lets CHIEF and VIEWER read, deleted companies included, but not write', async () => {
    for (const who of ['chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      expect((await call('GET', '/api/companies?showDeleted=true', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/companies/${norte}`, who)).json().businessName).toBe(
        'Canal del Norte S.A.',
      );
      for (const [method, url, payload] of [
        ['POST', '/api/companies', company('Prohibida S.L.')],
        ['PUT', `/api/companies/${norte}`, company('Prohibida S.L.')],
        ['DELETE', `/api/companies/${norte}`],
        ['POST', `/api/companies/${norte}/restore`],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    }
  });

  it('answers 403 F1000 to company users on every call, their own company included', async () => {
    for (const who of companyUsers) {
      for (const [method, url, payload] of [
        ['GET', '/api/companies'],
        ['GET', `/api/companies/${norte}`],
        ['POST', '/api/companies', company('Prohibida S.L.')],
        ['PUT', `/api/companies/${norte}`, company('Prohibida S.L.')],
        ['DELETE', `/api/companies/${norte}`],
        ['POST', `/api/companies/${norte}/restore`],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    }
  });

  it('pages, sorts and searches by business name, contact and email', async () => {
    const all = (await call('GET', '/api/companies?length=-1&order=business_name&dir=ASC', admin)).json();
    const names = all.rows.map((c: { businessName: string }) => c.businessName);
    expect(names).toEqual([...names].sort());
    expect(all.total).toBe(all.rows.length);
    const providerRow = all.rows.find((c: { isProvider: boolean }) => c.isProvider);
    expect(providerRow).toMatchObject({
      businessName: 'Aforo Hidrometría S.L.',
      billingPlan: null,
      country: { code: 'ES' },
    });
    expect(all.rows.find((c: { id: string }) => c.id === norte)).toMatchObject({
      billingPlan: { name: 'Profesional' },
      users: 5,
    });

    const page = (
      await call('GET', '/api/companies?page=2&length=2&order=business_name&dir=ASC', admin)
    ).json();
    expect(page.total).toBe(all.total);
    expect(page.rows.map((c: { businessName: string }) => c.businessName)).toEqual(names.slice(2, 4));

    const byEmail = (await call('GET', '/api/companies?length=-1&order=email&dir=DESC', admin)).json();
    const emails = byEmail.rows.map((c: { email: string | null }) => c.email).filter(Boolean);
    expect(emails).toEqual([...emails].sort().reverse());
    // companies without email come last in either direction
    const nulls = byEmail.rows.map((c: { email: string | null }) => c.email === null);
    expect(nulls.at(-1)).toBe(true);
    expect(nulls.slice(nulls.indexOf(true)).every(Boolean)).toBe(true);

    const search = async (term: string) =>
      (await call('GET', `/api/companies?search=${encodeURIComponent(term)}`, admin))
        .json()
        .rows.map((c: { businessName: string }) => c.businessName);
    expect(await search('levante')).toEqual(['Aguas de Levante S.L.']);
    expect(await search('ETXEBERRIA')).toEqual(['Canal del Norte S.A.']);
    expect(await search('operaciones@aforo')).toEqual(['Aforo Hidrometría S.L.']);
  });
});
