import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const staff = ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'];
const norteUsers = [
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
];

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  for (const email of [...staff, ...norteUsers, 'admin-cliente.levante@demo.aforo.dev'])
    tokens[email] = await server.login(email);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: string, payload?: object, company?: string) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who] ?? who, {
      'accept-language': 'en',
      ...(company ? { 'x-current-company': company } : {}),
    }),
    ...(payload ? { payload } : {}),
  });
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const newUser = (email: string, roles = ['ROLE_USER'], company: string | null = norte) => ({
  name: 'Nueva',
  surname: 'Persona',
  email,
  phone: '+34 600 000 000',
  profiles: [{ company: company ? { id: company } : null, roles }],
});

describe('GET /api/users', () => {
  it('lists only the current company’s users for a client admin, with _company and role ids', async () => {
    const res = await call('GET', '/api/users?page=1&length=-1', clientAdmin);
    expect(res.statusCode).toBe(200);
    const emails = res.json().rows.map((r: { email: string }) => r.email);
    expect(emails).toEqual(expect.arrayContaining(norteUsers));
    expect(emails.some((e: string) => e.includes('levante'))).toBe(false);
    const row = res.json().rows.find((r: { email: string }) => r.email === 'user.norte@demo.aforo.dev');
    expect(row).toMatchObject({ _company: norte, roles: ['ROLE_USER'], state: { name: 'Active' } });
  });

  it('orders by created_at DESC by default, pages, searches and hides deleted users unless asked', async () => {
    const all = (await call('GET', '/api/users?page=1&length=-1', clientAdmin)).json().rows;
    const dates = all.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page = (await call('GET', '/api/users?page=2&length=2&order=email&dir=ASC', clientAdmin)).json();
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBe(all.length);
    const found = (await call('GET', '/api/users?page=1&length=25&search=SPECTATOR', clientAdmin)).json();
    expect(found.rows.map((r: { email: string }) => r.email)).toEqual(['spectator.norte@demo.aforo.dev']);
  });

  it('filters by a role of the listed profile', async () => {
    const admins = (
      await call('GET', '/api/users?page=1&length=-1&role=ROLE_ADMIN_CLIENTE', clientAdmin)
    ).json();
    expect(admins.rows.map((r: { email: string }) => r.email)).toContain(clientAdmin);
    expect(admins.rows.every((r: { roles: string[] }) => r.roles.includes('ROLE_ADMIN_CLIENTE'))).toBe(true);
    expect(admins.total).toBe(admins.rows.length);
    const chiefs = (
      await call('GET', '/api/users?page=1&length=-1&fdxUsers=true&role=ROLE_CHIEF', 'admin@demo.aforo.dev')
    ).json();
    expect(chiefs.rows.map((r: { email: string }) => r.email)).toContain('chief@demo.aforo.dev');
    expect(chiefs.rows.map((r: { email: string }) => r.email)).not.toContain('admin@demo.aforo.dev');
    const bad = await call('GET', '/api/users?page=1&length=25&role=ROLE_NOPE', clientAdmin);
    expect([bad.statusCode, Object.keys(bad.json().fields)]).toEqual([400, ['role']]);
  });

  it('lists provider staff with fdxUsers for ADMIN only', async () => {
    const fdx = (
      await call('GET', '/api/users?page=1&fdxUsers=true&length=-1', 'admin@demo.aforo.dev')
    ).json();
    expect(fdx.rows.map((r: { email: string }) => r.email)).toEqual(expect.arrayContaining(staff));
    expect(fdx.rows.every((r: { _company: string | null }) => r._company === null)).toBe(true);
    expect((await call('GET', '/api/users?page=1&length=25&fdxUsers=true', clientAdmin)).statusCode).toBe(
      403,
    );
  });

  it('refuses every role but ADMIN and ADMIN_CLIENTE', async () => {
    for (const who of [
      'chief@demo.aforo.dev',
      'viewer@demo.aforo.dev',
      'chief-cliente.norte@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
      'spectator.norte@demo.aforo.dev',
    ]) {
      expect((await call('GET', '/api/users?page=1&length=25', who)).statusCode, who).toBe(403);
      expect(
        (await call('POST', '/api/users', who, newUser(`x-${Date.now()}@test.dev`))).statusCode,
        who,
      ).toBe(403);
    }
  });
});

