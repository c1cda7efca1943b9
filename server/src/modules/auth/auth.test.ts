import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../auth/jwt';
import { buildUser } from '../../test/factories';
import { bearer, demoPassword, startTestServer, testSecret, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  server.request({ method: 'POST', url: '/api/login_check', payload: payload as object, headers });

describe('POST /api/login_check', () => {
  it('returns a JWT whose claims carry sub, username, roles and exp one hour ahead', async () => {
    const res = await login({ username: 'admin@demo.aforo.dev', password: 'aforo-demo-2026' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.username).toBe('admin@demo.aforo.dev');
    expect(claims.roles).toEqual(['ROLE_ADMIN']);
    expect(typeof claims.sub).toBe('string');
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
  });

  it('accepts the email in any letter case', async () => {
    const res = await login({ username: 'Admin@Demo.Aforo.DEV', password: 'aforo-demo-2026' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 PU1010 for a wrong password and for an unknown account, alike', async () => {
    const wrong = await login({ username: 'admin@demo.aforo.dev', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody@demo.aforo.dev', password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'PU1010', message: expect.any(String) });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('translates messages from Accept-Language, Spanish by default', async () => {
    const body = { username: 'admin@demo.aforo.dev', password: 'not-the-password' };
    const es = (await login(body)).json<{ message: string }>().message;
    const en = (await login(body, { 'accept-language': 'en-GB,en;q=0.9' })).json<{ message: string }>()
      .message;
    const fr = (await login(body, { 'accept-language': 'fr-FR' })).json<{ message: string }>().message;
    expect(es).not.toBe(en);
    expect(fr).toBe(es);
  });

  it('tells a suspended account with its own code and the spec text', async () => {
    const user = await buildUser(server.database.db, { state: 'Suspended', roles: ['ROLE_ADMIN'] });
    const res = await login(
      { username: user.email, password: 'aforo-demo-2026' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'AU1001',
      message: 'Your account has been suspended. Contact the system administrator for support.',
    });
  });

  it('refuses disabled and not-yet-activated accounts with AU1008', async () => {
    for (const state of ['Disabled', 'Created', 'Inactive']) {
      const user = await buildUser(server.database.db, { state, roles: ['ROLE_ADMIN'] });
      const res = await login({ username: user.email, password: 'aforo-demo-2026' });
      expect(res.statusCode, state).toBe(401);
      expect(res.json().code, state).toBe('AU1008');
    }
  });

  it('marks a Change Password account with ROLE_CHANGE_PASSWORD in the token', async () => {
    const token = await server.login('change-password@demo.aforo.dev');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.roles).toContain('ROLE_CHANGE_PASSWORD');
  });

  it.each([
    ['an empty body', undefined, 'V1000'],
    ['a missing password', { username: 'admin@demo.aforo.dev' }, 'V1000'],
    ['a number as username', { username: 42, password: 'x' }, 'V1000'],
    ['an array', [1, 2], 'V1000'],
  ])('answers 400 with fields for %s', async (_name, payload, code) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('names the missing field with the spec message', async () => {
    const res = await login({ username: 'admin@demo.aforo.dev' }, { 'accept-language': 'en' });
    expect(res.json().fields).toEqual({ password: 'This is a required field' });
  });

  it('answers 400, not 500, to malformed JSON and to another content type', async () => {
    const broken = await server.request({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('V1000');
    const text = await server.request({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('V1000');
  });

  it('answers 413 to a body over the limit', async () => {
    const res = await login({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('L1001');
  });
});

describe('sign-in throttling', () => {
  const production = { perAccountAndIp: 10, perIp: 30, perAccount: 10 };
  const attempt = (srv: TestServer, remoteAddress: string, username: string, password: string) =>
    srv.request({
      method: 'POST',
      url: '/api/login_check',
      remoteAddress,
      payload: { username, password },
    });

  it('locks out the failing address for that account, not the account: the right password from another address still signs in', async () => {
    const limited = await startTestServer({ signInLimits: production });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push(
          (await attempt(limited, '10.0.0.1', 'viewer@demo.aforo.dev', 'wrong-password')).statusCode,
        );
      expect(statuses.every((s) => s === 401)).toBe(true);
      const refused = await attempt(limited, '10.0.0.1', 'viewer@demo.aforo.dev', demoPassword);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('L1000');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const clean = await attempt(limited, '10.0.0.2', 'viewer@demo.aforo.dev', demoPassword);
      expect(clean.statusCode).toBe(200);
      // the failing address may still sign in to other accounts (under its per-address limit)
      expect((await attempt(limited, '10.0.0.1', 'chief@demo.aforo.dev', demoPassword)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never refuses the right password from clean addresses while failures come from many', async () => {
    const limited = await startTestServer({ signInLimits: { ...production, maxDelayMs: 50 } });
    try {
      for (let i = 0; i < 40; i++)
        await attempt(limited, `10.1.${i % 20}.1`, 'viewer@demo.aforo.dev', 'wrong-password');
      for (const address of ['10.2.0.1', '10.2.0.2'])
        expect((await attempt(limited, address, 'viewer@demo.aforo.dev', demoPassword)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with Retry-After once one address fails too often, whatever the accounts', async () => {
    const limited = await startTestServer({ signInLimits: { ...production, perIp: 10 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push(
          (await attempt(limited, '10.9.9.9', `someone-${i}@demo.aforo.dev`, 'wrong')).statusCode,
        );
      expect(statuses.every((s) => s === 401)).toBe(true);
      const refused = await attempt(limited, '10.9.9.9', 'chief@demo.aforo.dev', demoPassword);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'L1000']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await attempt(limited, '10.9.9.10', 'chief@demo.aforo.dev', demoPassword)).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('does not count successful sign-ins against the address', async () => {
    const limited = await startTestServer({ signInLimits: { ...production, perIp: 3 } });
    try {
      for (let i = 0; i < 6; i++)
        expect((await attempt(limited, '10.3.3.3', 'chief@demo.aforo.dev', demoPassword)).statusCode).toBe(
          200,
        );
    } finally {
      await limited.close();
    }
  });

  it('lets the address try again once the window has passed', async () => {
    const limited = await startTestServer({ signInLimits: { ...production, windowMs: 2000 } });
    try {
      // sent together, so all eleven are counted within the window however slow the checks are
      const burst = await Promise.all(
        Array.from({ length: 11 }, () => attempt(limited, '10.4.4.4', 'viewer@demo.aforo.dev', 'wrong')),
      );
      const refused = burst.filter((res) => res.statusCode === 429);
      expect(refused.length).toBe(1);
      expect(Number(refused[0]!.headers['retry-after'])).toBeLessThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await attempt(limited, '10.4.4.4', 'viewer@demo.aforo.dev', demoPassword)).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/users/refreshtoken', () => {
  it('gives a new valid token while the current one is valid', async () => {
    const token = await server.login('chief@demo.aforo.dev');
    await new Promise((r) => setTimeout(r, 1100)); // iat has one-second resolution
    const res = await server.request({
      method: 'POST',
      url: '/api/users/refreshtoken',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ token: string }>().token;
    expect(fresh).not.toBe(token);
    const me = await server.request({ method: 'GET', url: '/api/users/info/logged', headers: bearer(fresh) });
    expect(me.json().email).toBe('chief@demo.aforo.dev');
  });

  it('answers 401 AU1002 for an expired token and AU1003 for a forged or missing one', async () => {
    const shortLived = new TokenService(testSecret, -10);
    const userId = (
      await server.request({
        method: 'GET',
        url: '/api/users/info/logged',
        headers: bearer(await server.login('chief@demo.aforo.dev')),
      })
    ).json().id;
    const expired = await shortLived.sign({
      sub: userId,
      username: 'chief@demo.aforo.dev',
      roles: [],
      sv: 0,
    });
    const forged = await new TokenService('another-secret-another-secret-another-secret').sign({
      sub: userId,
      username: 'x',
      roles: ['ROLE_ADMIN'],
      sv: 0,
    });
    const cases: Array<[Record<string, string>, string]> = [
      [bearer(expired), 'AU1002'],
      [bearer(forged), 'AU1003'],
      [{ authorization: 'Basic abc' }, 'AU1003'],
      [{}, 'AU1003'],
    ];
    for (const [headers, code] of cases) {
      const res = await server.request({ method: 'POST', url: '/api/users/refreshtoken', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(code);
    }
  });

  it('stops a session once the account is suspended', async () => {
    const user = await buildUser(server.database.db, { roles: ['ROLE_VIEWER'] });
    const token = await server.login(user.email);
    const { setUserState } = await import('../../test/factories');
    await setUserState(server.database.db, user.id, 'Suspended');
    const res = await server.request({
      method: 'GET',
      url: '/api/users/info/logged',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AU1001');
  });
});
