import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { createAdmin } from './create-admin';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('admin:create', () => {
  it('makes a global ADMIN who can sign in and reach the system routes', async () => {
    await createAdmin(server.database.db, {
      email: 'first.admin@example.com',
      password: 'first-admin-password',
      name: 'First',
      company: 'Ignored when a provider exists',
    });
    const token = await server.login('first.admin@example.com', 'first-admin-password');
    const me = (
      await server.request({ method: 'GET', url: '/api/users/info/logged', headers: bearer(token) })
    ).json();
    expect(me.isGlobal).toBe(true);
    expect(me.roles).toEqual(['ROLE_ADMIN']);
    expect(me.companies[0].businessName).toBe('Aforo Hidrometría S.L.');
  });

  it('refuses an email already registered, whatever its case', async () => {
    await expect(
      createAdmin(server.database.db, {
        email: 'ADMIN@demo.aforo.dev',
        password: 'x'.repeat(12),
        name: 'A',
        company: 'B',
      }),
    ).rejects.toThrow(/U1009/);
  });
});