describe('GET /api/users/validate/{email}', () => {
  it('answers each case with its spec code', async () => {
    expect((await call('GET', '/api/users/validate/free.address@test.dev', clientAdmin)).json()).toEqual({
      available: true,
    });
    const invalid = await call('GET', '/api/users/validate/not-an-email', clientAdmin);
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'U1013']);
    expect(
      (
        await call('GET', `/api/users/validate/user.norte@demo.aforo.dev?companyId=${norte}`, clientAdmin)
      ).json().code,
    ).toBe('UP1003');
    expect(
      (
        await call(
          'GET',
          '/api/users/validate/chief@demo.aforo.dev',
          'admin@demo.aforo.dev',
          undefined,
          norte,
        )
      ).json().code,
    ).toBe('UP1012');
    expect(
      (
        await call(
          'GET',
          '/api/users/validate/user.levante@demo.aforo.dev',
          'admin@demo.aforo.dev',
          undefined,
          norte,
        )
      ).json().code,
    ).toBe('UP1013');
    expect(
      (await call('GET', `/api/users/validate/a@test.dev?companyId=${levante}`, clientAdmin)).statusCode,
    ).toBe(404);
  });
});

describe('creating and editing users', () => {
  it('lets a client admin create a company user, who gets an activation mail and a Created state', async () => {
    const res = await call('POST', '/api/users', clientAdmin, newUser('Created.One@Test.dev'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'created.one@test.dev',
      state: { name: 'Created' },
      roles: ['ROLE_USER'],
    });
    const mails = (await call('GET', '/api/mail-outbox', 'admin@demo.aforo.dev')).json().rows;
    const mail = mails.find((m: { to: string }) => m.to === 'created.one@test.dev');
    expect(mail.subject).toBe('Active su cuenta de Aforo');
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/activate\/user\/[\w-]{20,}/);
    const dup = await call('POST', '/api/users', clientAdmin, newUser('created.one@test.dev'));
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'UP1003']);
  });

  it('answers UP1011 to an invalid email and tells blank fields from missing ones (docs/VALIDATION.md)', async () => {
    const bad = await call('POST', '/api/users', clientAdmin, newUser('not-an-email'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'UP1011',
      message: 'The email format is invalid.',
      fields: { email: 'This is not a valid email address' },
    });
    const id = await userIdByEmail(server.database.db, 'user.norte@demo.aforo.dev');
    const put = await call('PUT', `/api/users/${id}`, clientAdmin, newUser('user.norte@'));
    expect([put.statusCode, put.json().code]).toEqual([400, 'UP1011']);

    const blank = await call('POST', '/api/users', clientAdmin, {
      ...newUser('blank@test.dev'),
      name: '   ',
      surname: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'V1000',
      fields: { name: 'This is blank or invalid', surname: 'This is a required field' },
    });
    // a missing email is missing, not badly formatted
    const { email: _email, ...noEmail } = newUser('x@test.dev');
    const missing = await call('POST', '/api/users', clientAdmin, noEmail);
    expect(missing.json()).toMatchObject({ code: 'V1000', fields: { email: 'This is a required field' } });
    // the email check keeps its own code (U1013), as before
    expect((await call('GET', '/api/users/validate/not-an-email', clientAdmin)).json().code).toBe('U1013');
  });

  it('keeps client admins to their own company and company roles (U1012)', async () => {
    for (const body of [
      newUser('g1@test.dev', ['ROLE_ADMIN']),
      newUser('g2@test.dev', ['ROLE_USER'], levante),
      newUser('g3@test.dev', ['ROLE_USER'], null),
    ]) {
      const res = await call('POST', '/api/users', clientAdmin, body);
      expect(res.json().code, JSON.stringify(body.profiles)).toBe('U1012');
    }
    const twoProfiles = {
      ...newUser('g4@test.dev'),
      profiles: [
        { company: { id: norte }, roles: ['ROLE_USER'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    };
    expect((await call('POST', '/api/users', clientAdmin, twoProfiles)).json().code).toBe('U1012');
  });

  it('lets ADMIN create provider staff and multi-company users, but not global roles in a company', async () => {
    expect(
      (
        await call(
          'POST',
          '/api/users',
          'admin@demo.aforo.dev',
          newUser('staff@test.dev', ['ROLE_CHIEF'], null),
        )
      ).statusCode,
    ).toBe(201);
    const multi = {
      ...newUser('multi@test.dev'),
      profiles: [
        { company: { id: norte }, roles: ['ROLE_USER'] },
        { company: { id: levante }, roles: ['ROLE_CHIEF_CLIENTE'] },
      ],
    };
    expect((await call('POST', '/api/users', 'admin@demo.aforo.dev', multi)).statusCode).toBe(201);
    expect(
      (
        await call(
          'POST',
          '/api/users',
          'admin@demo.aforo.dev',
          newUser('bad@test.dev', ['ROLE_ADMIN'], norte),
        )
      ).json().code,
    ).toBe('U1012');
  });

  it('records an edit with before/after and leaves other companies’ profiles alone', async () => {
    const id = await userIdByEmail(server.database.db, 'multi@test.dev');
    // a user shared with Levante keeps their identity: Norte's admin changes only Norte's profile
    const renamed = await call('PUT', `/api/users/${id}`, clientAdmin, {
      ...newUser('multi@test.dev', ['ROLE_CHIEF_CLIENTE']),
      name: 'Renombrada',
    });
    expect([renamed.statusCode, renamed.json().code]).toEqual([403, 'F1001']);
    const res = await call(
      'PUT',
      `/api/users/${id}`,
      clientAdmin,
      newUser('multi@test.dev', ['ROLE_CHIEF_CLIENTE']),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().userProfiles).toHaveLength(1);
    const full = (await call('GET', `/api/users/${id}`, 'admin@demo.aforo.dev')).json();
    expect(
      full.userProfiles
        .map((p: { company: { id: string }; profileRoles: string[] }) => [p.company.id, p.profileRoles])
        .sort(),
    ).toEqual(
      [
        [norte, ['ROLE_CHIEF_CLIENTE']],
        [levante, ['ROLE_CHIEF_CLIENTE']],
      ].sort(),
    );
    const history = (await call('GET', `/api/log-entries?entityType=user&entityId=${id}`, clientAdmin)).json()
      .rows;
    expect(history[0]).toMatchObject({ action: 'update', user: { email: clientAdmin }, companyId: norte });
    expect(history[0].changes.name).toBeUndefined();
    expect(history[0].changes.profiles).toEqual([
      { [norte]: ['ROLE_USER'] },
      { [norte]: ['ROLE_CHIEF_CLIENTE'] },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/argon2|passwordHash/);
  });

  it('answers 404 to a client admin for another company’s user, on every call', async () => {
    const foreign = await userIdByEmail(server.database.db, 'user.levante@demo.aforo.dev');
    expect((await call('GET', `/api/users/${foreign}`, clientAdmin)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/users/${foreign}`, clientAdmin, newUser('user.levante@demo.aforo.dev')))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/users/${foreign}`, clientAdmin)).statusCode).toBe(404);
    for (const action of ['enable', 'disable', 'restore', 'renew-activation']) {
      expect((await call('POST', `/api/users/${foreign}/${action}`, clientAdmin)).statusCode, action).toBe(
        404,
      );
    }
  });
});

describe('user actions', () => {
  it('disables (sign-in refused), enables, deletes, lists deleted on request and restores', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const act = (action: string) => call('POST', `/api/users/${user.id}/${action}`, clientAdmin);
    expect((await act('disable')).json().state).toEqual({ name: 'Disabled' });
    expect((await act('disable')).json().code).toBe('U1001');
    await expect(server.login(user.email)).rejects.toThrow(/AU1008/);
    expect((await act('enable')).json().state).toEqual({ name: 'Active' });
    expect((await act('enable')).json().code).toBe('U1002');
    expect((await call('DELETE', `/api/users/${user.id}`, clientAdmin)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${user.id}`, clientAdmin)).statusCode).toBe(404);
    const listed = (
      await call('GET', `/api/users?page=1&length=-1&showDeleted=true&search=${user.email}`, clientAdmin)
    ).json().rows;
    expect(listed[0].deletedAt).not.toBeNull();
    expect(
      (await call('GET', `/api/users?page=1&length=-1&search=${user.email}`, clientAdmin)).json().total,
    ).toBe(0);
    expect((await act('restore')).json().state).toEqual({ name: 'Active' });
    expect((await act('restore')).json().code).toBe('U1005');
    const actions = (await call('GET', `/api/log-entries?entityId=${user.id}&dir=ASC`, clientAdmin))
      .json()
      .rows.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['disable', 'enable', 'delete', 'restore']);
  });

  it('refuses to disable or delete yourself', async () => {
    const self = await userIdByEmail(server.database.db, clientAdmin);
    expect((await call('POST', `/api/users/${self}/disable`, clientAdmin)).json().code).toBe('U1004');
    expect((await call('DELETE', `/api/users/${self}`, clientAdmin)).json().code).toBe('U1003');
  });

  it('renews an activation link only while the account waits for activation (U1006)', async () => {
    const created = (await call('POST', '/api/users', clientAdmin, newUser('renew@test.dev'))).json();
    expect((await call('POST', `/api/users/${created.id}/renew-activation`, clientAdmin)).statusCode).toBe(
      200,
    );
    const mails = (await call('GET', '/api/mail-outbox?length=-1', 'admin@demo.aforo.dev')).json().rows;
    expect(mails.filter((m: { to: string }) => m.to === 'renew@test.dev')).toHaveLength(2);
    const active = await userIdByEmail(server.database.db, 'user.norte@demo.aforo.dev');
    expect((await call('POST', `/api/users/${active}/renew-activation`, clientAdmin)).json().code).toBe(
      'U1006',
    );
  });

  it('lets a client admin act on a whole account only when it belongs to their company alone', async () => {
    const id = await userIdByEmail(server.database.db, 'multi@test.dev');
    expect((await call('POST', `/api/users/${id}/disable`, clientAdmin)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${id}/disable`, 'admin@demo.aforo.dev')).statusCode).toBe(200);
  });
});

