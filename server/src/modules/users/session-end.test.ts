/**
 * Issue 9 item 6: a password change (own or restored), a disable, a delete, a suspension and a change
 * of roles end every earlier session of the user: the old token and its refresh answer 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, companyIdByName, setUserState, userIdByEmail } from '../../test/factories';
import { bearer, demoPassword, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let admin: string;
let clientAdmin: string;
beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  admin = await server.login('admin@demo.aforo.dev');
  clientAdmin = await server.login('admin-cliente.norte@demo.aforo.dev');
});
afterAll(() => server.close());

const info = (token: string) =>
  server.request({ method: 'GET', url: '/api/users/info/logged', headers: bearer(token) });
const refresh = (token: string) =>
  server.request({ method: 'POST', url: '/api/users/refreshtoken', headers: bearer(token) });
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  server.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The token no longer opens anything, nor can it be refreshed. */
async function expectEnded(token: string) {
  const res = await info(token);
  expect([res.statusCode, res.json().code]).toEqual([401, 'AU1002']);
  expect((await refresh(token)).statusCode).toBe(401);
}
async function expectValid(token: string) {
  expect((await info(token)).statusCode).toBe(200);
}

const companyUser = () => buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
const userBody = (email: string, roles: string[], extra: object = {}) => ({
  name: 'Test',
  surname: 'User',
  email,
  phone: '',
  profiles: [{ company: { id: norte }, roles }],
  ...extra,
});

describe('a password change', () => {
  it('of your own ends your other sessions and hands the caller a fresh token', async () => {
    const user = await companyUser();
    const elsewhere = await server.login(user.email);
    const here = await server.login(user.email);
    const refreshed = (await refresh(elsewhere)).json().token as string;
    const res = await call('PUT', `/api/users/${user.id}/update/password`, here, {
      currentPassword: demoPassword,
      password: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    const { ok, token } = res.json();
    expect(ok).toBe(true);
    for (const old of [elsewhere, here, refreshed]) await expectEnded(old);
    await expectValid(token);
    const next = await refresh(token);
    expect(next.statusCode).toBe(200);
    await expectValid(next.json().token);
  });

  it('out of the Change Password state gives a token without ROLE_CHANGE_PASSWORD', async () => {
    const user = await buildUser(server.database.db, {
      companyId: norte,
      roles: ['ROLE_USER'],
      state: 'Change Password',
    });
    const old = await server.login(user.email);
    const res = await call('PUT', `/api/users/${user.id}/update/password`, old, {
      currentPassword: demoPassword,
      password: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims.roles).toEqual(['ROLE_USER']);
    await expectEnded(old);
  });

  it('through a restore link ends every earlier session', async () => {
    const user = await companyUser();
    const old = await server.login(user.email);
    await server.request({
      method: 'POST',
      url: '/public/request/restore/password',
      payload: { email: user.email },
    });
    // the request answers before the mail is written: wait for it
    const mailTo = async () =>
      (await server.request({ method: 'GET', url: '/api/mail-outbox?length=-1', headers: bearer(admin) }))
        .json()
        .rows.find((m: { to: string }) => m.to === user.email) as { text: string } | undefined;
    await expect.poll(mailTo).toBeDefined();
    const link = /token=(\S+)/.exec((await mailTo())!.text)![1]!;
    const restored = await server.request({
      method: 'POST',
      url: '/public/restore/password',
      payload: {
        token: decodeURIComponent(link),
        password: 'restored-password-1',
        confirmPassword: 'restored-password-1',
      },
    });
    expect(restored.statusCode).toBe(200);
    await expectEnded(old);
    await expectValid(await server.login(user.email, 'restored-password-1'));
  });
});

describe('an administrator', () => {
  it('disabling a user ends their sessions for good: enabling does not revive them', async () => {
    const user = await companyUser();
    const old = await server.login(user.email);
    expect((await call('POST', `/api/users/${user.id}/disable`, clientAdmin)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${user.id}/enable`, clientAdmin)).statusCode).toBe(200);
    await expectEnded(old);
    await expectValid(await server.login(user.email));
  });

  it('deleting a user ends their sessions; restoring does not revive them', async () => {
    const user = await companyUser();
    const old = await server.login(user.email);
    expect((await call('DELETE', `/api/users/${user.id}`, clientAdmin)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${user.id}/restore`, clientAdmin)).statusCode).toBe(200);
    await expectEnded(old);
    await expectValid(await server.login(user.email));
  });

  it('a suspension (set outside the API) ends the sessions once the account is enabled again', async () => {
    const user = await companyUser();
    const old = await server.login(user.email);
    await setUserState(server.database.db, user.id, 'Suspended');
    expect((await info(old)).json().code).toBe('AU1001');
    expect((await call('POST', `/api/users/${user.id}/enable`, admin)).statusCode).toBe(200);
    await expectEnded(old);
  });

  it('changing the roles, the profiles or the email ends the sessions; a new name does not', async () => {
    const user = await companyUser();
    let old = await server.login(user.email);
    const rename = await call('PUT', `/api/users/${user.id}`, clientAdmin, {
      ...userBody(user.email, ['ROLE_USER']),
      name: 'Otro nombre',
    });
    expect(rename.statusCode).toBe(200);
    await expectValid(old);

    expect(
      (await call('PUT', `/api/users/${user.id}`, clientAdmin, userBody(user.email, ['ROLE_SPECTATOR'])))
        .statusCode,
    ).toBe(200);
    await expectEnded(old);

    old = await server.login(user.email);
    const levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
    const twoCompanies = await call('PUT', `/api/users/${user.id}`, admin, {
      ...userBody(user.email, ['ROLE_SPECTATOR']),
      profiles: [
        { company: { id: norte }, roles: ['ROLE_SPECTATOR'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    });
    expect(twoCompanies.statusCode).toBe(200);
    await expectEnded(old);

    old = await server.login(user.email);
    const email = `moved-${user.email}`;
    const moved = await call('PUT', `/api/users/${user.id}`, admin, {
      ...userBody(email, ['ROLE_SPECTATOR']),
      profiles: [
        { company: { id: norte }, roles: ['ROLE_SPECTATOR'] },
        { company: { id: levante }, roles: ['ROLE_USER'] },
      ],
    });
    expect(moved.statusCode).toBe(200);
    await expectEnded(old);
    await expectValid(await server.login(email));
  });

  it('editing their own user keeps their own session', async () => {
    const self = await userIdByEmail(server.database.db, 'admin-cliente.norte@demo.aforo.dev');
    const token = await server.login('admin-cliente.norte@demo.aforo.dev');
    const res = await call('PUT', `/api/users/${self}`, token, {
      ...userBody('admin-cliente.norte@demo.aforo.dev', ['ROLE_ADMIN_CLIENTE', 'ROLE_USER']),
      name: 'Administración',
      surname: 'Norte',
    });
    expect(res.statusCode).toBe(200);
    await expectValid(token);
  });
});
