/**
 * One door for every caller: the same service methods (points.service.ts `get`, point-series.service.ts
 * `get`) answer a user, the system, an API token and the public dashboard, and the one access function
 * (core/access.ts) decides for each which points exist. Tokens and the public read only (core/rights.ts):
 * every write through the same methods is 403 for them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointListQuerySchema } from '@aforo/contracts/points';
import { pointInputSchema } from '@aforo/contracts/points';
import { createDeps } from '../../app';
import { TokenService } from '../../auth/jwt';
import type { Deps } from '../../deps';
import { AppError, ForbiddenError, NotFoundError } from '../../core/errors';
import {
  callerContext,
  publicContext,
  systemContext,
  userContext,
  type RequestContext,
} from '../../core/request-context';
import { layerPoints, layers, measurementPoints, pointFavourites } from '../../db/schema';
import { createEventBus } from '../../events/event-bus';
import { buildCompany, buildPoint, buildUser } from '../../test/factories';
import { silentLog } from '../../test/ingest-harness';
import { openTestDatabase } from '../../test/test-database';
import { testSecret } from '../../test/test-server';
import { createPointSeriesService } from './point-series.service';
import { createPointsService } from './points.service';

let deps: Deps;
const ids = {} as Record<
  'a' | 'b' | 'user' | 'aPoint' | 'aPublic' | 'aTest' | 'aLayered' | 'bPoint' | 'layer' | 'otherLayer',
  string
>;

beforeAll(async () => {
  const database = await openTestDatabase();
  deps = createDeps(
    { database, tokens: new TokenService(testSecret), events: createEventBus({ log: silentLog }) },
    silentLog,
  );
  const db = database.db;
  ids.a = (await buildCompany(db)).id;
  ids.b = (await buildCompany(db)).id;
  ids.user = (await buildUser(db, { companyId: ids.a, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
  ids.aPoint = (await buildPoint(db, ids.a)).id;
  ids.aPublic = (await buildPoint(db, ids.a, { public: true })).id;
  // marked public but in test: the public page never shows it
  ids.aTest = (await buildPoint(db, ids.a, { public: true, test: true })).id;
  ids.aLayered = (await buildPoint(db, ids.a)).id;
  ids.bPoint = (await buildPoint(db, ids.b, { public: true })).id;
  const layer = async (name: string, pointId: string) => {
    const [row] = await db.insert(layers).values({ companyId: ids.a, name, colour: '#1c7ed6' }).returning();
    await db.insert(layerPoints).values({ layerId: row!.id, pointId });
    return row!.id;
  };
  ids.layer = await layer('Ríos', ids.aLayered);
  ids.otherLayer = await layer('Pozos', ids.aPublic);
});
afterAll(async () => {
  await deps?.streamHub.close();
  await deps?.database.close();
});

const token = (companyId: string, layerIds: string[] | null, current = companyId): RequestContext =>
  callerContext({ kind: 'apiToken', tokenId: 't', companyId, layerIds }, current, 'en');
const userOfA = (): RequestContext =>
  userContext(
    {
      userId: ids.user,
      email: 'admin@test.aforo.dev',
      state: 'Active',
      profiles: [{ companyId: ids.a, state: 'Active', roles: ['ROLE_ADMIN_CLIENTE'] }],
    },
    ids.a,
    'en',
  );

/** 'read', or the error code the call failed with. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'read';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
}

const pointNames = ['aPoint', 'aPublic', 'aTest', 'aLayered', 'bPoint'] as const;
const hidden = '404 POM1000';

/** For each caller, what both reads of each point answer (a point and its chart through one door). */
const cases: Array<[string, () => RequestContext, Record<(typeof pointNames)[number], string>]> = [
  [
    'a user of company A (for comparison)',
    userOfA,
    { aPoint: 'read', aPublic: 'read', aTest: 'read', aLayered: 'read', bPoint: hidden },
  ],
  [
    'the system in company A',
    () => systemContext('test', ids.a),
    { aPoint: 'read', aPublic: 'read', aTest: 'read', aLayered: 'read', bPoint: hidden },
  ],
  [
    'the system in company B',
    () => systemContext('test', ids.b),
    { aPoint: hidden, aPublic: hidden, aTest: hidden, aLayered: hidden, bPoint: 'read' },
  ],
  [
    'a token of company A over every layer',
    () => token(ids.a, null),
    { aPoint: 'read', aPublic: 'read', aTest: 'read', aLayered: 'read', bPoint: hidden },
  ],
  [
    'a token of company A restricted to the layer holding aLayered',
    () => token(ids.a, [ids.layer]),
    { aPoint: hidden, aPublic: hidden, aTest: hidden, aLayered: 'read', bPoint: hidden },
  ],
  [
    'a token of company A restricted to a layer not holding aLayered',
    () => token(ids.a, [ids.otherLayer]),
    { aPoint: hidden, aPublic: 'read', aTest: hidden, aLayered: hidden, bPoint: hidden },
  ],
  [
    'a token of company A restricted to no layer',
    () => token(ids.a, []),
    { aPoint: hidden, aPublic: hidden, aTest: hidden, aLayered: hidden, bPoint: hidden },
  ],
  [
    'a token of company B',
    () => token(ids.b, null),
    { aPoint: hidden, aPublic: hidden, aTest: hidden, aLayered: hidden, bPoint: 'read' },
  ],
  [
    // the access function answers for the caller, not the call's company: B's token never reaches A
    'a token of company B on a call about company A',
    () => token(ids.b, null, ids.a),
    { aPoint: hidden, aPublic: hidden, aTest: hidden, aLayered: hidden, bPoint: hidden },
  ],
  [
    'the public dashboard of company A',
    () => publicContext(ids.a, 'en'),
    { aPoint: hidden, aPublic: 'read', aTest: hidden, aLayered: hidden, bPoint: hidden },
  ],
];

