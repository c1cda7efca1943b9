/**
 * Issue 11 item 3: suspended accounts. POST /api/users/{id}/suspend and /unsuspend by the account
 * administrators (ADMIN any user, a client admin only a user their company owns), audited; the
 * suspended user's next call, refresh and sign-in answer 401 AU1001 with the spec's text.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@aforo/contracts/errors';
import { userProfiles, users } from '../../db/schema';
import { buildUser, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const norteAdmin = 'admin-cliente.norte@demo.aforo.dev';
const others = [
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
];

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  for (const email of [admin, norteAdmin, ...others]) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const act = (who: string, id: string, action: 'suspend' | 'unsuspend', lang = 'en') =>
  server.request({
    method: 'POST',
    url: `/api/users/${id}/${action}`,
    headers: bearer(tokens[who] ?? who, { 'accept-language': lang }),
  });
const info = (token: string, lang = 'en') =>
  server.request({
    method: 'GET',
    url: '/api/users/info/logged',
    headers: bearer(token, { 'accept-language': lang }),
  });
const refresh = (token: string) =>
  server.request({ method: 'POST', url: '/api/users/refreshtoken', headers: bearer(token) });
const normUser = () => buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
const stateOf = async (id: string) =>
  (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('suspending an account', () => {
  it("ends the user's session at their next call with AU1001 and the spec text, in en and es", async () => {
    const user = await normUser();
    const token = await server.login(user.email);
    expect((await info(token)).statusCode).toBe(200);
    const res = await act(norteAdmin, user.id, 'suspend');
    expect([res.statusCode, res.json().state]).toEqual([200, { name: 'Suspended' }]);

    const en = await info(token, 'en');
    expect(en.statusCode).toBe(401);
    expect(en.json()).toMatchObject({
      code: 'AU1001',
      message: 'Your account has been suspended. Contact the system administrator for support.',
    });
    const es = await info(token, 'es');
    expect(es.json()).toMatchObject({ code: 'AU1001', message: errorMessage('AU1001', 'es') });
    expect(es.json().message).toMatch(/^Su cuenta ha sido suspendida/);
    // distinct from the plain "unauthorized" answer to a bad token
    const bad = await info('not-a-token');
    expect([bad.statusCode, bad.json().code]).toEqual([401, 'AU1003']);

    const refused = await refresh(token);
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'AU1001']);
    // any other authenticated call too
    const list = await server.request({ method: 'GET', url: '/api/points', headers: bearer(token) });
    expect([list.statusCode, list.json().code]).toEqual([401, 'AU1001']);
  });

  it('refuses the sign-in of a suspended account with 401 AU1001', async () => {
    const user = await normUser();
    await act(norteAdmin, user.id, 'suspend');
    await expect(server.login(user.email)).rejects.toThrow(/401.*AU1001/);
  });

  it('unsuspend gives back the state the user had, audited with suspend in the history', async () => {
    const active = await normUser();
    const pending = await buildUser(server.database.db, {
      companyId: norte,
      roles: ['ROLE_USER'],
      state: 'Change Password',
    });
    const created = await buildUser(server.database.db, { companyId: norte, state: 'Created' });
    for (const [user, state] of [
      [active, 'Active'],
      [pending, 'Change Password'],
      [created, 'Created'],
    ] as const) {
      expect((await act(norteAdmin, user.id, 'suspend')).json().state).toEqual({ name: 'Suspended' });
      expect((await stateOf(user.id)).stateBeforeSuspension).toBe(state);
      expect((await act(norteAdmin, user.id, 'suspend')).json().code).toBe('U1014');
      const back = await act(norteAdmin, user.id, 'unsuspend');
      expect([back.statusCode, back.json().state]).toEqual([200, { name: state }]);
      expect((await stateOf(user.id)).stateBeforeSuspension).toBeNull();
      expect((await act(norteAdmin, user.id, 'unsuspend')).json().code).toBe('U1015');
    }
    // the account signs in again
    expect(await server.login(active.email)).toBeTruthy();

    const history = await server.request({
      method: 'GET',
      url: `/api/log-entries?entityId=${pending.id}&dir=ASC`,
      headers: bearer(tokens[norteAdmin]!),
    });
    const rows = history.json().rows as Array<{
      action: string;
      companyId: string;
      changes: Record<string, unknown>;
    }>;
    expect(rows.map((r) => r.action)).toEqual(['suspend', 'unsuspend']);
    expect(rows[0]).toMatchObject({ companyId: norte, changes: { state: ['Change Password', 'Suspended'] } });
    expect(rows[1]).toMatchObject({ changes: { state: ['Suspended', 'Change Password'] } });
  });

  it('leaves a token from before the suspension ended after unsuspend (AU1002)', async () => {
    const user = await normUser();
    const old = await server.login(user.email);
    await act(norteAdmin, user.id, 'suspend');
    await act(norteAdmin, user.id, 'unsuspend');
    const res = await info(old);
    expect([res.statusCode, res.json().code]).toEqual([401, 'AU1002']);
    expect((await info(await server.login(user.email))).statusCode).toBe(200);
  });

  it('refuses to suspend yourself (U1016)', async () => {
    for (const who of [admin, norteAdmin]) {
      const self = await userIdByEmail(server.database.db, who);
      const res = await act(who, self, 'suspend');
      expect([res.statusCode, res.json().code], who).toEqual([409, 'U1016']);
    }
  });
});

describe('who may suspend whom', () => {
  it('lets ADMIN suspend any user, provider staff and users of any company included', async () => {
    const staff = await buildUser(server.database.db, { companyId: null, roles: ['ROLE_CHIEF'] });
    const levanteUser = await buildUser(server.database.db, { companyId: levante });
    for (const user of [staff, levanteUser]) {
      expect((await act(admin, user.id, 'suspend')).statusCode).toBe(200);
      expect((await act(admin, user.id, 'unsuspend')).statusCode).toBe(200);
    }
  });

  it("answers 404 to a client admin for another company's user and 403 F1001 for a shared one", async () => {
    const foreign = await buildUser(server.database.db, { companyId: levante });
    for (const action of ['suspend', 'unsuspend'] as const) {
      const res = await act(norteAdmin, foreign.id, action);
      expect([res.statusCode, res.json().code], action).toEqual([404, 'U1000']);
    }
    const shared = await normUser();
    await server.database.db
      .insert(userProfiles)
      .values({ userId: shared.id, companyId: levante, roles: ['ROLE_USER'] });
    const res = await act(norteAdmin, shared.id, 'suspend');
    expect([res.statusCode, res.json().code]).toEqual([403, 'F1001']);
    expect((await stateOf(shared.id)).state).toBe('Active');
    expect((await act(admin, shared.id, 'suspend')).statusCode).toBe(200);
    expect((await act(norteAdmin, shared.id, 'unsuspend')).json().code).toBe('F1001');
  });

  it('refuses every other role with 403 F1000', async () => {
    const user = await normUser();
    for (const who of others) {
      for (const action of ['suspend', 'unsuspend'] as const) {
        const res = await act(who, user.id, action);
        expect([res.statusCode, res.json().code], `${who} ${action}`).toEqual([403, 'F1000']);
      }
    }
    expect((await stateOf(user.id)).state).toBe('Active');
  });
});
