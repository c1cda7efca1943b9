/**
 * Issue 9 item 1: a client admin edits the identity (email, name, surname, phone) only of users whose
 * only profile is in their company; on a shared user they change only their company's profile.
 * Item 11: the email check tells a client admin nothing about other companies' users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const norteAdmin = 'admin-cliente.norte@demo.aforo.dev';
const levanteAdmin = 'admin-cliente.levante@demo.aforo.dev';

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  for (const email of [admin, norteAdmin, levanteAdmin]) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who] ?? who, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });

interface Identity {
  name: string;
  surname: string;
  email: string;
  phone: string | null;
}
/** The body the web's form sends: the whole user plus the editor's own company profile. */
const body = (user: Identity, company: string, roles: string[], extra: object = {}) => ({
  name: user.name,
  surname: user.surname,
  email: user.email,
  phone: user.phone ?? '',
  language: 'es',
  profiles: [{ company: { id: company }, roles }],
  ...extra,
});
const profilesOf = async (id: string) =>
  (await call('GET', `/api/users/${id}`, admin))
    .json()
    .userProfiles.map((p: { company: { id: string } | null; profileRoles: string[] }) => [
      p.company?.id ?? null,
      p.profileRoles,
    ])
    .sort();

describe('a user shared by two client companies', () => {
  let shared: Identity & { id: string };
  beforeAll(async () => {
    const created = await call('POST', '/api/users', admin, {
      name: 'Compartida',
      surname: 'Entre dos',
      email: 'shared.user@test.dev',
      phone: '+34 600 111 222',
      profiles: [
        { company: { id: norte }, roles: ['ROLE_USER'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    });
    expect(created.statusCode).toBe(201);
    shared = created.json();
  });

  it("refuses the other company's client admin a change of email, name, surname or phone (403 F1001)", async () => {
    for (const change of [
      { email: 'attacker@evil.test' },
      { name: 'Otro' },
      { surname: 'Otro' },
      { phone: '+34 699 999 999' },
      { phone: null },
    ]) {
      const res = await call('PUT', `/api/users/${shared.id}`, levanteAdmin, {
        ...body(shared, levante, ['ROLE_USER']),
        ...change,
      });
      expect([res.statusCode, res.json().code], JSON.stringify(change)).toEqual([403, 'F1001']);
    }
    const after = (await call('GET', `/api/users/${shared.id}`, admin)).json();
    expect(after).toMatchObject({
      email: 'shared.user@test.dev',
      name: 'Compartida',
      surname: 'Entre dos',
      phone: '+34 600 111 222',
    });
  });

  it('lets them change the roles of their own company’s profile, sent with the unchanged identity', async () => {
    const res = await call(
      'PUT',
      `/api/users/${shared.id}`,
      levanteAdmin,
      // the web sends the email as stored; letter case and blanks around it do not count as a change
      body({ ...shared, email: ' Shared.User@Test.dev ' }, levante, ['ROLE_CHIEF_CLIENTE']),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().editableIdentity).toBe(false);
    expect(await profilesOf(shared.id)).toEqual(
      [
        [levante, ['ROLE_CHIEF_CLIENTE']],
        [norte, ['ROLE_USER']],
      ].sort(),
    );
    // and so may Norte's admin, for Norte's profile only
    const norteRes = await call(
      'PUT',
      `/api/users/${shared.id}`,
      norteAdmin,
      body(shared, norte, ['ROLE_SPECTATOR']),
    );
    expect(norteRes.statusCode).toBe(200);
    expect(await profilesOf(shared.id)).toEqual(
      [
        [levante, ['ROLE_CHIEF_CLIENTE']],
        [norte, ['ROLE_SPECTATOR']],
      ].sort(),
    );
  });

  it('tells the form whether the identity is editable', async () => {
    expect((await call('GET', `/api/users/${shared.id}`, levanteAdmin)).json().editableIdentity).toBe(false);
    expect((await call('GET', `/api/users/${shared.id}`, admin)).json().editableIdentity).toBe(true);
    const own = await userIdByEmail(server.database.db, 'user.levante@demo.aforo.dev');
    expect((await call('GET', `/api/users/${own}`, levanteAdmin)).json().editableIdentity).toBe(true);
  });

  it('still lets a client admin edit the identity of a user who belongs to their company alone', async () => {
    const id = await userIdByEmail(server.database.db, 'spectator.levante@demo.aforo.dev');
    const user = (await call('GET', `/api/users/${id}`, levanteAdmin)).json();
    const res = await call('PUT', `/api/users/${id}`, levanteAdmin, {
      ...body(user, levante, ['ROLE_SPECTATOR']),
      name: 'Renombrado',
      phone: '+34 611 000 000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renombrado',
      phone: '+34 611 000 000',
      editableIdentity: true,
    });
  });

  it('lets the provider ADMIN edit everyone', async () => {
    const res = await call('PUT', `/api/users/${shared.id}`, admin, {
      ...body(shared, norte, ['ROLE_USER']),
      email: 'shared.renamed@test.dev',
      profiles: [
        { company: { id: norte }, roles: ['ROLE_USER'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('shared.renamed@test.dev');
  });
});

describe('provider staff who also hold a client profile', () => {
  let chief: Identity & { id: string };
  beforeAll(async () => {
    const id = await userIdByEmail(server.database.db, 'chief@demo.aforo.dev');
    chief = { ...(await call('GET', `/api/users/${id}`, admin)).json(), id };
    const res = await call('PUT', `/api/users/${id}`, admin, {
      ...body(chief, levante, ['ROLE_USER']),
      profiles: [
        { company: null, roles: ['ROLE_CHIEF'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it('cannot be taken over by the client admin: email change → restore mail → sign-in fails', async () => {
    const attacker = 'attacker.mailbox@evil.test';
    const put = await call('PUT', `/api/users/${chief.id}`, levanteAdmin, {
      ...body(chief, levante, ['ROLE_USER']),
      email: attacker,
    });
    expect([put.statusCode, put.json().code]).toEqual([403, 'F1001']);
    const restore = await server.request({
      method: 'POST',
      url: '/public/request/restore/password',
      payload: { email: attacker },
    });
    expect(restore.statusCode).toBe(200);
    const mails = (await call('GET', '/api/mail-outbox?length=-1', admin)).json().rows;
    expect(mails.some((m: { to: string }) => m.to === attacker)).toBe(false);
    const stored = (await call('GET', `/api/users/${chief.id}`, admin)).json();
    expect(stored.email).toBe('chief@demo.aforo.dev');
    expect(await server.login('chief@demo.aforo.dev')).toEqual(expect.any(String));
  });

  it('offers the client admin no way to set their password', async () => {
    // a password in the user body is not a field of the form: it is dropped, never stored
    const put = await call('PUT', `/api/users/${chief.id}`, levanteAdmin, {
      ...body(chief, levante, ['ROLE_USER']),
      password: 'taken-over-password',
      plainPassword: 'taken-over-password',
    });
    expect(put.statusCode).toBe(200);
    await expect(server.login('chief@demo.aforo.dev', 'taken-over-password')).rejects.toThrow(/401/);
    const other = await call('PUT', `/api/users/${chief.id}/update/password`, levanteAdmin, {
      currentPassword: 'whatever-it-was',
      password: 'taken-over-password',
      confirmPassword: 'taken-over-password',
    });
    expect(other.statusCode).toBe(404);
    for (const action of ['disable', 'enable', 'restore', 'renew-activation'])
      expect((await call('POST', `/api/users/${chief.id}/${action}`, levanteAdmin)).json().code, action).toBe(
        'F1001',
      );
    expect((await call('DELETE', `/api/users/${chief.id}`, levanteAdmin)).json().code).toBe('F1001');
  });

  it('lets the client admin change only the roles of the Levante profile, never the global one', async () => {
    const res = await call(
      'PUT',
      `/api/users/${chief.id}`,
      levanteAdmin,
      body(chief, levante, ['ROLE_SPECTATOR']),
    );
    expect(res.statusCode).toBe(200);
    expect(await profilesOf(chief.id)).toEqual(
      [
        [levante, ['ROLE_SPECTATOR']],
        [null, ['ROLE_CHIEF']],
      ].sort(),
    );
  });
});

describe("another company's email address, for a client admin", () => {
  it('reads as free in the email check, exactly like an unused one', async () => {
    const free = await call('GET', '/api/users/validate/nobody.anywhere@test.dev', norteAdmin);
    expect(free.json()).toEqual({ available: true });
    for (const email of ['user.levante@demo.aforo.dev', 'chief@demo.aforo.dev', 'Admin@Demo.Aforo.dev']) {
      const res = await call('GET', `/api/users/validate/${encodeURIComponent(email)}`, norteAdmin);
      expect([res.statusCode, res.body], email).toEqual([free.statusCode, free.body]);
      const withCompany = await call('GET', `/api/users/validate/${email}?companyId=${norte}`, norteAdmin);
      expect([withCompany.statusCode, withCompany.body], email).toEqual([200, free.body]);
    }
    // their own company's users are still named: the admin sees them in the list anyway
    const own = await call('GET', '/api/users/validate/user.norte@demo.aforo.dev', norteAdmin);
    expect([own.statusCode, own.json().code]).toEqual([409, 'UP1003']);
  });

  it('is refused on create with the plain U1009, touching nothing of the other account', async () => {
    const foreign = await userIdByEmail(server.database.db, 'user.levante@demo.aforo.dev');
    const before = (await call('GET', `/api/users/${foreign}`, admin)).json();
    for (const email of ['user.levante@demo.aforo.dev', 'admin@demo.aforo.dev']) {
      const res = await call('POST', '/api/users', norteAdmin, {
        name: 'Nueva',
        surname: 'Persona',
        email,
        profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
      });
      expect([res.statusCode, res.json().code], email).toEqual([409, 'U1009']);
    }
    expect((await call('GET', `/api/users/${foreign}`, admin)).json()).toEqual(before);
    expect((await call('GET', `/api/users/${foreign}`, norteAdmin)).statusCode).toBe(404);
  });
});
