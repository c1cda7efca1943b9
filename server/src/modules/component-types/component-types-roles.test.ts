/**
 * Who reads component types (docs/ROLES.md): everyone who sees the components beside them, so the
 * Components screen of a client operator or viewer is not empty; only ADMIN and CHIEF write; the
 * spectator reads nothing; a client reads its own types and the provider's, never another client's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdByName, providerCompanyId } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const emails = {
  admin: 'admin@demo.aforo.dev',
  chief: 'chief@demo.aforo.dev',
  viewer: 'viewer@demo.aforo.dev',
  clientAdmin: 'admin-cliente.norte@demo.aforo.dev',
  clientOperator: 'chief-cliente.norte@demo.aforo.dev',
  clientViewer: 'user.norte@demo.aforo.dev',
  spectator: 'spectator.norte@demo.aforo.dev',
  levanteOperator: 'chief-cliente.levante@demo.aforo.dev',
} as const;
type Who = keyof typeof emails;

let server: TestServer;
let norte: string;
let levante: string;
let provider: string;
const tokens: Partial<Record<Who, string>> = {};
let shared: { id: string };
let ofNorte: { id: string };
let ofLevante: { id: string };

const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object, company?: string) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      ...(company ? { 'x-current-company': company } : {}),
    }),
    ...(payload ? { payload } : {}),
  });

const typeInput = (companyId: string) => ({
  name: `Tipo ${randomBytes(3).toString('hex')}`,
  magnitude: 'level',
  measureType: 'pressure',
  companyId,
  dynamicFields: [],
});

async function create(companyId: string) {
  const res = await call('POST', '/api/component-types', 'admin', typeInput(companyId), companyId);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>();
}

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  provider = await providerCompanyId(server.database.db);
  for (const [who, email] of Object.entries(emails)) tokens[who as Who] = await server.login(email);
  shared = await create(provider);
  ofNorte = await create(norte);
  ofLevante = await create(levante);
});
afterAll(() => server.close());

const listed = async (who: Who, company?: string) => {
  const res = await call('GET', '/api/component-types?length=-1', who, undefined, company);
  expect(res.statusCode, who).toBe(200);
  return res.json<{ rows: { id: string }[] }>().rows.map((r) => r.id);
};

describe('component types by role', () => {
  it('lets every role that sees components read the types, the spectator none', async () => {
    for (const who of ['clientAdmin', 'clientOperator', 'clientViewer'] as Who[]) {
      expect(await listed(who), who).toEqual(expect.arrayContaining([shared.id, ofNorte.id]));
      const one = await call('GET', `/api/component-types/${ofNorte.id}`, who);
      expect([who, one.statusCode]).toEqual([who, 200]);
    }
    for (const who of ['admin', 'chief', 'viewer'] as Who[]) {
      expect(await listed(who, norte), who).toEqual(expect.arrayContaining([shared.id, ofNorte.id]));
    }
    for (const url of ['/api/component-types', `/api/component-types/${shared.id}`]) {
      const res = await call('GET', url, 'spectator');
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'F1000']);
    }
  });

  it('keeps writes to ADMIN and CHIEF: the client roles and VIEWER get 403', async () => {
    for (const who of ['viewer', 'clientAdmin', 'clientOperator', 'clientViewer', 'spectator'] as Who[]) {
      const created = await call('POST', '/api/component-types', who, typeInput(norte));
      expect([who, created.statusCode]).toEqual([who, 403]);
      const disabled = await call('POST', `/api/component-types/${ofNorte.id}/disable`, who);
      expect([who, disabled.statusCode]).toEqual([who, 403]);
    }
    const byChief = await call('POST', '/api/component-types', 'chief', typeInput(provider));
    expect(byChief.statusCode).toBe(201);
  });

  it("never gives a client another client's types: not listed, 404 by id", async () => {
    const norteIds = await listed('clientOperator');
    expect(norteIds).not.toContain(ofLevante.id);
    const levanteIds = await listed('levanteOperator');
    expect(levanteIds).toEqual(expect.arrayContaining([shared.id, ofLevante.id]));
    expect(levanteIds).not.toContain(ofNorte.id);
    const foreign = await call('GET', `/api/component-types/${ofLevante.id}`, 'clientViewer');
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'N1000']);
    // naming the other company does not help: the header must be one of the caller's companies
    const named = await call(
      'GET',
      `/api/component-types/${ofLevante.id}`,
      'clientViewer',
      undefined,
      levante,
    );
    expect(named.statusCode).toBe(404);
  });
});
