import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@aforo/contracts/roles';
import { userContext, type RequestContext } from '../../core/request-context';
import { ForbiddenError } from '../../core/errors';
import { measurementPoints, seriesLatest } from '../../db/schema';
import { buildCompany, buildPoint } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { LatestValue } from '@aforo/contracts/latest-values';
import { createEventBus, type EventBus } from '../../events/event-bus';
import { silentLog } from '../../test/ingest-harness';
import { createLatestValuesCache, type LatestValuesCache } from './latest-values.cache';
import { createLatestValuesService } from './latest-values.service';

let server: TestServer;
let companyA: string;
let companyB: string;
const pointsA: string[] = [];
let deletedA: string;

const contextOf = (companyId: string, roles: Role[]): RequestContext => {
  const userId = randomUUID();
  return userContext(
    {
      userId,
      email: 'latest@test.aforo.dev',
      state: 'Active',
      profiles: [{ companyId, state: 'Active', roles }],
    },
    companyId,
    'en',
  );
};

const latestRow = (pointId: string, port: string, value: number | null, level = 'OK') => ({
  pointId,
  port,
  deviceId: randomUUID(),
  ts: new Date('2026-03-01T10:00:00Z'),
  direct: value ?? 0,
  interpreted: value,
  flag: value === null ? 4 : 1,
  alertLevel: level,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  companyA = (await buildCompany(db)).id;
  companyB = (await buildCompany(db)).id;
  for (let i = 0; i < 3; i++) pointsA.push((await buildPoint(db, companyA)).id);
  deletedA = (await buildPoint(db, companyA)).id;
  const pointB = (await buildPoint(db, companyB)).id;
  await db
    .insert(seriesLatest)
    .values([
      latestRow(pointsA[0]!, 'ai1', 2.5, 'WARNING'),
      latestRow(pointsA[0]!, 'ai2', null),
      latestRow(pointsA[1]!, 'ai1', 7.25, 'DANGER'),
      latestRow(deletedA, 'ai1', 1),
      latestRow(pointB, 'ai1', 3),
    ]);
  await db.update(measurementPoints).set({ deletedAt: new Date() }).where(eq(measurementPoints.id, deletedA));
});
afterAll(() => server.close());

