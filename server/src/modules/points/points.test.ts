import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
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
  catalogue = await buildCatalogue(server.database.db);
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

/** Every caller works on a current company: levante accounts on theirs, everyone else on Canal del Norte. */
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who = 'admin-cliente.norte@demo.aforo.dev',
  payload?: unknown,
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const uniqueName = (prefix = 'Punto') => `${prefix} ${randomBytes(4).toString('hex')}`;
const validPoint = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName(),
  address: 'Camino del río 1, Zaragoza',
  latitude: 41.65,
  longitude: -0.88,
  kind: 'river',
  measureTime: 900,
  transmissionTime: 3600,
  ...overrides,
});

describe('points: roles', () => {
  const writers = [
    'admin@demo.aforo.dev',
    'chief@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'chief-cliente.norte@demo.aforo.dev',
  ];
  for (const who of writers) {
    it(`${who} creates, updates and deletes points of the current company`, async () => {
      const created = await call('POST', '/api/points', who, validPoint());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().companyId).toBe(norte);
      const id = created.json().id as string;
      const updated = await call('PUT', `/api/points/${id}`, who, validPoint({ kind: 'well' }));
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().kind).toBe('well');
      expect((await call('DELETE', `/api/points/${id}`, who)).statusCode).toBe(200);
    });
  }

  for (const who of ['viewer@demo.aforo.dev', 'user.norte@demo.aforo.dev']) {
    it(`${who} reads points but may not write them`, async () => {
      const point = await buildPoint(server.database.db, norte);
      expect((await call('GET', '/api/points', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/points/${point.id}`, who)).statusCode).toBe(200);
      const writes = [
        await call('POST', '/api/points', who, validPoint()),
        await call('PUT', `/api/points/${point.id}`, who, validPoint()),
        await call('DELETE', `/api/points/${point.id}`, who),
        await call('POST', `/api/points/${point.id}/restore`, who),
      ];
      for (const res of writes) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    });
  }

  it('spectators may not open the points routes at all', async () => {
    const point = await buildPoint(server.database.db, norte);
    const who = 'spectator.norte@demo.aforo.dev';
    expect((await call('GET', '/api/points', who)).statusCode).toBe(403);
    expect((await call('GET', `/api/points/${point.id}`, who)).statusCode).toBe(403);
    expect((await call('POST', '/api/points', who, validPoint())).statusCode).toBe(403);
    expect((await call('PUT', `/api/points/${point.id}/favourite`, who)).statusCode).toBe(403);
  });
});

describe('points: favourites', () => {
  it('are per user: USER marks and unmarks, VIEWER may not', async () => {
    const point = await buildPoint(server.database.db, norte);
    const user = 'user.norte@demo.aforo.dev';
    const put = await call('PUT', `/api/points/${point.id}/favourite`, user);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ok: true });
    // idempotent
    expect((await call('PUT', `/api/points/${point.id}/favourite`, user)).statusCode).toBe(200);
    expect((await call('GET', `/api/points/${point.id}`, user)).json().favorite).toBe(true);
    expect((await call('GET', `/api/points/${point.id}`)).json().favorite).toBe(false);
    const mine = (await call('GET', '/api/points?favourites=true&length=-1', user)).json();
    expect(mine.rows.map((r: { id: string }) => r.id)).toContain(point.id);
    expect(mine.rows.every((r: { favorite: boolean }) => r.favorite)).toBe(true);
    const others = (await call('GET', '/api/points?favourites=true&length=-1')).json();
    expect(others.rows.map((r: { id: string }) => r.id)).not.toContain(point.id);
    expect((await call('DELETE', `/api/points/${point.id}/favourite`, user)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/points/${point.id}`, user)).json().favorite).toBe(false);
    const viewer = await call('PUT', `/api/points/${point.id}/favourite`, 'viewer@demo.aforo.dev');
    expect(viewer.statusCode).toBe(403);
  });
});

describe('points: tenancy', () => {
  it('a point of another company is not found, whatever the call', async () => {
    const point = await buildPoint(server.database.db, norte);
    const who = 'admin-cliente.levante@demo.aforo.dev';
    const calls = [
      await call('GET', `/api/points/${point.id}`, who),
      await call('PUT', `/api/points/${point.id}`, who, validPoint()),
      await call('DELETE', `/api/points/${point.id}`, who),
      await call('POST', `/api/points/${point.id}/restore`, who),
      await call('PUT', `/api/points/${point.id}/favourite`, who),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('POM1000');
    }
    const list = (await call('GET', '/api/points?length=-1', who)).json();
    expect(list.rows.every((r: { companyId: string }) => r.companyId === levante)).toBe(true);
  });

  it('provider staff see only the current company’s points', async () => {
    const point = await buildPoint(server.database.db, levante);
    const res = await call('GET', `/api/points/${point.id}`, 'admin@demo.aforo.dev');
    expect(res.statusCode).toBe(404);
    const list = (await call('GET', '/api/points?length=-1', 'admin@demo.aforo.dev')).json();
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(point.id);
  });
});

