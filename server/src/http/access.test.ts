/**
 * The route-level role check of docs/ROLES.md, enforced by the server: every demo role × every route
 * group, through probe routes that use the same `access` config as real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGroupNames, type RouteGroup } from '@aforo/contracts/roles';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { isPublicRoute } from './public-routes';

// Expected answers written out by hand from docs/ROLES.md, not derived from the code under test.
const expected: Record<string, Record<RouteGroup, 200 | 403>> = {
  'admin@demo.aforo.dev': {
    general: 200,
    system: 200,
    accounts: 200,
    supervision: 200,
    catalogue: 200,
    signedIn: 200,
  },
  'chief@demo.aforo.dev': {
    general: 200,
    system: 403,
    accounts: 403,
    supervision: 200,
    catalogue: 200,
    signedIn: 200,
  },
  'viewer@demo.aforo.dev': {
    general: 200,
    system: 403,
    accounts: 403,
    supervision: 200,
    catalogue: 403,
    signedIn: 200,
  },
  'admin-cliente.norte@demo.aforo.dev': {
    general: 200,
    system: 403,
    accounts: 200,
    supervision: 403,
    catalogue: 403,
    signedIn: 200,
  },
  'chief-cliente.norte@demo.aforo.dev': {
    general: 200,
    system: 403,
    accounts: 403,
    supervision: 403,
    catalogue: 403,
    signedIn: 200,
  },
  'user.levante@demo.aforo.dev': {
    general: 200,
    system: 403,
    accounts: 403,
    supervision: 403,
    catalogue: 403,
    signedIn: 200,
  },
  'spectator.levante@demo.aforo.dev': {
    general: 403,
    system: 403,
    accounts: 403,
    supervision: 403,
    catalogue: 403,
    signedIn: 200,
  },
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, (app) => {
    for (const group of routeGroupNames) {
      app.get(`/api/test-probe/${group}`, { config: { access: group } }, async () => ({ ok: true }));
    }
  });
});
afterAll(() => server.close());

describe('route-level roles (docs/ROLES.md)', () => {
  for (const [email, groups] of Object.entries(expected)) {
    it(`${email}`, async () => {
      const token = await server.login(email);
      for (const group of routeGroupNames) {
        const res = await server.request({
          method: 'GET',
          url: `/api/test-probe/${group}`,
          headers: bearer(token),
        });
        expect(res.statusCode, `${email} → ${group}`).toBe(groups[group]);
        if (res.statusCode === 403) expect(res.json().code).toBe('F1000');
      }
    });
  }

  it('answers 401 to every group without a token', async () => {
    for (const group of routeGroupNames) {
      const res = await server.request({ method: 'GET', url: `/api/test-probe/${group}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses at start-up an /api route that declares no access group', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ database: server.database, tokens: server.tokens, logger: false });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/no access group/);
    await app.close();
  });
});

describe('the router', () => {
  it('has no /api route that is neither public nor given an access group', () => {
    const real = server.app.accessTable.filter((r) => !r.url.startsWith('/api/test-probe'));
    expect(real.length).toBeGreaterThan(5);
    const open = real.filter((r) => !isPublicRoute(r.method, r.url) && !r.access);
    expect(open).toEqual([]);
  });
});
