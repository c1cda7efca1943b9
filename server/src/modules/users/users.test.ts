import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, demoPassword, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
});
afterAll(() => server.close());

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  server.request({ method: 'GET', url, headers: bearer(token, headers) });

describe('GET /api/users/info/logged', () => {
  it('describes a client user with their profile, effective roles and only their company', async () => {
    const token = await server.login('chief-cliente.norte@demo.aforo.dev');
    const res = await get('/api/users/info/logged', token);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      email: 'chief-cliente.norte@demo.aforo.dev',
      state: { name: 'Active' },
      company: { id: norte },
      roles: ['ROLE_CHIEF_CLIENTE'],
      isGlobal: false,
      language: 'es',
    });
    expect(me.userProfiles).toEqual([
      expect.objectContaining({
        state: { name: 'Active' },
        company: { id: norte, businessName: 'Canal del Norte S.A.' },
        profileRoles: ['ROLE_CHIEF_CLIENTE'],
        rolesAssociated: [{ id: 'ROLE_CHIEF_CLIENTE' }],
      }),
    ]);
    expect(me.companies.map((c: { id: string }) => c.id)).toEqual([norte]);
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('lets provider staff select every company, the provider first', async () => {
    const token = await server.login('viewer@demo.aforo.dev');
    const me = (await get('/api/users/info/logged', token)).json();
    expect(me.isGlobal).toBe(true);
    expect(me.roles).toEqual(['ROLE_VIEWER']);
    expect(me.companies.length).toBeGreaterThanOrEqual(3);
    expect(me.companies[0].isProvider).toBe(true);
  });

  it('lists every company of a user with profiles in several, and scopes roles to the current one', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_ADMIN_CLIENTE'] });
    const { userProfiles } = await import('../../db/schema');
    await server.database.db
      .insert(userProfiles)
      .values({ userId: user.id, companyId: levante, roles: ['ROLE_USER'] });
    const token = await server.login(user.email);
    const inNorte = (await get('/api/users/info/logged', token, { 'x-current-company': norte })).json();
    const inLevante = (await get('/api/users/info/logged', token, { 'x-current-company': levante })).json();
    expect(inNorte.companies).toHaveLength(2);
    expect(inNorte.roles).toEqual(['ROLE_ADMIN_CLIENTE']);
    expect(inLevante.roles).toEqual(['ROLE_USER']);
    expect(inLevante.company).toEqual({ id: levante });
  });
});

