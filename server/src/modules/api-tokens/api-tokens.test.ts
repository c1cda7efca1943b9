/**
 * Issue 26 item 1: /api/tokens — who may manage them (ADMIN for the current company, ADMIN_CLIENTE
 * for their own), another company's token is 404, the secret is returned once and stored hashed,
 * the rules of the input, revoke, and the history without secrets.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, layers, logEntries } from '../../db/schema';
import { hashSecret } from '../../auth/api-token-secret';
import { companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-11-28T10:00:00Z') });
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  for (const who of [
    'admin',
    'chief',
    'viewer',
    'admin-cliente.norte',
    'chief-cliente.norte',
    'user.norte',
    'spectator.norte',
    'admin-cliente.levante',
  ])
    tokens[who] = await server.login(`${who}@demo.aforo.dev`);
});
afterAll(() => server.close());

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  company?: string,
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, company ? { 'x-current-company': company } : {}),
    ...(payload ? { payload } : {}),
  });

let n = 0;
const alias = () => `Token ${++n} ${Date.now()}`;

describe('/api/tokens', () => {
  it('lets the client admin create one: the secret once, stored hashed, listed without it', async () => {
    const res = await call('admin-cliente.norte', 'POST', '/api/tokens', { alias: alias() });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{
      id: string;
      secret: string;
      prefix: string;
      companyId: string;
      state: string;
      planLimit: number;
      usage: { count: number; limit: number };
    }>();
    expect(created.secret).toMatch(/^afo_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    expect(created).toMatchObject({
      companyId: norte,
      state: 'active',
      planLimit: 100_000,
      usage: { count: 0, limit: 100_000 },
    });
    const [row] = await server.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.secretHash).toBe(hashSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const list = await call('admin-cliente.norte', 'GET', '/api/tokens');
    expect(list.body).toContain(created.id);
    expect(list.body).not.toContain(created.secret);
    const history = await server.database.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.entityId, created.id));
    expect(history.map((h) => h.action)).toEqual(['create']);
    expect(JSON.stringify(history)).not.toContain(created.secret);
    expect(JSON.stringify(history)).not.toContain(row!.secretHash);
  });

  it('gives the right to ADMIN (current company) and ADMIN_CLIENTE only', async () => {
    for (const who of ['chief', 'viewer', 'chief-cliente.norte', 'user.norte', 'spectator.norte']) {
      const list = await call(
        who,
        'GET',
        '/api/tokens',
        undefined,
        who === 'chief' || who === 'viewer' ? norte : undefined,
      );
      expect(list.statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/api/tokens', { alias: alias() })).statusCode, who).toBe(403);
    }
    const byAdmin = await call('admin', 'POST', '/api/tokens', { alias: alias() }, levante);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().companyId).toBe(levante);
  });

  it("answers 404 for another company's token, whatever the call", async () => {
    const theirs = (await call('admin-cliente.levante', 'POST', '/api/tokens', { alias: alias() })).json<{
      id: string;
    }>();
    for (const [method, payload] of [['GET'], ['PUT', { alias: alias() }], ['DELETE']] as const) {
      const res = await call('admin-cliente.norte', method, `/api/tokens/${theirs.id}`, payload);
      expect([res.statusCode, res.json().code], method).toEqual([404, 'TK1000']);
    }
    expect((await call('admin-cliente.norte', 'GET', '/api/tokens')).body).not.toContain(theirs.id);
  });

  it('checks the input: unique alias, limit within the plan, validity not past, own layers', async () => {
    const name = alias();
    expect((await call('admin-cliente.norte', 'POST', '/api/tokens', { alias: name })).statusCode).toBe(201);
    const twice = await call('admin-cliente.norte', 'POST', '/api/tokens', { alias: name.toUpperCase() });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'TK1001']);
    const over = await call('admin-cliente.norte', 'POST', '/api/tokens', {
      alias: alias(),
      monthlyLimit: 100_001,
    });
    expect([over.statusCode, over.json().code]).toEqual([400, 'TK1002']);
    const past = await call('admin-cliente.norte', 'POST', '/api/tokens', {
      alias: alias(),
      validUntil: '2026-11-27',
    });
    expect([past.statusCode, past.json().code]).toEqual([400, 'TK1004']);
    const [theirLayer] = await server.database.db
      .insert(layers)
      .values({ companyId: levante, name: `L ${Date.now()}`, colour: '#123456' })
      .returning();
    const foreign = await call('admin-cliente.norte', 'POST', '/api/tokens', {
      alias: alias(),
      layerIds: [theirLayer!.id],
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'V1000']);
    const bad = await call('admin-cliente.norte', 'POST', '/api/tokens', { alias: '', monthlyLimit: -1 });
    expect(bad.statusCode).toBe(400);
  });

  it('edits, warns before expiry, revokes once and keeps the revoked one listed on request', async () => {
    const created = (await call('admin-cliente.norte', 'POST', '/api/tokens', { alias: alias() })).json<{
      id: string;
    }>();
    const edited = await call('admin-cliente.norte', 'PUT', `/api/tokens/${created.id}`, {
      alias: alias(),
      validUntil: '2026-12-03',
      monthlyLimit: 500,
      layerIds: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      validUntil: '2026-12-03',
      expiresSoon: true,
      monthlyLimit: 500,
      usage: { limit: 500 },
      updatedBy: { name: expect.any(String) },
    });
    const revoked = await call('admin-cliente.norte', 'DELETE', `/api/tokens/${created.id}`);
    expect(revoked.json()).toMatchObject({ state: 'revoked', expiresSoon: false });
    const again = await call('admin-cliente.norte', 'DELETE', `/api/tokens/${created.id}`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'TK1003']);
    expect((await call('admin-cliente.norte', 'GET', '/api/tokens')).body).not.toContain(created.id);
    expect((await call('admin-cliente.norte', 'GET', '/api/tokens?showRevoked=true')).body).toContain(
      created.id,
    );
    const history = await server.database.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.entityId, created.id));
    expect(history.map((h) => h.action).sort()).toEqual(['create', 'revoke', 'update']);
  });
});
