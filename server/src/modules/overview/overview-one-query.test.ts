/**
 * Issue 25 item 3: GET /api/overview in three statements run together (figures, latest alerts with
 * their total, the month's operation) where it took about twelve, answering field for field what
 * the pre-issue-25 read answered (test/list-reference/overview.ts) — on the demo seed, for client
 * and provider callers, the provider company and the network view; and the month's summaries made
 * current first when a finished day is stale.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewQuerySchema, type Overview } from '@aforo/contracts/overview';
import { rowsOf } from '../../db/rows';
import { addDays } from '../../lib/local-days';
import { buildPoint, companyIdByName, providerCompanyId } from '../../test/factories';
import { startComparedServer, type ComparedServer } from '../../test/list-reference/compare';
import { referenceOverview } from '../../test/list-reference/overview';

let server: ComparedServer;
let norte: string;
let levante: string;
let provider: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const layerUser = 'user.norte@demo.aforo.dev';
const callers = [admin, 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev', clientAdmin, layerUser];

beforeAll(async () => {
  server = await startComparedServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  provider = await providerCompanyId(db);
  for (const email of callers) tokens[email] = await server.login(email);
});
afterAll(() => server?.close());

/** The API's answer, then the reference's for the same caller, deep-equal. */
async function compare(who: string, params: Record<string, string>, company = norte) {
  const api = await server.get(`/api/overview?${new URLSearchParams(params)}`, tokens[who]!, company);
  expect(api.status, JSON.stringify(api.body)).toBe(200);
  const query = overviewQuerySchema.parse(params);
  const reference = await referenceOverview(server.database.db, server.lastContext(), query);
  expect(api.body).toEqual(JSON.parse(JSON.stringify(reference)));
  return api.body as Overview;
}

describe('GET /api/overview, three statements (issue 25)', () => {
  it('answers as the pre-issue-25 read for provider staff and client users', async () => {
    for (const who of callers) await compare(who, {});
    const ofProvider = await compare(admin, {}, provider);
    expect(ofProvider.providerView).toBe(true);
    const ofLevante = await compare(admin, {}, levante);
    expect(ofLevante.latestAlerts.length + ofLevante.points.total).toBeGreaterThan(0);
  });

  it('answers as the pre-issue-25 read in the network view (scope=all, companyId)', async () => {
    const network = await compare(admin, { scope: 'all' });
    expect(network.network).toBe(true);
    await compare('viewer@demo.aforo.dev', { scope: 'all' }, provider);
    await compare(admin, { scope: 'all', companyId: levante });
  });

  it('makes a stale finished day current before counting, as before', async () => {
    const db = server.database.db;
    const [row] = rowsOf<{ today: string }>(
      await db.execute(sql`
        select (now() at time zone preferred_timezone)::date::text as today from companies where id = ${norte}`),
    );
    const yesterday = addDays(row!.today, -1);
    if (yesterday.slice(0, 7) !== row!.today.slice(0, 7)) return; // the first of a month: no finished day
    // a point of long ago whose yesterday late data made stale (summarised as without transmission)
    const point = await buildPoint(db, norte, { createdAt: new Date(Date.now() - 90 * 86_400_000) });
    const mark = () =>
      db.execute(sql`
        insert into daily_summary_stale (point_id, day) values (${point.id}, ${yesterday}::date)
        on conflict do nothing`);
    const staleMarks = async () => {
      const result = await db.execute(sql`
        select count(*)::int as n from daily_summary_stale where point_id = ${point.id}`);
      return rowsOf<{ n: number }>(result)[0]!.n;
    };
    await mark();
    expect(await staleMarks()).toBe(1);
    const api = await server.get('/api/overview', tokens[clientAdmin]!, norte);
    expect(api.status).toBe(200);
    expect(await staleMarks()).toBe(0);
    const summarised = await db.execute(sql`
      select class from daily_summaries where point_id = ${point.id} and day = ${yesterday}::date and main`);
    expect(rowsOf(summarised)).toEqual([{ class: 'no_transmission' }]);
    // the reference made current in turn, and reading the same
    await mark();
    const reference = await referenceOverview(db, server.lastContext(), {});
    expect(api.body).toEqual(JSON.parse(JSON.stringify(reference)));
  });

  it('reads in three statements when the month is current (four in the network view)', async () => {
    expect(await server.statementsOf('/api/overview', tokens[clientAdmin]!, norte)).toHaveLength(3);
    expect(await server.statementsOf('/api/overview', tokens[admin]!, provider)).toHaveLength(3);
    expect(await server.statementsOf('/api/overview?scope=all', tokens[admin]!, provider)).toHaveLength(4);
    // the pre-issue-25 read: 12 for a client, 13 for provider staff (is it the provider?), and in the
    // network view 1 + 4 + 2 + 6 per company
    const before = async (who: string, company: string, query: { scope?: 'all' }) => {
      await server.get(`/api/overview?${new URLSearchParams(query)}`, tokens[who]!, company);
      const ctx = server.lastContext();
      return server.statementsDuring(() => referenceOverview(server.database.db, ctx, query));
    };
    expect(await before(clientAdmin, norte, {})).toHaveLength(12);
    expect(await before(admin, provider, {})).toHaveLength(13);
    expect((await before(admin, provider, { scope: 'all' })).length).toBeGreaterThanOrEqual(19);
  });
});
