/**
 * Issue 25 item 3: GET /api/devices runs one SQL statement per page (rows, names, transmission
 * status and total), and its answer is the one the pre-issue reads (test/list-reference/devices.ts:
 * the page, then its count) gave, field for field, on the demo seed made richer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListQuerySchema, deviceOrderFields, type Device } from '@aforo/contracts/devices';
import { referenceDeviceList } from '../../test/list-reference/devices';
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

let server: TestServer;
let s: Scenario;

beforeAll(async () => {
  server = await startTestServer();
  s = await buildScenario(server);
});
afterAll(() => server.close());

const searches = [
  '',
  'page=1&length=5',
  'page=2&length=5',
  'page=3&length=4&dir=ASC',
  'length=-1',
  ...deviceOrderFields.flatMap((order) =>
    ['ASC', 'DESC'].map((dir) => `order=${order}&dir=${dir}&length=6&page=2`),
  ),
  'search=SN&length=5',
  'search=50%25',
  'state=Maintenance',
  'state=Active&length=-1',
  'transmission=in_service&length=-1',
  'transmission=out_of_service_over_24h',
  'transmission=out_of_service_under_24h',
  'showDeleted=true&length=-1&order=updated_at',
  'allCompanies=true&length=-1',
  'allCompanies=true&page=2&length=10&order=last_seen_at',
  'page=99&length=5',
  'page=99&length=5&allCompanies=true',
];

describe('GET /api/devices after the one-statement rewrite', () => {
  it('answers as the pre-issue reads did, for every caller, company and query', async () => {
    const seen: Device[] = [];
    for (const email of demoCallers) {
      const companies = email === 'admin@demo.aforo.dev' ? [s.norte, s.levante] : [s.norte];
      for (const company of companies) {
        const ctx = await contextFor(server.database.db, email, company);
        for (const search of searches) {
          const res = await getAs(server, s, email, company, `/api/devices?${search}`);
          expect(res.statusCode, `${email} ${search}: ${res.body}`).toBe(200);
          const reference = await referenceDeviceList(
            server.database.db,
            ctx,
            deviceListQuerySchema.parse(queryOf(search)),
          );
          expect(res.json(), `${email} ${search}`).toEqual(JSON.parse(JSON.stringify(reference)));
          seen.push(...res.json<{ rows: Device[] }>().rows);
        }
      }
    }
    // the comparisons covered the joined names and statuses, not only empty ones
    expect(seen.some((d) => d.state === 'Maintenance')).toBe(true);
    expect(seen.some((d) => d.company === null)).toBe(true);
    expect(seen.some((d) => d.measurementPoint !== null && d.firmware !== null)).toBe(true);
    expect(new Set(seen.map((d) => d.transmission)).size).toBeGreaterThan(1);
  });

  it('runs one statement per page (a page past the end counts apart)', async () => {
    const email = 'admin-cliente.norte@demo.aforo.dev';
    const get = (search: string) => getAs(server, s, email, s.norte, `/api/devices?${search}`);
    await get(''); // the session is read once, then kept (auth/session-cache.ts)
    for (const search of ['', 'length=-1&state=Active', 'transmission=in_service&order=last_seen_at']) {
      const statements = await statementsOf(server.database, () => get(search));
      expect(statements, search).toHaveLength(1);
    }
    expect(await statementsOf(server.database, () => get('page=99'))).toHaveLength(2);
    // before: the page, then its count
    const ctx = await contextFor(server.database.db, email, s.norte);
    const before = await statementsOf(server.database, () =>
      referenceDeviceList(server.database.db, ctx, deviceListQuerySchema.parse({})),
    );
    expect(before).toHaveLength(2);
  });
});
