/**
 * Issue 25 item 3: GET /api/alerts reads its page, the rows' decorations and the total in one
 * statement, and answers field for field what the pre-issue-25 read answered
 * (test/list-reference/alerts.ts) — on the demo seed plus alerts of every state, with people and a
 * device, and several alerts of the same instant (ties broken by id).
 */
import { alertListQuerySchema } from '@aforo/contracts/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkViewer } from '../../core/network-scope';
import { alerts } from '../../db/schema';
import {
  buildCatalogue,
  buildDevice,
  buildPoint,
  companyIdByName,
  userIdByEmail,
} from '../../test/factories';
import { startComparedServer, type ComparedServer } from '../../test/list-reference/compare';
import { referenceAlertList } from '../../test/list-reference/alerts';

let server: ComparedServer;
let norte: string;
let levante: string;
let pointA: string;
const tokens: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const layerUser = 'user.norte@demo.aforo.dev';

beforeAll(async () => {
  server = await startComparedServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of [admin, clientAdmin, layerUser]) tokens[email] = await server.login(email);
  pointA = (await buildPoint(db, norte, { name: 'Río comparado' })).id;
  const pointL = (await buildPoint(db, levante, { name: 'Río comparado L' })).id;
  const { model, product } = await buildCatalogue(db);
  const device = await buildDevice(db, {
    modelId: model.id,
    productId: product.id,
    companyId: norte,
    measurementPointId: pointA,
  });
  const chief = await userIdByEmail(db, 'chief-cliente.norte@demo.aforo.dev');
  const same = new Date('2026-02-10T08:00:00.123Z');
  const base = { port: 'ai1', count: 1, openedValue: 4.25, lastValue: 4.5, openedAt: same, lastAt: same };
  const far = new Date(Date.now() + 10 * 86_400_000);
  await db.insert(alerts).values([
    { ...base, companyId: norte, pointId: pointA, deviceId: device.id, type: 'DANGER', level: 'DANGER' },
    { ...base, companyId: norte, pointId: pointA, port: 'ai2', type: 'WARNING', level: 'WARNING', count: 3 },
    {
      ...base,
      companyId: norte,
      pointId: pointA,
      port: null,
      type: 'NO_TRANSMISSION',
      level: 'NO_TRANSMISSION',
    },
    {
      ...base,
      companyId: norte,
      pointId: pointA,
      port: 'ai3',
      type: 'FLAT',
      level: 'OUT_OF_RANGE',
      acknowledgedAt: new Date('2026-02-10T09:00:00Z'),
      acknowledgedBy: chief,
      acknowledgeComment: 'visto',
      shelvedUntil: far,
      shelvedBy: chief,
      shelveReason: 'obras',
    },
    {
      ...base,
      companyId: norte,
      pointId: pointA,
      port: 'ai4',
      type: 'JUMP',
      level: 'OUT_OF_RANGE',
      clearedAt: new Date('2026-02-11T09:00:00Z'),
      clearedValue: 1.5,
      late: true,
      muted: true,
    },
    { ...base, companyId: levante, pointId: pointL, type: 'DANGER', level: 'DANGER' },
  ]);
});
afterAll(() => server?.close());

/** The API's answer and the reference's for `who` in Norte, deep-equal. */
async function compare(who: string, params: Record<string, string>) {
  const url = `/api/alerts?${new URLSearchParams(params)}`;
  const api = await server.get(url, tokens[who]!, norte);
  expect(api.status, JSON.stringify(api.body)).toBe(200);
  const query = alertListQuerySchema.parse(params);
  const ctx = server.lastContext();
  const reference = await referenceAlertList(server.database.db, networkViewer(ctx, query), query);
  expect(api.body).toEqual(JSON.parse(JSON.stringify(reference)));
  return api.body as { rows: unknown[]; total: number };
}

const queries: Array<Record<string, string>> = [
  { page: '1', length: '25' },
  {},
  { page: '2', length: '3' },
  { page: '3', length: '4', dir: 'ASC' },
  { page: '500', length: '25' },
  { order: 'level', length: '10' },
  { order: 'level', dir: 'ASC', page: '2', length: '5' },
  { order: 'last_at', length: '7' },
  ...['open', 'acknowledged', 'cleared_unacknowledged', 'cleared', 'active', 'unacknowledged'].map(
    (state) => ({ state, length: '5' }),
  ),
  { level: 'DANGER' },
  { type: 'FLAT' },
  { group: 'INVALID_DATA' },
  { from: '2026-02-10T08:00:00.123Z', to: '2026-02-10T08:00:00.123Z' },
  { from: '2020-01-01T00:00:00Z', page: '2', length: '2' },
];

describe('GET /api/alerts, one statement (issue 25)', () => {
  it('answers as the pre-issue-25 read for the provider admin, the client admin and a layer-restricted user', async () => {
    let rows = 0;
    for (const who of [admin, clientAdmin, layerUser])
      for (const params of queries) rows += (await compare(who, params)).rows.length;
    expect(rows).toBeGreaterThan(100);
    await compare(admin, { pointId: pointA, length: '2' });
    await compare(admin, { pointId: pointA, page: '3', length: '2' });
  });

  it('answers as the pre-issue-25 read in the network view (scope=all, companyId)', async () => {
    for (const params of queries) {
      await compare(admin, { ...params, scope: 'all' });
      await compare(admin, { ...params, scope: 'all', companyId: levante });
    }
  });

  it('reads a page with its total in one statement; an empty page past the first counts apart', async () => {
    const token = tokens[clientAdmin]!;
    expect(await server.statementsOf('/api/alerts?page=1&length=25', token, norte)).toHaveLength(1);
    expect(
      await server.statementsOf('/api/alerts?page=2&length=3&scope=all', tokens[admin]!, norte),
    ).toHaveLength(1);
    expect(await server.statementsOf('/api/alerts?page=500&length=25', token, norte)).toHaveLength(2);
    // the pre-issue-25 read: the page, then the count
    const query = alertListQuerySchema.parse({ page: '1', length: '25' });
    const scope = { companyId: norte };
    const before = await server.statementsDuring(() => referenceAlertList(server.database.db, scope, query));
    expect(before).toHaveLength(2);
  });
});
