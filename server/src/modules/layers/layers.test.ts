import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'admin-cliente.levante@demo.aforo.dev',
];

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

/** Levante accounts work on their company, everyone else on Canal del Norte. */
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who = 'chief-cliente.norte@demo.aforo.dev',
  payload?: object,
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
    ...(payload ? { payload } : {}),
  });

const layer = (overrides: Record<string, unknown> = {}) => ({
  name: `Capa ${randomBytes(4).toString('hex')}`,
  colour: '#1E90FF',
  ...overrides,
});
const pointOf = async (companyId: string) => (await buildPoint(server.database.db, companyId)).id;

describe('layers', () => {
  it('creates, lists, updates (points replaced) and deletes, with history', async () => {
    const [a, b, c] = [await pointOf(norte), await pointOf(norte), await pointOf(norte)];
    const created = await call('POST', '/api/layers', undefined, layer({ pointIds: [a, b, a] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect([...created.json().pointIds].sort()).toEqual([a, b].sort());
    expect(created.json().viewable).toBe(true);

    const list = (await call('GET', '/api/layers?length=-1', 'user.norte@demo.aforo.dev')).json();
    expect(list.rows.map((r: { id: string }) => r.id)).toContain(id);
    const points = (await call('GET', `/api/points?layerId=${id}&length=-1`)).json();
    expect(points.rows.map((r: { id: string }) => r.id).sort()).toEqual([a, b].sort());
    expect(points.rows[0].layers).toEqual([{ id, name: created.json().name, colour: '#1E90FF' }]);

    const updated = await call(
      'PUT',
      `/api/layers/${id}`,
      undefined,
      layer({ viewable: false, pointIds: [c] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ viewable: false, pointIds: [c] });

    expect((await call('DELETE', `/api/layers/${id}`)).json()).toEqual({ ok: true });
    const gone = await call('GET', `/api/layers/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('N1000');
    // the points stay
    expect((await call('GET', `/api/points/${c}`)).statusCode).toBe(200);

    const log = (
      await call('GET', `/api/log-entries?entityType=layer&entityId=${id}&dir=ASC`, 'admin@demo.aforo.dev')
    ).json().rows;
    expect(log.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((r: { companyId: string }) => r.companyId === norte)).toBe(true);
    expect(log[1].changes.viewable).toEqual([true, false]);
    expect(log[1].changes.pointIds).toEqual([[a, b].sort(), [c]]);
    expect(log[2].changes.name).toEqual([updated.json().name, null]);
  });

  it('answers 409 V1001 for a name taken in the company (any case), not in another', async () => {
    const name = `Cauces ${randomBytes(3).toString('hex')}`;
    expect((await call('POST', '/api/layers', undefined, layer({ name }))).statusCode).toBe(201);
    const again = await call('POST', '/api/layers', undefined, layer({ name: name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('V1001');
    const other = await call('POST', '/api/layers', 'admin-cliente.levante@demo.aforo.dev', layer({ name }));
    expect(other.statusCode).toBe(201);
    const second = (await call('POST', '/api/layers', undefined, layer())).json().id as string;
    expect((await call('PUT', `/api/layers/${second}`, undefined, layer({ name }))).statusCode).toBe(409);
  });

  it('takes only live points of the current company (400 fields.pointIds)', async () => {
    const foreign = await pointOf(levante);
    const deleted = (await buildPoint(server.database.db, norte, { deletedAt: new Date() })).id;
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const bad of [foreign, deleted, unknown]) {
      const res = await call(
        'POST',
        '/api/layers',
        undefined,
        layer({ pointIds: [await pointOf(norte), bad] }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('V1000');
      expect(Object.keys(res.json().fields)).toEqual(['pointIds']);
    }
    // a levante user cannot put a norte point in a levante layer
    const levanteLayer = await call(
      'POST',
      '/api/layers',
      'admin-cliente.levante@demo.aforo.dev',
      layer({ pointIds: [await pointOf(norte)] }),
    );
    expect(levanteLayer.statusCode).toBe(400);
    expect(levanteLayer.json().fields).toHaveProperty('pointIds');
  });

  it('validates name and colour', async () => {
    const res = await call('POST', '/api/layers', undefined, { name: ' ', colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: 'This is blank or invalid', colour: 'This is invalid' });
    const missing = await call('POST', '/api/layers', undefined, { name: 'x' });
    expect(missing.json().fields.colour).toBe('This is a required field');
  });

  it('a layer of another company is not found', async () => {
    const id = (await call('POST', '/api/layers', undefined, layer())).json().id as string;
    const who = 'admin-cliente.levante@demo.aforo.dev';
    for (const res of [
      await call('GET', `/api/layers/${id}`, who),
      await call('PUT', `/api/layers/${id}`, who, layer()),
      await call('DELETE', `/api/layers/${id}`, who),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('N1000');
    }
    const list = (await call('GET', '/api/layers?length=-1', who)).json();
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(id);
    const points = await call('GET', `/api/points?layerId=${id}`, who);
    expect(points.json().total).toBe(0);
  });
});

describe('layers: roles', () => {
  for (const who of [
    'admin@demo.aforo.dev',
    'chief@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'chief-cliente.norte@demo.aforo.dev',
  ]) {
    it(`${who} manages layers of the current company`, async () => {
      const res = await call('POST', '/api/layers', who, layer({ pointIds: [await pointOf(norte)] }));
      expect(res.statusCode, res.body).toBe(201);
      expect((await call('PUT', `/api/layers/${res.json().id}`, who, layer())).statusCode).toBe(200);
      expect((await call('DELETE', `/api/layers/${res.json().id}`, who)).statusCode).toBe(200);
    });
  }

  for (const who of ['viewer@demo.aforo.dev', 'user.norte@demo.aforo.dev']) {
    it(`${who} reads layers only`, async () => {
      const id = (await call('POST', '/api/layers', undefined, layer())).json().id as string;
      expect((await call('GET', '/api/layers', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/layers/${id}`, who)).statusCode).toBe(200);
      for (const res of [
        await call('POST', '/api/layers', who, layer()),
        await call('PUT', `/api/layers/${id}`, who, layer()),
        await call('DELETE', `/api/layers/${id}`, who),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    });
  }

  it('spectators may not open the layer routes', async () => {
    const who = 'spectator.norte@demo.aforo.dev';
    expect((await call('GET', '/api/layers', who)).statusCode).toBe(403);
    expect((await call('POST', '/api/layers', who, layer())).statusCode).toBe(403);
  });
});
