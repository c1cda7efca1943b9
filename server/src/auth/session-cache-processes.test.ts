/**
 * Issue 25: a session change made through one process refuses the next call in another. Two API
 * processes on one PostgreSQL database (as docs/OPERATIONS.md runs them behind a load balancer);
 * the other process hears 'user.changed' over LISTEN/NOTIFY. PGlite cannot be shared: PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { buildUser, companyIdByName } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// skipped on PGlite: an embedded database cannot be shared by two processes (CI runs PostgreSQL)
describe.skipIf(!onPostgres)('sessions kept by two API processes', () => {
  let database: Database;
  let one: AforoProcess;
  let other: AforoProcess;
  const urls: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      RATE_LIMIT_PER_MINUTE: '1000',
      // long: only the event may end what the other process keeps
      SESSION_CACHE_SECONDS: '600',
    };
    one = startAforoProcess('api', env);
    other = startAforoProcess('api', env);
    for (const p of [one, other]) {
      const listening = await p.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
      urls.push(String(listening.msg).slice('Server listening at '.length));
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), other?.stop()]);
    await database?.close();
  }, 30_000);

  async function signIn(url: string, email: string, password = demoPassword): Promise<string> {
    const res = await fetch(`${url}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }
  const info = async (url: string, token: string) => {
    const res = await fetch(`${url}/api/users/info/logged`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.status === 200 ? 200 : [res.status, ((await res.json()) as { code: string }).code];
  };
  /** The other process's answer, asked until it changes (the NOTIFY is in flight for a few ms). */
  async function settle(url: string, token: string, want: unknown) {
    const started = Date.now();
    let got = await info(url, token);
    while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() - started < 2000) {
      await new Promise((r) => setTimeout(r, 5));
      got = await info(url, token);
    }
    return { got, ms: Date.now() - started };
  }

  it('a disable through one process refuses the user in the other at once', async () => {
    const norte = await companyIdByName(database.db, 'Canal del Norte S.A.');
    const user = await buildUser(database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const token = await signIn(urls[1]!, user.email);
    expect(await info(urls[1]!, token)).toBe(200); // kept by the other process
    expect(await info(urls[1]!, token)).toBe(200);

    const admin = await signIn(urls[0]!, 'admin-cliente.norte@demo.aforo.dev');
    const res = await fetch(`${urls[0]}/api/users/${user.id}/disable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const { got, ms } = await settle(urls[1]!, token, [401, 'AU1008']);
    expect(got).toEqual([401, 'AU1008']);
    // well within a human's next click; 600 s would pass if only the age ended it
    expect(ms).toBeLessThan(1000);
  });

  it('a password changed in one process ends the old token in the other', async () => {
    const norte = await companyIdByName(database.db, 'Canal del Norte S.A.');
    const user = await buildUser(database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const old = await signIn(urls[1]!, user.email);
    expect(await info(urls[1]!, old)).toBe(200);
    const fresh = await signIn(urls[0]!, user.email);
    const res = await fetch(`${urls[0]}/api/users/${user.id}/update/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        currentPassword: demoPassword,
        password: 'another-password-2026',
        confirmPassword: 'another-password-2026',
      }),
    });
    expect(res.status).toBe(200);
    const { got } = await settle(urls[1]!, old, [401, 'AU1002']);
    expect(got).toEqual([401, 'AU1002']);
  });
});
