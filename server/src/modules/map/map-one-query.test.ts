/**
 * Issue 25 item 3: GET /api/map/points reads its points, layers and companies in one statement, and
 * answers field for field what the pre-issue-25 reads answered (test/list-reference/map.ts) — on the
 * demo seed plus points of two companies with levels, layers (one of them in another company),
 *, favourites and a deleted point.
 */
import { mapQuerySchema, type MapPayload } from '@aforo/contracts/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkViewer } from '../../core/network-scope';
import { actorId } from '../../core/request-context';
import { layerPoints, layers, pointFavourites, seriesLatest } from '../../db/schema';
import { buildPoint, companyIdByName, userIdByEmail } from '../../test/factories';
import { startComparedServer, type ComparedServer } from '../../test/list-reference/compare';
import { referenceMap } from '../../test/list-reference/map';

let server: ComparedServer;
let norte: string;
let levante: string;
let layerId: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const layerUser = 'user.norte@demo.aforo.dev';
const spectator = 'spectator.norte@demo.aforo.dev';
const tiles = { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' };

beforeAll(async () => {
  server = await startComparedServer({ mapTiles: tiles });
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of [admin, clientAdmin, layerUser, spectator]) tokens[email] = await server.login(email);
  const twinA = (await buildPoint(db, norte, { name: 'Mapa gemelo', latitude: 42.123456789 })).id;
  const twinB = (await buildPoint(db, norte, { name: 'Mapa gemelo B', kind: 'well' })).id;
  await buildPoint(db, norte, { name: 'Mapa borrado', deletedAt: new Date() });
  const foreign = (await buildPoint(db, levante, { name: 'Mapa ajeno' })).id;
  const reading = (pointId: string, port: string, alertLevel: string) => ({
    pointId,
    port,
    deviceId: pointId,
    ts: new Date(),
    interpreted: 1,
    flag: 1,
    alertLevel,
  });
  await db
    .insert(seriesLatest)
    .values([
      reading(twinA, 'ai1', 'WARNING'),
      reading(twinA, 'ai2', 'DANGER'),
      reading(twinB, 'ai1', 'NO_TRANSMISSION'),
      reading(foreign, 'ai1', 'DANGER'),
    ])
    .onConflictDoNothing();
  const [layer] = await db
    .insert(layers)
    .values([
      { companyId: norte, name: 'Mapa capa', colour: '#123456', viewable: false },
      { companyId: norte, name: 'Mapa capa 2', colour: '#654321' },
      { companyId: levante, name: 'Mapa capa ajena', colour: '#111111' },
    ])
    .returning();
  layerId = layer!.id;
  await db.insert(layerPoints).values([
    { layerId, pointId: twinA },
    { layerId, pointId: twinB },
  ]);
  await db.insert(pointFavourites).values({ pointId: twinB, userId: await userIdByEmail(db, layerUser) });
});
afterAll(() => server?.close());

/** The API's answer and the reference's for `who` in `company`, deep-equal. */
async function compare(who: string, params: Record<string, string>, company = norte) {
  const api = await server.get(`/api/map/points?${new URLSearchParams(params)}`, tokens[who]!, company);
  expect(api.status, JSON.stringify(api.body)).toBe(200);
  const query = mapQuerySchema.parse(params);
  const ctx = server.lastContext();
  const reference = await referenceMap(
    server.database.db,
    networkViewer(ctx, query),
    actorId(ctx),
    query,
    tiles,
  );
  expect(api.body).toEqual(JSON.parse(JSON.stringify(reference)));
  return api.body as MapPayload;
}

describe('GET /api/map/points, one statement (issue 25)', () => {
  it('answers as the pre-issue-25 reads for every kind of caller, with and without a layer', async () => {
    for (const who of [admin, clientAdmin, layerUser, spectator]) {
      const all = await compare(who, {});
      expect(all.points.length).toBeGreaterThan(5);
      expect(all.layers.length).toBeGreaterThan(1);
      await compare(who, { layerId });
    }
    await compare(admin, {}, levante);
  });

  it('answers as the pre-issue-25 reads in the network view (scope=all, companyId)', async () => {
    const network = await compare(admin, { scope: 'all' });
    expect(network.companies.length).toBeGreaterThan(1);
    await compare(admin, { scope: 'all', companyId: levante });
    await compare(admin, { scope: 'all', layerId });
    await compare(admin, { scope: 'all', companyId: levante, layerId });
  });

  it('reads the whole payload in one statement', async () => {
    expect(await server.statementsOf('/api/map/points', tokens[clientAdmin]!, norte)).toHaveLength(1);
    expect(await server.statementsOf('/api/map/points?scope=all', tokens[admin]!, norte)).toHaveLength(1);
    // the pre-issue-25 reads: the layers and the points (together), then the companies' names
    const before = await server.statementsDuring(() =>
      referenceMap(server.database.db, { companyId: norte }, null, {}, tiles),
    );
    expect(before).toHaveLength(3);
  });
});
