/**
 * GET /api/log-entries names what the history shows (issue 22 item 8): the changed item and the ids of
 * its changes, as the caller may read them. Company B's entries never show company A's names.
 */
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { alerts, countries, logEntries } from '../../db/schema';
import { buildPoint, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { createLogEntryNamesRepository } from './log-entry-names.repository';

let server: TestServer;
let norte: string;
let levante: string;
let nortePoint: { id: string; name: string };
let levantePoint: { id: string; name: string };
let country: { id: string; name: string };
let alertId: string;
let lucia: string;
const tokens: Record<string, string> = {};
const who = {
  norte: 'user.norte@demo.aforo.dev',
  levante: 'user.levante@demo.aforo.dev',
  admin: 'admin@demo.aforo.dev',
} as const;

interface Entry {
  entityId: string;
  entityName: string | null;
  names: Record<string, string>;
  companyId: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  nortePoint = await buildPoint(db, norte, { name: 'Azud de Norte' });
  levantePoint = await buildPoint(db, levante, { name: 'Rambla de Levante' });
  country = (await db.select({ id: countries.id, name: countries.name }).from(countries).limit(1))[0]!;
  lucia = await userIdByEmail(db, 'chief-cliente.norte@demo.aforo.dev');
  const now = new Date();
  const [alert] = await db
    .insert(alerts)
    .values({
      companyId: norte,
      pointId: nortePoint.id,
      port: 'ai1',
      type: 'OUT_OF_RANGE',
      level: 'OUT_OF_RANGE',
      openedAt: now,
      lastAt: now,
    })
    .returning({ id: alerts.id });
  alertId = alert!.id;
  await db.insert(logEntries).values([
    // Norte's own entries: a point renamed, an alert opened, a user's profiles changed
    {
      companyId: norte,
      entityType: 'point',
      entityId: nortePoint.id,
      action: 'update',
      changes: { name: ['Azud', 'Azud de Norte'], companyId: [null, norte] },
    },
    {
      companyId: norte,
      entityType: 'alert',
      entityId: alertId,
      action: 'alert_open',
      changes: { type: [null, 'OUT_OF_RANGE'], value: [null, 1.25] },
    },
    {
      companyId: norte,
      entityType: 'user',
      entityId: lucia,
      action: 'update',
      changes: { profiles: [{ [norte]: ['ROLE_USER'] }, { [norte]: ['ROLE_CHIEF_CLIENTE'], [levante]: [] }] },
    },
    // an entry of Levante's that refers to Norte's point and company (e.g. data carried over)
    {
      companyId: levante,
      entityType: 'point',
      entityId: nortePoint.id,
      action: 'update',
      changes: {
        companyId: [norte, levante],
        layerPointIds: [[], []],
        pointIds: [[nortePoint.id], [nortePoint.id, levantePoint.id]],
        countryId: [null, country.id],
      },
    },
  ]);
  for (const email of Object.values(who)) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

async function entries(email: string, query: string): Promise<Entry[]> {
  const res = await server.request({
    method: 'GET',
    url: `/api/log-entries?page=1&length=50&${query}`,
    headers: bearer(tokens[email]!, { 'accept-language': 'en' }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ rows: Entry[] }>().rows;
}

describe('GET /api/log-entries names', () => {
  it("names a company's own items: a point, an alert by its point, a user, companies of profiles", async () => {
    const [point] = await entries(who.norte, `entityType=point&entityId=${nortePoint.id}`);
    expect(point).toMatchObject({ entityName: 'Azud de Norte', names: { [norte]: 'Canal del Norte S.A.' } });
    const [alert] = await entries(who.norte, `entityType=alert&entityId=${alertId}`);
    expect(alert!.entityName).toBe('Azud de Norte');
    const [user] = await entries(who.norte, `entityType=user&entityId=${lucia}`);
    expect(user!.entityName).toMatch(/\S/);
    // the profiles' companies: the own one named, the other company left as its id
    expect(user!.names).toEqual({ [norte]: 'Canal del Norte S.A.' });
  });

  it("never shows company A's names in company B's entries", async () => {
    const rows = await entries(who.levante, `entityType=point&entityId=${nortePoint.id}`);
    expect(rows.map((r) => r.companyId)).toEqual([levante]);
    const [entry] = rows;
    expect(entry!.entityName).toBeNull();
    expect(entry!.names).toEqual({
      [levante]: 'Aguas de Levante S.L.',
      [levantePoint.id]: 'Rambla de Levante',
      [country.id]: country.name,
    });
    expect(JSON.stringify(entry)).not.toContain('Azud de Norte');
    expect(JSON.stringify(entry)).not.toContain('Canal del Norte');
  });

  it('names everything for provider staff', async () => {
    const rows = await entries(who.admin, `entityType=point&entityId=${nortePoint.id}`);
    const levantes = rows.find((r) => r.companyId === levante)!;
    expect(levantes.entityName).toBe('Azud de Norte');
    expect(levantes.names).toMatchObject({
      [norte]: 'Canal del Norte S.A.',
      [nortePoint.id]: 'Azud de Norte',
      [levantePoint.id]: 'Rambla de Levante',
    });
  });

  it('reads every name of a page in one statement, and none for ids that are not uuids', async () => {
    // a second handle on the same database that counts the statements it sends
    let statements = 0;
    const logger = { logQuery: () => void (statements += 1) };
    const { lite, url } = server.database;
    const pool = lite ? null : new pg.Pool({ connectionString: url, max: 1 });
    const db = (lite
      ? drizzleLite({ client: lite, schema, logger })
      : drizzlePg({ client: pool!, schema, logger })) as unknown as Db;
    const repo = createLogEntryNamesRepository(db);
    const reader = { isGlobal: false, companyId: norte };
    const names = await repo.names(reader, [
      { type: 'point', id: nortePoint.id },
      { type: 'point', id: levantePoint.id },
      { type: 'alert', id: alertId },
      { type: 'company', id: norte },
      { type: 'country', id: country.id },
      { type: 'device', id: 'not-a-uuid' },
    ]);
    expect(Object.fromEntries(names)).toEqual({
      [`point:${nortePoint.id}`]: 'Azud de Norte',
      [`alert:${alertId}`]: 'Azud de Norte',
      [`company:${norte}`]: 'Canal del Norte S.A.',
      [`country:${country.id}`]: country.name,
    });
    expect(statements).toBe(1);
    expect(await repo.names(reader, [{ type: 'device', id: 'x' }])).toEqual(new Map());
    expect(statements).toBe(1);
    await pool?.end();
  });
});
