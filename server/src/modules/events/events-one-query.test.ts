/**
 * Issue 25 item 3: GET /api/events reads its page, the rows' device and point and the total in one
 * statement, and answers field for field what the pre-issue-25 read answered
 * (test/list-reference/events.ts) — on the demo seed plus events of devices at a point, without a
 * point and in stock, several of the same instant (ties broken by id).
 */
import { eventListQuerySchema } from '@aforo/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { startComparedServer, type ComparedServer } from '../../test/list-reference/compare';
import { referenceEventList } from '../../test/list-reference/events';

let server: ComparedServer;
let norte: string;
let pointA: string;
let deviceA: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const layerUser = 'user.norte@demo.aforo.dev';

beforeAll(async () => {
  server = await startComparedServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  const levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of [admin, clientAdmin, layerUser]) tokens[email] = await server.login(email);
  const { model, product } = await buildCatalogue(db);
  const device = (companyId: string | null, measurementPointId: string | null) =>
    buildDevice(db, { modelId: model.id, productId: product.id, companyId, measurementPointId });
  pointA = (await buildPoint(db, norte, { name: 'Punto comparado' })).id;
  deviceA = (await device(norte, pointA)).id;
  const unplaced = (await device(norte, null)).id;
  const stock = (await device(null, null)).id;
  const foreign = (await device(levante, (await buildPoint(db, levante)).id)).id;
  const same = new Date('2026-01-10T08:00:00.123Z');
  await db.insert(events).values([
    { deviceId: deviceA, type: 'RESTART', message: 'watchdog reset', ts: same },
    { deviceId: deviceA, type: 'ERROR', message: 'sensor open circuit', ts: same },
    { deviceId: deviceA, type: 'SYSTEM', message: null, ts: new Date('2026-01-12T08:00:00Z') },
    { deviceId: unplaced, type: 'ERROR', message: 'low battery', ts: same },
    { deviceId: stock, type: 'SYSTEM', message: 'in stock', ts: new Date('2026-01-09T08:00:00Z') },
    { deviceId: foreign, type: 'ERROR', message: 'levante sensor fault', ts: same },
  ]);
});
afterAll(() => server?.close());

/** The API's answer and the reference's for `who` in Norte, deep-equal. */
async function compare(who: string, params: Record<string, string>) {
  const url = `/api/events?${new URLSearchParams(params)}`;
  const api = await server.get(url, tokens[who]!, norte);
  expect(api.status, JSON.stringify(api.body)).toBe(200);
  const query = eventListQuerySchema.parse(params);
  const ctx = server.lastContext();
  // the service's rule: provider staff asking every company, or naming a device, read across them
  const across = ctx.isGlobal && (query.allCompanies || query.deviceId !== undefined);
  const reference = await referenceEventList(server.database.db, ctx, query, across);
  expect(api.body).toEqual(JSON.parse(JSON.stringify(reference)));
  return api.body as { rows: unknown[]; total: number };
}

const queries: Array<Record<string, string>> = [
  { page: '1', length: '25' },
  {},
  { page: '2', length: '2' },
  { page: '2', length: '3', dir: 'ASC' },
  { page: '400', length: '25' },
  { order: 'type', length: '10' },
  { order: 'type', dir: 'ASC', page: '2', length: '4' },
  { order: 'received_at', length: '7' },
  { type: 'ERROR' },
  { search: 'SENSOR' },
  { from: '2026-01-10T08:00:00.123Z', to: '2026-01-12T08:00:00Z' },
];

describe('GET /api/events, one statement (issue 25)', () => {
  it('answers as the pre-issue-25 read for the provider admin, the client admin and a layer-restricted user', async () => {
    let rows = 0;
    for (const who of [admin, clientAdmin, layerUser]) {
      for (const params of queries) rows += (await compare(who, params)).rows.length;
      await compare(who, { pointId: pointA, length: '2' });
      await compare(who, { deviceId: deviceA, page: '2', length: '2' });
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('answers as the pre-issue-25 read across companies (provider staff)', async () => {
    for (const params of queries) await compare(admin, { ...params, allCompanies: 'true' });
  });

  it('reads a page with its total in one statement; an empty page past the first counts apart', async () => {
    const token = tokens[clientAdmin]!;
    expect(await server.statementsOf('/api/events?page=1&length=25', token, norte)).toHaveLength(1);
    expect(
      await server.statementsOf('/api/events?page=2&length=2&allCompanies=true', tokens[admin]!, norte),
    ).toHaveLength(1);
    expect(await server.statementsOf('/api/events?page=400&length=25', token, norte)).toHaveLength(2);
    // the pre-issue-25 read: the page, then the count
    const query = eventListQuerySchema.parse({ page: '1', length: '25' });
    const scope = { companyId: norte };
    const before = await server.statementsDuring(() =>
      referenceEventList(server.database.db, scope, query, false),
    );
    expect(before).toHaveLength(2);
  });
});