describe('one door for every caller: reading a point', () => {
  for (const [who, ctx, expected] of cases) {
    it(`${who}: points.get and the point's chart`, async () => {
      const points = createPointsService(deps);
      const series = createPointSeriesService(deps);
      const to = new Date();
      const query = { from: new Date(to.getTime() - 86_400_000), to, buckets: 1000 };
      const got: Record<string, string> = {};
      const charted: Record<string, string> = {};
      for (const name of pointNames) {
        got[name] = await outcome(points.get(ctx(), ids[name]));
        charted[name] = await outcome(series.get(ctx(), ids[name], query));
      }
      expect(got).toEqual(expected);
      expect(charted).toEqual(expected);
    });

    it(`${who}: points.list shows exactly what points.get reads`, async () => {
      const listed = new Set(
        (await createPointsService(deps).list(ctx(), pointListQuerySchema.parse({ length: -1 }))).rows.map(
          (p) => p.id,
        ),
      );
      const shown = Object.fromEntries(pointNames.map((n) => [n, listed.has(ids[n]) ? 'read' : hidden]));
      expect(shown).toEqual(expected);
    });
  }

  it('what is read is the point asked for, whoever reads it', async () => {
    const points = createPointsService(deps);
    for (const ctx of [systemContext('test', ids.a), token(ids.a, [ids.layer]), userOfA()])
      expect(await points.get(ctx, ids.aLayered)).toMatchObject({ id: ids.aLayered, companyId: ids.a });
    await expect(points.get(token(ids.a, [ids.otherLayer]), ids.aLayered)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('one door for every caller: writing a point', () => {
  const input = (name: string) =>
    pointInputSchema.parse({
      name,
      latitude: 40,
      longitude: -1,
      kind: 'well',
      measureTime: 900,
      transmissionTime: 3600,
    });

  it('an API token or the public may not write, even a point they read (403)', async () => {
    const points = createPointsService(deps);
    for (const ctx of [token(ids.a, null), token(ids.a, [ids.layer]), publicContext(ids.a, 'en')]) {
      const pointId = ctx.caller.kind === 'public' ? ids.aPublic : ids.aLayered;
      expect(await points.get(ctx, pointId)).toMatchObject({ id: pointId });
      // thunks: a refused right may throw before any promise exists
      const writes: Array<() => Promise<unknown>> = [
        () => points.update(ctx, pointId, input('Escrito por un token')),
        () => points.create(ctx, input('Escrito por un token')),
        () => points.remove(ctx, pointId),
        () => points.restore(ctx, pointId),
        () => points.setFavourite(ctx, pointId, true),
      ];
      for (const write of writes)
        await expect((async () => write())()).rejects.toBeInstanceOf(ForbiddenError);
    }
    // nothing changed: no point renamed or added, no favourite
    const db = deps.db;
    const written = await db
      .select()
      .from(measurementPoints)
      .where(eq(measurementPoints.name, 'Escrito por un token'));
    expect(written).toEqual([]);
    const favourites = await db
      .select()
      .from(pointFavourites)
      .where(eq(pointFavourites.pointId, ids.aLayered));
    expect(favourites).toEqual([]);
    const [point] = await db.select().from(measurementPoints).where(eq(measurementPoints.id, ids.aLayered));
    expect(point).toMatchObject({ kind: 'river', deletedAt: null });
  });

  it('a user of the company writes through the same methods (for comparison)', async () => {
    const points = createPointsService(deps);
    expect(await points.setFavourite(userOfA(), ids.aPoint, true)).toEqual({ ok: true });
    const favourites = await deps.db
      .select()
      .from(pointFavourites)
      .where(and(eq(pointFavourites.userId, ids.user), eq(pointFavourites.pointId, ids.aPoint)));
    expect(favourites).toHaveLength(1);
    expect(await points.update(userOfA(), ids.aPoint, input('Cambiado'))).toMatchObject({ name: 'Cambiado' });
  });
});