describe('X-Current-Company', () => {
  it('answers 404 when a company user names a company they do not belong to', async () => {
    const token = await server.login('user.norte@demo.aforo.dev');
    const res = await get('/api/users/info/logged', token, { 'x-current-company': levante });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CO1000');
  });

  it('lets provider staff name any company, and 404 for one that does not exist', async () => {
    const token = await server.login('chief@demo.aforo.dev');
    expect((await get('/api/users/info/logged', token, { 'x-current-company': levante })).statusCode).toBe(
      200,
    );
    const missing = await get('/api/users/info/logged', token, {
      'x-current-company': '2b0d8a0e-6c41-4b3f-9f52-0c7a3c1f0000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 with the field for a value that is not an id', async () => {
    const token = await server.login('chief@demo.aforo.dev');
    const res = await get('/api/users/info/logged', token, { 'x-current-company': 'norte' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'V1000', fields: { 'X-Current-Company': expect.any(String) } });
  });

  it('PATCH /api/users/current-company stores the choice as the default of later sessions', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const { userProfiles } = await import('../../db/schema');
    await server.database.db
      .insert(userProfiles)
      .values({ userId: user.id, companyId: levante, roles: ['ROLE_USER'] });
    const token = await server.login(user.email);
    const res = await server.request({
      method: 'PATCH',
      url: '/api/users/current-company',
      headers: bearer(token, { 'x-current-company': levante }),
    });
    expect(res.statusCode).toBe(200);
    const next = await server.login(user.email);
    expect((await get('/api/users/info/logged', next)).json().company).toEqual({ id: levante });
  });

  it('PATCH /api/users/current-company refuses another company with 404 and a missing header with 400', async () => {
    const token = await server.login('user.norte@demo.aforo.dev');
    const other = await server.request({
      method: 'PATCH',
      url: '/api/users/current-company',
      headers: bearer(token, { 'x-current-company': levante }),
    });
    expect(other.statusCode).toBe(404);
    const none = await server.request({
      method: 'PATCH',
      url: '/api/users/current-company',
      headers: bearer(token),
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('GET /api/users/{id} company scoping', () => {
  it('gives a client admin the users of their company and 404 for another company’s user', async () => {
    const token = await server.login('admin-cliente.levante@demo.aforo.dev');
    const own = await userIdByEmail(server.database.db, 'user.levante@demo.aforo.dev');
    const foreign = await userIdByEmail(server.database.db, 'user.norte@demo.aforo.dev');
    const ok = await get(`/api/users/${own}`, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('user.levante@demo.aforo.dev');
    const hidden = await get(`/api/users/${foreign}`, token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('U1000');
    // naming the other company in the header does not help either
    expect((await get(`/api/users/${foreign}`, token, { 'x-current-company': norte })).statusCode).toBe(404);
  });

  it('shows a client admin only the profile of their own company of a user in several', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const { userProfiles } = await import('../../db/schema');
    await server.database.db
      .insert(userProfiles)
      .values({ userId: user.id, companyId: levante, roles: ['ROLE_USER'] });
    const token = await server.login('admin-cliente.levante@demo.aforo.dev');
    const res = await get(`/api/users/${user.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().userProfiles.map((p: { company: { id: string } }) => p.company.id)).toEqual([levante]);
  });

  it('gives the provider admin any user; refuses roles without user administration with 403', async () => {
    const foreign = await userIdByEmail(server.database.db, 'user.norte@demo.aforo.dev');
    const admin = await server.login('admin@demo.aforo.dev');
    expect((await get(`/api/users/${foreign}`, admin)).statusCode).toBe(200);
    for (const email of [
      'chief@demo.aforo.dev',
      'viewer@demo.aforo.dev',
      'chief-cliente.norte@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
      'spectator.norte@demo.aforo.dev',
    ]) {
      const res = await get(`/api/users/${foreign}`, await server.login(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json().code).toBe('F1000');
    }
  });

  it('answers 400 for an id that is not a UUID and 404 for an unknown one', async () => {
    const admin = await server.login('admin@demo.aforo.dev');
    expect((await get('/api/users/abc', admin)).statusCode).toBe(400);
    expect((await get('/api/users/2b0d8a0e-6c41-4b3f-9f52-0c7a3c1f0000', admin)).statusCode).toBe(404);
  });
});

describe('PUT /api/users/{id}/update/password and the Change Password state', () => {
  it('keeps a Change Password user out of everything but the session calls until the change', async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, {
      companyId: company.id,
      roles: ['ROLE_ADMIN_CLIENTE'],
      state: 'Change Password',
    });
    const token = await server.login(user.email);
    expect((await get('/api/users/info/logged', token)).json().state).toEqual({ name: 'Change Password' });
    const blocked = await get('/api/roles', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('AU1007');

    const change = (body: object) =>
      server.request({
        method: 'PUT',
        url: `/api/users/${user.id}/update/password`,
        headers: bearer(token),
        payload: body,
      });
    const wrongCurrent = await change({
      currentPassword: 'nope-nope-nope',
      password: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().code).toBe('AU1004');
    const short = await change({
      currentPassword: 'aforo-demo-2026',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toEqual(expect.any(String));
    const mismatch = await change({
      currentPassword: 'aforo-demo-2026',
      password: 'a-new-password-1',
      confirmPassword: 'a-new-password-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(Object.keys(mismatch.json().fields)).toEqual(['confirmPassword']);

    const ok = await change({
      currentPassword: 'aforo-demo-2026',
      password: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    // the change ends the old session; the answer carries the token of the new one
    expect((await get('/api/users/info/logged', token)).statusCode).toBe(401);
    const fresh = ok.json().token;
    expect((await get('/api/users/info/logged', fresh)).json().state).toEqual({ name: 'Active' });
    expect((await get('/api/roles', fresh)).statusCode).toBe(200);
    await expect(server.login(user.email)).rejects.toThrow(/401/);
    expect(await server.login(user.email, 'a-new-password-1')).toEqual(expect.any(String));
  });

  it('answers 404 for another user’s id: only your own password changes here', async () => {
    const token = await server.login('admin@demo.aforo.dev');
    const other = await userIdByEmail(server.database.db, 'user.norte@demo.aforo.dev');
    const res = await server.request({
      method: 'PUT',
      url: `/api/users/${other}/update/password`,
      headers: bearer(token),
      payload: {
        currentPassword: 'aforo-demo-2026',
        password: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/users: the spec’s required page and length', () => {
  it('answers 400 V1000 naming page and length when either is missing, 200 with both', async () => {
    const admin = await server.login('admin-cliente.norte@demo.aforo.dev');
    const en = { 'accept-language': 'en' };
    const none = await get('/api/users', admin, en);
    expect([none.statusCode, none.json().code]).toEqual([400, 'V1000']);
    expect(none.json().fields).toEqual({
      page: 'This is a required field',
      length: 'This is a required field',
    });
    const noLength = await get('/api/users?page=1&order=name', admin, en);
    expect([noLength.statusCode, noLength.json().fields]).toEqual([
      400,
      { length: 'This is a required field' },
    ]);
    const noPage = await get('/api/users?length=10', admin, en);
    expect([noPage.statusCode, noPage.json().fields]).toEqual([400, { page: 'This is a required field' }]);
    const bad = await get('/api/users?page=0&length=abc', admin, en);
    expect([bad.statusCode, Object.keys(bad.json().fields).sort()]).toEqual([400, ['length', 'page']]);
    const ok = await get('/api/users?page=1&length=2', admin, en);
    expect([ok.statusCode, ok.json().rows.length]).toEqual([200, 2]);
  });
});

describe('the user state spelled "Dissabled" in older data', () => {
  it('reads as Disabled everywhere: the user, the list, the actions and the sign-in', async () => {
    const db = server.database.db;
    const user = await buildUser(db, { companyId: norte, state: 'Dissabled' });
    const disabled = await buildUser(db, { companyId: norte, state: 'Disabled' });
    const admin = await server.login('admin-cliente.norte@demo.aforo.dev');
    const one = await get(`/api/users/${user.id}`, admin);
    expect([one.statusCode, one.json().state]).toEqual([200, { name: 'Disabled' }]);
    const listed = await get(`/api/users?page=1&length=5&search=${user.email}`, admin);
    expect(listed.json().rows.map((r: { state: unknown }) => r.state)).toEqual([{ name: 'Disabled' }]);
    // a disabled account cannot sign in, whichever the spelling
    const signIn = (email: string) =>
      server.request({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: email, password: demoPassword },
      });
    const [legacy, current] = [await signIn(user.email), await signIn(disabled.email)];
    expect([legacy.statusCode, legacy.json().code]).toEqual([current.statusCode, current.json().code]);
    expect(legacy.statusCode).toBe(401);
    const act = (action: string) =>
      server.request({ method: 'POST', url: `/api/users/${user.id}/${action}`, headers: bearer(admin) });
    // disabling it again is refused as for any disabled user; enabling it works
    expect((await act('disable')).json().code).toBe('U1001');
    const enabled = await act('enable');
    expect([enabled.statusCode, enabled.json().state]).toEqual([200, { name: 'Active' }]);
  });
});