describe('GET /api/mail-outbox and the history of changes, by role', () => {
  it('shows the outbox to ADMIN only', async () => {
    expect((await call('GET', '/api/mail-outbox', 'admin@demo.aforo.dev')).statusCode).toBe(200);
    for (const who of ['chief@demo.aforo.dev', clientAdmin])
      expect((await call('GET', '/api/mail-outbox', who)).statusCode, who).toBe(403);
  });

  it('shows company users only their company’s history, provider staff all of it', async () => {
    await call(
      'POST',
      '/api/users',
      'admin-cliente.levante@demo.aforo.dev',
      newUser('levante.new@test.dev', ['ROLE_USER'], levante),
    );
    const norteView = (await call('GET', '/api/log-entries?length=1000', 'user.norte@demo.aforo.dev')).json()
      .rows;
    expect(norteView.length).toBeGreaterThan(0);
    expect(norteView.every((r: { companyId: string }) => r.companyId === norte)).toBe(true);
    const staffView = (await call('GET', '/api/log-entries?length=1000', 'viewer@demo.aforo.dev')).json()
      .rows;
    // provider staff also see global entries (company null), e.g. the staff account created above
    expect([...new Set(staffView.map((r: { companyId: string | null }) => r.companyId))]).toEqual(
      expect.arrayContaining([norte, levante, null]),
    );
    expect((await call('GET', '/api/log-entries', 'spectator.norte@demo.aforo.dev')).statusCode).toBe(403);
  });

  it('filters the history by user and date range', async () => {
    const admin = await userIdByEmail(server.database.db, 'admin-cliente.levante@demo.aforo.dev');
    const byUser = (await call('GET', `/api/log-entries?userId=${admin}`, 'admin@demo.aforo.dev')).json()
      .rows;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r: { user: { id: string } }) => r.user.id === admin)).toBe(true);
    const future = (
      await call('GET', '/api/log-entries?from=2999-01-01T00:00:00Z', 'admin@demo.aforo.dev')
    ).json();
    expect(future.total).toBe(0);
    expect((await call('GET', '/api/log-entries?from=yesterday', 'admin@demo.aforo.dev')).statusCode).toBe(
      400,
    );
  });
});