describe('points: validation (docs/VALIDATION.md)', () => {
  const cases: [string, Record<string, unknown>, Record<string, string | undefined>][] = [
    ['latitude out of bounds', { latitude: 91 }, { latitude: undefined }],
    ['longitude out of bounds', { longitude: -180.5 }, { longitude: undefined }],
    [
      'coordinates missing',
      { latitude: undefined, longitude: null },
      { latitude: 'This is a required field' },
    ],
    [
      'transmission not after measure',
      { measureTime: 3600, transmissionTime: 3600 },
      { transmissionTime: 'Transmission time must be greater than measure time' },
    ],
    ['measure time not an option', { measureTime: 901 }, { measureTime: undefined }],
    ['measures for average over the limit', { measuresForAvg: 61 }, { measuresForAvg: undefined }],
    [
      '4 mA equal to 20 mA',
      { value4mA: 2, value20mA: 2 },
      { value20mA: 'The 4 mA and 20 mA values must be different' },
    ],
    ['parameters not JSON', { parameters: '{"ai1": ' }, { parameters: 'Invalid JSON format' }],
    ['kind not selected', { kind: undefined }, { kind: 'This is a required field' }],
    ['measure time not selected', { measureTime: undefined }, { measureTime: 'This is a required field' }],
    ['blank name', { name: '  ' }, { name: 'This is blank or invalid' }],
    ['empty name', { name: '' }, { name: 'This is a required field' }],
    [
      'port 4 mA equal to 20 mA',
      { parameters: { ai1: { value_4mA: 0, value_20mA: 0 } } },
      { 'parameters.ai1.value_20mA': 'The 4 mA and 20 mA values must be different' },
    ],
    [
      'status pulse without labels',
      { parameters: { ai1: { operation_mode: 'status pulse' } } },
      { 'parameters.ai1.state_one': 'This is a required field' },
    ],
    [
      'warning above alert',
      { alertValue: 2, warningValue: 3 },
      { warningValue: 'The warning level must be lower than or equal to the danger level' },
    ],
    ['invert level above ground', { groundLevel: 1, invertLevel: 2 }, { invertLevel: 'This is invalid' }],
    // docs/LIMITS.md unit groups: a symbol of the catalogue, exactly (the free text of before is refused)
    ['unit as free text', { unit: 'metros' }, { unit: 'This is invalid' }],
    ['unit in another case', { unit: 'M' }, { unit: 'This is invalid' }],
  ];
  for (const [title, overrides, fields] of cases) {
    it(`${title} → 400 V1000`, async () => {
      const res = await call('POST', '/api/points', undefined, validPoint(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('V1000');
      for (const [field, message] of Object.entries(fields)) {
        expect(res.json().fields, res.body).toHaveProperty([field]);
        if (message) expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('accepts every unit of the catalogue', async () => {
    for (const unit of ['mH₂O', 'mm/10min', 'L/s', 'm³']) {
      const res = await call('POST', '/api/points', undefined, validPoint({ unit }));
      expect([unit, res.statusCode, res.json().unit]).toEqual([unit, 201, unit]);
    }
  });

  it('accepts parameters sent as a JSON text', async () => {
    const parameters = JSON.stringify({ ai1: { label: 'Nivel', value_4mA: 0, value_20mA: 5 } });
    const res = await call('POST', '/api/points', undefined, validPoint({ parameters }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().parameters.ai1).toMatchObject({ label: 'Nivel', value_20mA: 5, active: true });
  });

  it('keys parameters by the ports of the installed device’s model', async () => {
    const point = await buildPoint(server.database.db, norte);
    await buildDevice(server.database.db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      state: 'Active',
      companyId: norte,
      measurementPointId: point.id,
    });
    const wrong = await call(
      'PUT',
      `/api/points/${point.id}`,
      undefined,
      validPoint({ parameters: { ai1: {}, pulse9: {} } }),
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['parameters.pulse9']);
    const right = await call(
      'PUT',
      `/api/points/${point.id}`,
      undefined,
      validPoint({ parameters: { ai1: {} } }),
    );
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('points: rules and codes', () => {
  it('POM1001: a live name is unique per company, case-insensitive', async () => {
    const name = uniqueName('Río');
    expect((await call('POST', '/api/points', undefined, validPoint({ name }))).statusCode).toBe(201);
    const again = await call('POST', '/api/points', undefined, validPoint({ name: name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('POM1001');
    const other = await call(
      'POST',
      '/api/points',
      'admin-cliente.levante@demo.aforo.dev',
      validPoint({ name }),
    );
    expect(other.statusCode).toBe(201);
    const second = (await call('POST', '/api/points', undefined, validPoint())).json().id as string;
    const rename = await call('PUT', `/api/points/${second}`, undefined, validPoint({ name }));
    expect(rename.json().code).toBe('POM1001');
  });

  it('POM1002: a point with a device attached cannot be deleted', async () => {
    const point = await buildPoint(server.database.db, norte);
    const device = await buildDevice(server.database.db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      state: 'Active',
      companyId: norte,
      measurementPointId: point.id,
    });
    const res = await call('DELETE', `/api/points/${point.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('POM1002');
    const got = (await call('GET', `/api/points/${point.id}`)).json();
    expect(got.device).toEqual({ id: device.id, serial: device.serial, state: 'Active' });
  });

  it('deletes softly and restores; POM1011 when not deleted or the name is taken', async () => {
    const name = uniqueName('Pozo');
    const id = (await call('POST', '/api/points', undefined, validPoint({ name }))).json().id as string;
    expect((await call('POST', `/api/points/${id}/restore`)).json().code).toBe('POM1011');
    expect((await call('DELETE', `/api/points/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/points/${id}`)).json().code).toBe('POM1000');
    expect((await call('DELETE', `/api/points/${id}`)).statusCode).toBe(404);
    const live = (await call('GET', '/api/points?length=-1')).json().rows.map((r: { id: string }) => r.id);
    expect(live).not.toContain(id);
    const all = (await call('GET', '/api/points?length=-1&showDeleted=true')).json();
    expect(all.rows.find((r: { id: string }) => r.id === id)?.deletedAt).not.toBeNull();
    const restored = await call('POST', `/api/points/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().deletedAt).toBeNull();

    await call('DELETE', `/api/points/${id}`);
    expect((await call('POST', '/api/points', undefined, validPoint({ name }))).statusCode).toBe(201);
    const taken = await call('POST', `/api/points/${id}/restore`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('POM1011');
  });

  it('lists with search, kind filter and order', async () => {
    const tag = randomBytes(4).toString('hex');
    await call('POST', '/api/points', undefined, validPoint({ name: `B ${tag}`, kind: 'tank' }));
    await call('POST', '/api/points', undefined, validPoint({ name: `A ${tag}`, kind: 'well' }));
    await call(
      'POST',
      '/api/points',
      undefined,
      validPoint({ name: `Otro ${randomBytes(3).toString('hex')}`, address: `Calle ${tag}` }),
    );
    const found = (await call('GET', `/api/points?search=${tag}&order=name&dir=ASC`)).json();
    expect(found.total).toBe(3);
    expect(found.rows.slice(0, 2).map((r: { name: string }) => r.name)).toEqual([`A ${tag}`, `B ${tag}`]);
    const tanks = (await call('GET', `/api/points?search=${tag}&kind=tank`)).json();
    expect(tanks.rows.map((r: { name: string }) => r.name)).toEqual([`B ${tag}`]);
    const paged = (await call('GET', `/api/points?search=${tag}&length=1&page=2&order=name&dir=ASC`)).json();
    expect(paged).toMatchObject({ total: 3, rows: [{ name: `B ${tag}` }] });
  });

  it('writes the history of changes with before and after', async () => {
    const body = validPoint();
    const id = (await call('POST', '/api/points', undefined, body)).json().id as string;
    await call('PUT', `/api/points/${id}`, undefined, { ...body, alertValue: 4.5, unit: 'cm' });
    await call('DELETE', `/api/points/${id}`);
    await call('POST', `/api/points/${id}/restore`);
    const log = (
      await call('GET', `/api/log-entries?entityType=point&entityId=${id}&dir=ASC`, 'admin@demo.aforo.dev')
    ).json().rows;
    expect(log.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'delete', 'restore']);
    expect(log.every((r: { companyId: string }) => r.companyId === norte)).toBe(true);
    expect(log[0].changes.name).toEqual([null, body.name]);
    expect(log[0].user.email).toBe('admin-cliente.norte@demo.aforo.dev');
    expect(log[1].changes).toEqual({ alertValue: [null, 4.5], unit: ['m', 'cm'] });
    expect(log[2].changes.deletedAt[0]).toBeNull();
    expect(log[3].changes.deletedAt[1]).toBeNull();
  });
});
