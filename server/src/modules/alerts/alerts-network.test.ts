/**
 * The provider's network view of the alerts (docs/WEB.md "Provider staff across companies"):
 * `scope=all` lists and acts on every company's alerts for provider staff, each row naming its
 * company; client users get 403 for it and 404 for another company's alert without it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema';
import { buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const points: Record<string, string> = {};
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  points.norte = (await buildPoint(db, norte, { name: 'Río Norte' })).id;
  points.levante = (await buildPoint(db, levante, { name: 'Río Levante' })).id;
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

let ids: Record<'norte' | 'levante', string>;
beforeEach(async () => {
  const db = server.database.db;
  await db.delete(alerts);
  const opened = new Date('2026-03-01T10:00:00Z');
  const row = (company: 'norte' | 'levante') => ({
    companyId: company === 'norte' ? norte : levante,
    pointId: points[company]!,
    port: 'ai1',
    type: 'DANGER' as const,
    level: 'DANGER' as const,
    openedAt: opened,
    lastAt: opened,
  });
  const [n, l] = await db
    .insert(alerts)
    .values([row('norte'), row('levante')])
    .returning();
  ids = { norte: n!.id, levante: l!.id };
});

/** As `who`, acting in company Norte (the provider's current company too). */
const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'x-current-company': norte, 'accept-language': 'en' }),
    payload,
  });
const future = () => new Date(Date.now() + 3_600_000).toISOString();

describe('GET /api/alerts?scope=all', () => {
  it('lists every company’s alerts for provider staff, each naming its company; companyId narrows it', async () => {
    for (const who of ['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      const res = await call('GET', '/api/alerts?scope=all', who);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as Array<{ companyName: string; pointName: string }>;
      expect(rows.map((r) => [r.companyName, r.pointName]).sort(), who).toEqual([
        ['Aguas de Levante S.L.', 'Río Levante'],
        ['Canal del Norte S.A.', 'Río Norte'],
      ]);
    }
    const one = await call('GET', `/api/alerts?scope=all&companyId=${levante}`, 'viewer@demo.aforo.dev');
    expect(one.json().rows.map((r: { id: string }) => r.id)).toEqual([ids.levante]);
    expect(one.json().total).toBe(1);
    // without the scope: the current company only, with its name on the row too
    const own = await call('GET', '/api/alerts', 'admin@demo.aforo.dev');
    expect(own.json().rows.map((r: { companyId: string }) => r.companyId)).toEqual([norte]);
  });

  it('is refused to client users (403), and companyId without the scope is a bad request', async () => {
    for (const who of ['admin-cliente.norte@demo.aforo.dev', 'user.norte@demo.aforo.dev'])
      expect((await call('GET', '/api/alerts?scope=all', who)).statusCode, who).toBe(403);
    const res = await call('GET', `/api/alerts?companyId=${levante}`, 'admin@demo.aforo.dev');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('companyId');
  });
});

describe('acting on another company’s alert', () => {
  it('provider operators acknowledge and shelve it with scope=all; without it, it is 404', async () => {
    const who = 'chief@demo.aforo.dev';
    expect((await call('POST', `/api/alerts/${ids.levante}/acknowledge`, who, {})).statusCode).toBe(404);
    const ack = await call('POST', `/api/alerts/${ids.levante}/acknowledge?scope=all`, who, {
      comment: 'Visto desde la red',
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ companyId: levante, state: 'acknowledged' });
    const shelve = await call('POST', `/api/alerts/${ids.levante}/shelve?scope=all`, who, {
      until: future(),
      reason: 'Obras',
    });
    expect(shelve.json()).toMatchObject({ shelved: true, shelveReason: 'Obras' });
    const off = await call('POST', `/api/alerts/${ids.levante}/unshelve?scope=all`, who);
    expect(off.json().shelved).toBe(false);
  });

  it('bulk actions with scope=all reach both companies; the provider viewer may not act', async () => {
    const both = [ids.norte, ids.levante];
    expect(
      (await call('POST', '/api/alerts/acknowledge?scope=all', 'viewer@demo.aforo.dev', { ids: both }))
        .statusCode,
    ).toBe(403);
    const shelve = await call('POST', '/api/alerts/shelve?scope=all', 'admin@demo.aforo.dev', {
      ids: both,
      until: future(),
      reason: 'Revisión de la red',
    });
    expect(shelve.json()).toEqual({ changed: 2, skipped: 0 });
    const ack = await call('POST', '/api/alerts/acknowledge?scope=all', 'admin@demo.aforo.dev', {
      ids: both,
    });
    expect(ack.json()).toEqual({ changed: 2, skipped: 0 });
  });

  it('client users: 403 with scope=all, and another company’s alert stays untouched (404 / skipped)', async () => {
    const who = 'admin-cliente.norte@demo.aforo.dev';
    expect((await call('POST', `/api/alerts/${ids.levante}/acknowledge?scope=all`, who, {})).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/alerts/${ids.levante}/acknowledge`, who, {})).statusCode).toBe(404);
    const res = await call('POST', `/api/alerts/${ids.levante}/shelve`, who, {
      until: future(),
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
    const bulk = await call('POST', '/api/alerts/acknowledge', who, { ids: [ids.norte, ids.levante] });
    expect(bulk.json()).toEqual({ changed: 1, skipped: 1 });
    const [row] = await server.database.db.select().from(alerts).where(eq(alerts.id, ids.levante));
    expect([row!.acknowledgedAt, row!.shelvedUntil]).toEqual([null, null]);
  });
});
