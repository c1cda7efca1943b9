/**
 * Issue 25 item 3: GET /api/points runs one SQL statement per page, and its answer is the one the
 * pre-issue reads (test/list-reference/points.ts, seven statements) gave, field for field, on the
 * demo seed made richer (test/list-reference/scenario.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointListQuerySchema, type Point } from '@aforo/contracts/points';
import { referencePointList, createReferencePointsRepository } from '../../test/list-reference/points';
import {
  buildScenario,
  contextFor,
  demoCallers,
  getAs,
  queryOf,
  statementsOf,
  type Scenario,
} from '../../test/list-reference/scenario';
import { startTestServer, type TestServer } from '../../test/test-server';
import { viewerOf } from '../../core/request-context';
import { createPointsRepository } from './points.repository';

let server: TestServer;
let s: Scenario;

beforeAll(async () => {
  server = await startTestServer();
  s = await buildScenario(server);
});
afterAll(() => server.close());

const searches = () => [
  '',
  'page=1&length=5',
  'page=2&length=5',
  'page=3&length=4&dir=ASC',
  'length=-1',
  ...['name', 'kind', 'created_at'].flatMap((order) =>
    ['ASC', 'DESC'].map((dir) => `order=${order}&dir=${dir}&length=7&page=2`),
  ),
  'search=a&length=5',
  'search=50%25',
  'kind=river&length=-1',
  'kind=well',
  `layerId=${s.layerId}&length=-1`,
  'favourites=true',
  'showDeleted=true&length=-1&order=created_at',
  'page=99&length=5',
  'page=99&length=5&kind=tank',
];

describe('GET /api/points after the one-statement rewrite', () => {
  it('answers as the pre-issue reads did, for every caller, company and query', async () => {
    let compared = 0;
    const seen: Point[] = [];
    for (const email of demoCallers) {
      const companies = email === 'admin@demo.aforo.dev' ? [s.norte, s.levante] : [s.norte];
      for (const company of companies) {
        const ctx = await contextFor(server.database.db, email, company);
        for (const search of searches()) {
          const res = await getAs(server, s, email, company, `/api/points?${search}`);
          expect(res.statusCode, `${email} ${search}: ${res.body}`).toBe(200);
          const reference = await referencePointList(
            server.database.db,
            ctx,
            pointListQuerySchema.parse(queryOf(search)),
          );
          expect(res.json(), `${email} ${search}`).toEqual(JSON.parse(JSON.stringify(reference)));
          seen.push(...res.json<{ rows: Point[] }>().rows);
          compared++;
        }
      }
    }
    expect(compared).toBe(4 * searches().length);
    // the comparisons covered every decoration, not only empty ones
    expect(seen.some((p) => p.favorite)).toBe(true);
    expect(seen.some((p) => p.device?.state === 'Maintenance')).toBe(true);
    expect(seen.some((p) => p.layers.length > 1)).toBe(true);
    expect(seen.some((p) => p.latest !== null && p.latest.value === null)).toBe(true);
    expect(seen.some((p) => p.latest?.flag === 3)).toBe(true);
    expect(new Set(seen.map((p) => p.level))).toEqual(
      new Set([null, 'OK', 'OUT_OF_RANGE', 'WARNING', 'DANGER', 'NO_TRANSMISSION']),
    );
  });

  it('reads a single point as the pre-issue reads did, deleted ones too', async () => {
    const db = server.database.db;
    const ctx = await contextFor(db, 'admin-cliente.norte@demo.aforo.dev', s.norte);
    const { rows } = await createReferencePointsRepository(db).listInCompany(
      viewerOf(ctx),
      ctx.caller,
      pointListQuerySchema.parse({ length: '-1', showDeleted: 'true' }),
    );
    expect(rows.some((r) => r.deletedAt !== null && r.latest === null)).toBe(true);
    for (const row of rows) {
      const found = await createPointsRepository(db).findInCompany(viewerOf(ctx), row.id);
      const reference = await createReferencePointsRepository(db).findInCompany(viewerOf(ctx), row.id);
      expect(found).toEqual(reference);
    }
    expect(await createPointsRepository(db).findInCompany(viewerOf(ctx), s.levante)).toBeUndefined();
  });

  it('runs one statement per page (a page past the end counts apart)', async () => {
    const email = 'user.norte@demo.aforo.dev';
    const get = (search: string) => getAs(server, s, email, s.norte, `/api/points?${search}`);
    await get(''); // the session is read once, then kept (auth/session-cache.ts)
    for (const search of ['', 'length=-1&favourites=true', `layerId=${s.layerId}&order=kind`]) {
      const statements = await statementsOf(server.database, () => get(search));
      expect(statements, search).toHaveLength(1);
    }
    expect(await statementsOf(server.database, () => get('page=99'))).toHaveLength(2);
    // before: the page, its count, favourites, devices, layers, ranks and latest readings
    const ctx = await contextFor(server.database.db, email, s.norte);
    const before = await statementsOf(server.database, () =>
      referencePointList(server.database.db, ctx, pointListQuerySchema.parse({})),
    );
    expect(before).toHaveLength(7);
  });
});