describe('latest values of a company', () => {
  it("lists each series of the company's live points with value, time, flag and level", async () => {
    const service = createLatestValuesService(server.database);
    const { items, truncated } = await service.list(contextOf(companyA, ['ROLE_USER']));
    expect(truncated).toBe(false);
    const sorted = [...items].sort((a, b) => (a.pointId + a.port).localeCompare(b.pointId + b.port));
    expect(sorted).toEqual(
      [
        { pointId: pointsA[0]!, port: 'ai1', value: 2.5, flag: 1, level: 'WARNING' },
        { pointId: pointsA[0]!, port: 'ai2', value: null, flag: 4, level: 'OK' },
        { pointId: pointsA[1]!, port: 'ai1', value: 7.25, flag: 1, level: 'DANGER' },
      ]
        .map((r) => ({ ...r, ts: '2026-03-01T10:00:00.000Z' }))
        .sort((a, b) => (a.pointId + a.port).localeCompare(b.pointId + b.port)),
    );
  });

  it("never returns another company's series", async () => {
    const service = createLatestValuesService(server.database);
    const { items } = await service.list(contextOf(companyB, ['ROLE_ADMIN_CLIENTE']));
    expect(items.map((i) => i.value)).toEqual([3]);
    expect(items.some((i) => pointsA.includes(i.pointId))).toBe(false);
  });

  it('is refused to spectators (monitoring.read)', async () => {
    const service = createLatestValuesService(server.database);
    await expect(service.list(contextOf(companyA, ['ROLE_SPECTATOR']))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});

describe('latest values from the cache kept current by events', () => {
  let bus: EventBus;
  let cache: LatestValuesCache<LatestValue>;
  let service: ReturnType<typeof createLatestValuesService>;
  const db = () => server.database.db;
  const valueOf = async (companyId: string, pointId: string, port = 'ai1') =>
    (await service.list(contextOf(companyId, ['ROLE_USER']))).items.find(
      (i) => i.pointId === pointId && i.port === port,
    )?.value;
  const setValue = (pointId: string, value: number) =>
    db()
      .update(seriesLatest)
      .set({ interpreted: value, ts: new Date() })
      .where(eq(seriesLatest.pointId, pointId));

  beforeAll(() => {
    bus = createEventBus({ log: silentLog });
    cache = createLatestValuesCache<LatestValue>({ events: bus });
    service = createLatestValuesService({ db: db() }, { cache });
  });
  afterAll(async () => {
    cache.close();
    await bus.close();
  });

  it('answers as the database does, and the same for a second call', async () => {
    const direct = await createLatestValuesService({ db: db() }).list(contextOf(companyA, ['ROLE_USER']));
    const sortKey = (i: LatestValue) => i.pointId + i.port;
    const sorted = (items: LatestValue[]) => [...items].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const first = await service.list(contextOf(companyA, ['ROLE_USER']));
    expect(sorted(first.items)).toEqual(sorted(direct.items));
    expect(sorted((await service.list(contextOf(companyA, ['ROLE_USER']))).items)).toEqual(
      sorted(direct.items),
    );
  });

  it('a change announced by series.changed is read; one no event announced is not (until the full read)', async () => {
    expect(await valueOf(companyA, pointsA[1]!)).toBe(7.25);
    await setValue(pointsA[1]!, 8.5);
    // nothing announced it: the cache still answers the old value (this is what the events are for)
    expect(await valueOf(companyA, pointsA[1]!)).toBe(7.25);
    bus.publish('series.changed', { pointIds: [pointsA[1]!] });
    await bus.idle();
    expect(await valueOf(companyA, pointsA[1]!)).toBe(8.5);
  });

  it('colours changed by alert.changed, and a point deleted or its first value by point/series events', async () => {
    await db()
      .update(seriesLatest)
      .set({ alertLevel: 'DANGER' })
      .where(eq(seriesLatest.pointId, pointsA[0]!));
    bus.publish('alert.changed', { alertId: randomUUID(), pointId: pointsA[0]! });
    await bus.idle();
    const items = (await service.list(contextOf(companyA, ['ROLE_USER']))).items;
    expect(items.filter((i) => i.pointId === pointsA[0]).map((i) => i.level)).toEqual(['DANGER', 'DANGER']);
    // a point with no values yet gets its first one
    await db()
      .insert(seriesLatest)
      .values(latestRow(pointsA[2]!, 'ai1', 4.5));
    bus.publish('series.changed', { pointIds: [pointsA[2]!] });
    await bus.idle();
    expect(await valueOf(companyA, pointsA[2]!)).toBe(4.5);
    // and is deleted
    await db()
      .update(measurementPoints)
      .set({ deletedAt: new Date() })
      .where(eq(measurementPoints.id, pointsA[2]!));
    bus.publish('point.changed', { pointId: pointsA[2]! });
    await bus.idle();
    expect(await valueOf(companyA, pointsA[2]!)).toBeUndefined();
  });

  it("keeps companies apart: B's changes never show in A, nor A's in B", async () => {
    const bPoints = (await service.list(contextOf(companyB, ['ROLE_USER']))).items.map((i) => i.pointId);
    expect(bPoints).toHaveLength(1);
    await setValue(bPoints[0]!, 9);
    bus.publish('series.changed', { pointIds: [bPoints[0]!, 'not-a-uuid'] });
    await bus.idle();
    const a = (await service.list(contextOf(companyA, ['ROLE_USER']))).items;
    expect(a.some((i) => i.pointId === bPoints[0])).toBe(false);
    expect(await valueOf(companyB, bPoints[0]!)).toBe(9);
    expect(
      (await service.list(contextOf(companyB, ['ROLE_USER']))).items.some((i) => pointsA.includes(i.pointId)),
    ).toBe(false);
  });

  it('a lost bus connection drops what it holds; a full read after fullReadMs catches what no event said', async () => {
    let resync = () => undefined as void;
    const events = {
      on: bus.on,
      onResync: (handler: () => void) => {
        resync = handler;
        return () => undefined;
      },
    };
    const own = createLatestValuesCache<LatestValue>({ events });
    const viaOwn = createLatestValuesService({ db: db() }, { cache: own });
    const read = async () =>
      (await viaOwn.list(contextOf(companyA, ['ROLE_USER']))).items.find((i) => i.pointId === pointsA[1])
        ?.value;
    await setValue(pointsA[1]!, 6.75);
    expect(await read()).toBe(6.75);
    await setValue(pointsA[1]!, 5.5);
    expect(await read()).toBe(6.75);
    // after a reconnection the bus may have missed announcements: everything is read again
    resync();
    expect(await read()).toBe(5.5);
    own.close();

    const everyCall = createLatestValuesCache<LatestValue>({ events: bus, fullReadMs: 0 });
    const viaEveryCall = createLatestValuesService({ db: db() }, { cache: everyCall });
    await viaEveryCall.list(contextOf(companyA, ['ROLE_USER']));
    await setValue(pointsA[1]!, 4.25);
    const items = (await viaEveryCall.list(contextOf(companyA, ['ROLE_USER']))).items;
    expect(items.find((i) => i.pointId === pointsA[1])?.value).toBe(4.25);
    everyCall.close();
  });
});
