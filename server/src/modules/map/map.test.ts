import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPayload } from '@aforo/contracts/map';
import { layerPoints, layers, seriesLatest } from '../../db/schema';
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
const ids: Record<'danger' | 'quiet' | 'silent' | 'deleted' | 'foreign', string> = {
  danger: '',
  quiet: '',
  silent: '',
  deleted: '',
  foreign: '',
};
let layerId: string;
let foreignLayerId: string;
const tiles = { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' };

const series = (pointId: string, port: string, alertLevel: string) => ({
  pointId,
  port,
  deviceId: pointId,
  ts: new Date(),
  interpreted: 1,
  flag: 1,
  alertLevel,
});

beforeAll(async () => {
  server = await startTestServer({ mapTiles: tiles });
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of emails) tokens[email] = await server.login(email);
  ids.danger = (await buildPoint(db, norte, { name: 'Mapa peligro', latitude: 42.123456789 })).id;
  ids.quiet = (await buildPoint(db, norte, { name: 'Mapa tranquilo', kind: 'well' })).id;
  ids.silent = (await buildPoint(db, norte, { name: 'Mapa mudo' })).id;
  ids.deleted = (await buildPoint(db, norte, { name: 'Mapa borrado', deletedAt: new Date() })).id;
  ids.foreign = (await buildPoint(db, levante, { name: 'Mapa ajeno' })).id;
  await db
    .insert(seriesLatest)
    .values([
      series(ids.danger, 'ai1', 'WARNING'),
      series(ids.danger, 'ai2', 'DANGER'),
      series(ids.silent, 'ai1', 'NO_TRANSMISSION'),
      series(ids.quiet, 'ai1', 'OK'),
      series(ids.foreign, 'ai1', 'DANGER'),
    ]);
  const [layer] = await db
    .insert(layers)
    .values({ companyId: norte, name: 'Mapa capa', colour: '#123456', viewable: false })
    .returning();
  layerId = layer!.id;
  await db.insert(layerPoints).values([
    { layerId, pointId: ids.danger },
    { layerId, pointId: ids.silent },
  ]);
  const [foreign] = await db
    .insert(layers)
    .values({ companyId: levante, name: 'Mapa capa ajena', colour: '#654321' })
    .returning();
  foreignLayerId = foreign!.id;
});
afterAll(() => server.close());

const call = (url: string, who = 'user.norte@demo.aforo.dev', company?: string) =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': company ?? (who.includes('levante') ? levante : norte),
    }),
  });

describe('GET /api/map/points', () => {
  it('gives every live point of the company with its worst level, layers, favourite, and the tiles', async () => {
    const fav = await server.request({
      method: 'PUT',
      url: `/api/points/${ids.quiet}/favourite`,
      headers: bearer(tokens['user.norte@demo.aforo.dev']!, { 'x-current-company': norte }),
    });
    expect(fav.statusCode).toBe(200);
    const res = await call('/api/map/points');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MapPayload>();
    expect(body.tiles).toEqual(tiles);
    // the browser may load those tiles: their origin is in the CSP img-src
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/);
    const index = body.layers.findIndex((l) => l.id === layerId);
    expect(body.companies).toEqual([{ id: norte, name: expect.any(String) }]);
    expect(body.layers[index]).toEqual({
      id: layerId,
      name: 'Mapa capa',
      colour: '#123456',
      viewable: false,
      c: 0,
    });
    expect(body.layers.map((l) => l.id)).not.toContain(foreignLayerId);
    const byId = new Map(body.points.map((p) => [p.id, p]));
    expect(byId.get(ids.danger)).toEqual({
      id: ids.danger,
      n: 'Mapa peligro',
      k: 'river',
      la: 42.12346,
      lo: -0.88,
      lv: 'DANGER',
      ly: [index],
      f: false,
      c: 0,
    });
    expect(byId.get(ids.silent)).toMatchObject({ lv: 'NO_TRANSMISSION', ly: [index], f: false });
    expect(byId.get(ids.quiet)).toMatchObject({ k: 'well', lv: 'OK', ly: [], f: true });
    expect(byId.has(ids.deleted)).toBe(false);
    expect(byId.has(ids.foreign)).toBe(false);
    // sorted by name, and the favourite is the caller's own
    const names = body.points.map((p) => p.n);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const other = (await call('/api/map/points', 'chief-cliente.norte@demo.aforo.dev')).json<MapPayload>();
    expect(other.points.find((p) => p.id === ids.quiet)?.f).toBe(false);
  });

  it('filters by a layer of the company; another company’s layer is 404, a bad id 400', async () => {
    const res = await call(`/api/map/points?layerId=${layerId}`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<MapPayload>()
        .points.map((p) => p.id)
        .sort(),
    ).toEqual([ids.danger, ids.silent].sort());
    const foreign = await call(`/api/map/points?layerId=${foreignLayerId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('N1000');
    for (const bad of ['nope', "1'; drop table layers; --", '%00', 'a'.repeat(5000)]) {
      const res = await call(`/api/map/points?layerId=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBeTypeOf('string');
    }
  });

  it('is tenant-safe: each company sees only its own points, provider staff those of the current company', async () => {
    const levanteMap = (
      await call('/api/map/points', 'admin-cliente.levante@demo.aforo.dev')
    ).json<MapPayload>();
    const levanteIds = levanteMap.points.map((p) => p.id);
    expect(levanteIds).toContain(ids.foreign);
    expect(levanteIds).not.toContain(ids.danger);
    // a company user naming another company is refused by the auth hook
    const other = await call('/api/map/points', 'user.norte@demo.aforo.dev', levante);
    expect([403, 404]).toContain(other.statusCode);
    const staff = (await call('/api/map/points', 'admin@demo.aforo.dev', levante)).json<MapPayload>();
    expect(staff.points.map((p) => p.id)).toContain(ids.foreign);
    expect(staff.points.map((p) => p.id)).not.toContain(ids.danger);
  });

  it('is read by every role, SPECTATOR included, and never without a session', async () => {
    for (const who of emails) {
      const res = await call('/api/map/points', who);
      expect(res.statusCode, who).toBe(200);
    }
    const anonymous = await server.request({ method: 'GET', url: '/api/map/points' });
    expect(anonymous.statusCode).toBe(401);
  });
});
