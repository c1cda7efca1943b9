/**
 * The demo seed made richer for the issue-25 comparisons (list rewrite vs list-reference/): latest
 * readings of every level, open and cleared alerts, measures for trends, favourites, a device in
 * maintenance, a deleted point; the request context of a demo account as the server builds it; and
 * a count of the SQL statements a call runs. Test-only.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Language } from '@aforo/contracts/constants';
import { createSessionRepository } from '../../auth/session.repository';
import { profilesForCheck } from '../../auth/session';
import { userContext, type RequestContext, type UserCaller } from '../../core/request-context';
import type { Database, Db } from '../../db/client';
import { ensureMeasurePartitions } from '../../db/partitions';
import {
  alerts,
  devices,
  layerPoints,
  layers,
  measurementPoints,
  measures,
  pointFavourites,
  seriesLatest,
} from '../../db/schema';
import { companyIdByName, userIdByEmail } from '../factories';
import { bearer, type TestServer } from '../test-server';

export const norteName = 'Canal del Norte S.A.';
export const levanteName = 'Aguas de Levante S.L.';
/** Provider admin, client admin and the layer-restricted operator of Canal del Norte. */
export const demoCallers = [
  'admin@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
] as const;

export interface Scenario {
  norte: string;
  levante: string;
  /** A layer of Canal del Norte with points. */
  layerId: string;
  tokens: Record<string, string>;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function livePoints(db: Db, companyId: string) {
  return db
    .select({ id: measurementPoints.id })
    .from(measurementPoints)
    .where(and(eq(measurementPoints.companyId, companyId), isNull(measurementPoints.deletedAt)))
    .orderBy(asc(measurementPoints.name));
}

/** Readings, alerts and measures for some points of a company (their devices' ids do not matter here). */
async function addReadings(db: Db, companyId: string, pointIds: string[]) {
  const levels = ['DANGER', 'WARNING', 'OK', 'OK', 'OUT_OF_RANGE', 'OK'] as const;
  const series = pointIds.slice(0, levels.length).flatMap((pointId, i) => [
    {
      pointId,
      port: 'ai1',
      deviceId: pointId,
      ts: minutesAgo(5 + i),
      interpreted: 1.25 + i / 3,
      flag: i === 3 ? 3 : 1,
      alertLevel: levels[i]!,
    },
    // a second, older series on some points: the latest is the newer one, ties by port
    ...(i % 2 === 0
      ? [
          {
            pointId,
            port: 'ai0',
            deviceId: pointId,
            ts: minutesAgo(i === 4 ? 9 : 50),
            interpreted: 7,
            flag: 1,
          },
        ]
      : []),
  ]);
  // a value beyond the stored bound (issue 9) reads as null
  series.push({
    pointId: pointIds[6]!,
    port: 'ai1',
    deviceId: pointIds[6]!,
    ts: minutesAgo(3),
    interpreted: 1e300,
    flag: 1,
    alertLevel: 'OK',
  });
  await db.insert(seriesLatest).values(series);
  const measure = (pointId: string, minutes: number, value: number, flag = 1) => ({
    deviceId: pointId,
    port: 'ai1',
    ts: minutesAgo(minutes),
    pointId,
    direct: value,
    adjusted: value,
    interpreted: value,
    flag,
  });
  await db
    .insert(measures)
    .values([
      measure(pointIds[0]!, 95, 0.5),
      measure(pointIds[0]!, 80, 0.9, 4),
      measure(pointIds[1]!, 70, 1.58),
      measure(pointIds[2]!, 200, 3),
      measure(pointIds[3]!, 500, 3),
    ]);
  const alert = { count: 1, openedAt: minutesAgo(5), lastAt: minutesAgo(5), companyId };
  await db.insert(alerts).values([
    { ...alert, pointId: pointIds[0]!, port: 'ai1', type: 'DANGER', level: 'DANGER' },
    { ...alert, pointId: pointIds[7]!, port: null, type: 'NO_TRANSMISSION', level: 'NO_TRANSMISSION' },
    {
      ...alert,
      pointId: pointIds[2]!,
      port: 'ai1',
      type: 'WARNING',
      level: 'WARNING',
      clearedAt: minutesAgo(1),
    },
  ]);
}

/** The seed plus the states, favourites and changes the comparisons need; signs the callers in. */
export async function buildScenario(server: TestServer): Promise<Scenario> {
  const db = server.database.db;
  await ensureMeasurePartitions(db, new Date(), 1, 1);
  const norte = await companyIdByName(db, norteName);
  const levante = await companyIdByName(db, levanteName);
  const norteIds = (await livePoints(db, norte)).map((p) => p.id);
  const levanteIds = (await livePoints(db, levante)).map((p) => p.id);
  await addReadings(db, norte, norteIds);
  await addReadings(db, levante, levanteIds);
  await db
    .update(measurementPoints)
    .set({ deletedAt: minutesAgo(60) })
    .where(eq(measurementPoints.id, norteIds[norteIds.length - 1]!));
  const [installed] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, norte), isNull(devices.deletedAt)))
    .orderBy(asc(devices.serial));
  await db.update(devices).set({ state: 'Maintenance' }).where(eq(devices.id, installed!.id));
  const tokens: Record<string, string> = {};
  for (const email of demoCallers) {
    tokens[email] = await server.login(email);
    const userId = await userIdByEmail(db, email);
    await db
      .insert(pointFavourites)
      .values([norteIds[3]!, norteIds[9]!, levanteIds[1]!].map((pointId) => ({ userId, pointId })));
  }
  // points in several layers: their layers come by name
  for (const name of ['Zona baja', 'Acequias']) {
    const [extra] = await db.insert(layers).values({ companyId: norte, name, colour: '#205080' }).returning();
    await db
      .insert(layerPoints)
      .values(norteIds.slice(0, 5).map((pointId) => ({ layerId: extra!.id, pointId })));
  }
  const [layer] = await db.select({ id: layers.id }).from(layers).where(eq(layers.companyId, norte));
  return { norte, levante, layerId: layer!.id, tokens };
}

/** The request context the server builds for a demo account in a company. */
export async function contextFor(db: Db, email: string, companyId: string, lang: Language = 'en') {
  const found = await createSessionRepository(db).findForSession(await userIdByEmail(db, email));
  const { user, profiles } = found!;
  return userContext(
    {
      userId: user.id,
      email: user.email,
      state: user.state as UserCaller['state'],
      profiles: profilesForCheck(profiles),
    },
    companyId,
    lang,
  ) satisfies RequestContext;
}

/** A GET as a demo account in a company. */
export function getAs(server: TestServer, scenario: Scenario, email: string, company: string, url: string) {
  return server.request({
    method: 'GET',
    url,
    headers: bearer(scenario.tokens[email]!, { 'accept-language': 'en', 'x-current-company': company }),
  });
}

/** The query of a URL's search part, as the route's query schema receives it. */
export const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

/**
 * The SQL statements sent to the database while `run` runs (every query of the driver client the
 * app's drizzle instance uses; the session is cached after a first call, so a call's own reads).
 */
export async function statementsOf(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}
