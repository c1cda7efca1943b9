/**
 * Issue 25 item 3: GET /api/monitoring runs one SQL statement per page (rows, total, levels, latest
 * readings and trend references), and its answer is the one the pre-issue reads
 * (test/list-reference/monitoring.ts, four statements) gave, field for field, on the demo seed made
 * richer — in a company and in the provider's network view (scope=all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  monitoringOrderFields,
  monitoringQuerySchema,
  type MonitoringRow,
} from '@aforo/contracts/monitoring';
import { referenceMonitoringList } from '../../test/list-reference/monitoring';
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

const searches = () => [
  '',
  'page=1&length=5',
  'page=2&length=5',
  'page=3&length=4&dir=ASC',
  'length=100',
  ...monitoringOrderFields.flatMap((order) =>
    ['', '&dir=ASC', '&dir=DESC'].map((dir) => `order=${order}${dir}&length=6&page=2`),
  ),
  'search=a&length=5',
  'search=50%25',
  'kind=river&length=100',
  `layerId=${s.layerId}&length=100`,
  'favourites=true',
  'level=DANGER',
  'level=OK&order=name',
  'level=NO_DATA&length=100',
  'page=99&length=5',
  'page=99&length=5&level=WARNING',
];
const networkSearches = () => [
  'scope=all&length=100',
  'scope=all&page=2&length=7&order=time',
  'scope=all&order=name&dir=DESC&length=9',
  'scope=all&level=OK&length=100',
  'scope=all&favourites=true',
  `scope=all&companyId=${s.levante}&length=100`,
  'scope=all&page=99',
];

describe('GET /api/monitoring after the one-statement rewrite', () => {
  it('answers as the pre-issue reads did, for every caller, company, scope and query', async () => {
    const seen: MonitoringRow[] = [];
    for (const email of demoCallers) {
      const global = email === 'admin@demo.aforo.dev';
      for (const company of global ? [s.norte, s.levante] : [s.norte]) {
        const ctx = await contextFor(server.database.db, email, company);
        for (const search of [...searches(), ...(global ? networkSearches() : [])]) {
          const res = await getAs(server, s, email, company, `/api/monitoring?${search}`);
          expect(res.statusCode, `${email} ${search}: ${res.body}`).toBe(200);
          const reference = await referenceMonitoringList(
            server.database.db,
            ctx,
            monitoringQuerySchema.parse(queryOf(search)),
          );
          expect(res.json(), `${email} ${search}`).toEqual(JSON.parse(JSON.stringify(reference)));
          seen.push(...res.json<{ rows: MonitoringRow[] }>().rows);
        }
      }
    }
    // the comparisons covered every decoration, not only empty ones
    expect(seen.some((r) => r.favourite)).toBe(true);
    expect(new Set(seen.map((r) => r.trend?.direction ?? null))).toEqual(
      new Set([null, 'up', 'down', 'steady']),
    );
    expect(seen.some((r) => r.latest !== null && r.latest.value === null)).toBe(true);
    expect(new Set(seen.map((r) => r.level))).toEqual(
      new Set([null, 'OK', 'OUT_OF_RANGE', 'WARNING', 'DANGER', 'NO_TRANSMISSION']),
    );
    expect(new Set(seen.map((r) => r.companyId)).size).toBe(2);
  });

  it('runs one statement per page (a page past the end counts apart)', async () => {
    const email = 'admin@demo.aforo.dev';
    const get = (search: string) => getAs(server, s, email, s.norte, `/api/monitoring?${search}`);
    await get(''); // the session is read once, then kept (auth/session-cache.ts)
    for (const search of ['', 'order=name&length=100', 'scope=all&order=time', 'level=OK']) {
      const statements = await statementsOf(server.database, () => get(search));
      expect(statements, search).toHaveLength(1);
    }
    expect(await statementsOf(server.database, () => get('page=99'))).toHaveLength(2);
    // before: the page with its total, the page's ranks, latest readings and trend references
    const ctx = await contextFor(server.database.db, email, s.norte);
    const before = await statementsOf(server.database, () =>
      referenceMonitoringList(server.database.db, ctx, monitoringQuerySchema.parse({})),
    );
    expect(before).toHaveLength(4);
  });
});
