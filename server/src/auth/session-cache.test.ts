/**
 * Issue 25 item 2: sessions without a database round trip per call. The caller's user and profiles
 * are read once and kept; every change made through Aforo refuses the next call (in this process:
 * the event is heard in the publisher's turn; in another: tested in session-cache-processes.test.ts);
 * a change made behind Aforo's back is seen after the maximum age.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/event-bus';
import { buildUser, companyIdByName, setUserState } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { createSessionCache } from './session-cache';
import { createSessionRepository, type SessionRepository } from './session.repository';

const quiet = { warn: () => undefined, error: () => undefined };
const maxAgeMs = 400;

let server: TestServer;
let norte: string;
let clientAdmin: string;
beforeAll(async () => {
  server = await startTestServer({ sessionCache: { maxAgeMs } });
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  clientAdmin = await server.login('admin-cliente.norte@demo.aforo.dev');
});
afterAll(() => server.close());

const info = (token: string) =>
  server.request({ method: 'GET', url: '/api/users/info/logged', headers: bearer(token) });
const answer = async (token: string) => {
  const res = await info(token);
  return res.statusCode === 200 ? 200 : [res.statusCode, res.json().code];
};

/** The real repository, counting its reads. */
function counted(repo: SessionRepository) {
  const reads = { sessions: 0, companies: 0 };
  return {
    reads,
    repo: {
      ...repo,
      findForSession: (id: string) => {
        reads.sessions += 1;
        return repo.findForSession(id);
      },
      companyExists: (id: string) => {
        reads.companies += 1;
        return repo.companyExists(id);
      },
    } satisfies SessionRepository,
  };
}

describe('the session cache', () => {
  it('reads a user once for many calls, concurrent ones included, and again after a change event', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const bus = createEventBus({ log: quiet });
    const { reads, repo } = counted(createSessionRepository(server.database.db));
    const cache = createSessionCache(repo, bus, { maxAgeMs: 60_000 });
    const found = await Promise.all(Array.from({ length: 20 }, () => cache.findForSession(user.id)));
    expect(found.every((f) => f?.user.id === user.id)).toBe(true);
    await cache.findForSession(user.id);
    expect(reads.sessions).toBe(1);

    bus.publish('user.changed', { userIds: [user.id] });
    // heard before publish() returned: the very next look-up reads again
    await cache.findForSession(user.id);
    expect(reads.sessions).toBe(2);

    await cache.companyExists(norte);
    await cache.companyExists(norte);
    expect(reads.companies).toBe(1);
    bus.publish('company.changed', { companyId: norte });
    await cache.companyExists(norte);
    expect(reads.companies).toBe(2);
  });

  it('keeps nothing unknown or failed, and drops everything when the bus lost messages', async () => {
    const bus = createEventBus({ log: quiet });
    const real = createSessionRepository(server.database.db);
    const { reads, repo } = counted(real);
    const cache = createSessionCache(repo, bus, { maxAgeMs: 60_000 });
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await cache.findForSession(nobody)).toBeUndefined();
    expect(await cache.findForSession(nobody)).toBeUndefined();
    expect(await cache.companyExists(nobody)).toBe(false);
    expect(await cache.companyExists(nobody)).toBe(false);
    expect(reads).toEqual({ sessions: 2, companies: 2 });

    let fail = true;
    const flaky = createSessionCache(
      {
        ...real,
        findForSession: (id) =>
          fail ? Promise.reject(new Error('connection lost')) : real.findForSession(id),
      },
      bus,
      { maxAgeMs: 60_000 },
    );
    const user = await buildUser(server.database.db, { companyId: norte });
    await expect(flaky.findForSession(user.id)).rejects.toThrow('connection lost');
    fail = false;
    expect((await flaky.findForSession(user.id))?.user.id).toBe(user.id);

    // a resync (the LISTEN connection came back) may follow missed events: read everything again
    await cache.findForSession(user.id);
    const before = reads.sessions;
    await cache.findForSession(user.id);
    expect(reads.sessions).toBe(before);
    const transport = {
      send: async () => undefined,
      start: async (h: { onResync(): void }) => void (resync = h.onResync),
      close: async () => undefined,
    };
    let resync: () => void = () => undefined;
    const linked = createEventBus({ log: quiet, transport });
    const linkedCache = createSessionCache(repo, linked, { maxAgeMs: 60_000 });
    await linked.start();
    await linkedCache.findForSession(user.id);
    const afterFirst = reads.sessions;
    await linkedCache.findForSession(user.id);
    expect(reads.sessions).toBe(afterFirst);
    resync();
    await linkedCache.findForSession(user.id);
    expect(reads.sessions).toBe(afterFirst + 1);
  });

  it('refuses the next call once the user is disabled through Aforo, however warm the cache', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const token = await server.login(user.email);
    expect(await answer(token)).toBe(200); // now cached
    const disabled = await server.request({
      method: 'POST',
      url: `/api/users/${user.id}/disable`,
      headers: bearer(clientAdmin),
    });
    expect(disabled.statusCode).toBe(200);
    expect(await answer(token)).toEqual([401, 'AU1008']);
  });

  it('sees a change made in the database behind Aforo within the maximum age', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const token = await server.login(user.email);
    expect(await answer(token)).toBe(200);
    await setUserState(server.database.db, user.id, 'Suspended');
    const changedAt = Date.now();
    // within the age the kept session may still answer (docs/ROLES.md "Sessions"); after it, never
    while (Date.now() - changedAt < maxAgeMs + 50) await new Promise((r) => setTimeout(r, 50));
    expect(await answer(token)).toEqual([401, 'AU1001']);
  });

  it('shows the user their own new details at once (info/logged reads the kept session)', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    const token = await server.login(user.email);
    expect((await info(token)).json().name).toBe('Test');
    const saved = await server.request({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(clientAdmin),
      payload: {
        name: 'Renombrada',
        surname: 'User',
        email: user.email,
        phone: '',
        profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const res = await info(token);
    expect([res.statusCode, res.json().name]).toEqual([200, 'Renombrada']);
  });
});
