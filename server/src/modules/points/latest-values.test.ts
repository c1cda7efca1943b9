import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@aforo/contracts/roles';
import { userCaller, type RequestContext } from '../../core/request-context';
import { ForbiddenError } from '../../core/errors';
import { measurementPoints, seriesLatest } from '../../db/schema';
import { buildCompany, buildPoint } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createLatestValuesService } from './latest-values.service';

let server: TestServer;
let companyA: string;
let companyB: string;
const pointsA: string[] = [];
let deletedA: string;

const contextOf = (companyId: string, roles: Role[]): RequestContext => {
  const userId = randomUUID();
  return {
    userId,
    email: 'latest@test.aforo.dev',
    state: 'Active',
    profiles: [{ companyId, state: 'Active', roles }],
    companyId,
    isGlobal: false,
    roles,
    lang: 'en',
    caller: userCaller({ userId, companyId, isGlobal: false }),
  };
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
    const service = createLatestValuesService(server.database.db);
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
    const service = createLatestValuesService(server.database.db);
    const { items } = await service.list(contextOf(companyB, ['ROLE_ADMIN_CLIENTE']));
    expect(items.map((i) => i.value)).toEqual([3]);
    expect(items.some((i) => pointsA.includes(i.pointId))).toBe(false);
  });

  it('is refused to spectators (monitoring.read)', async () => {
    const service = createLatestValuesService(server.database.db);
    await expect(service.list(contextOf(companyA, ['ROLE_SPECTATOR']))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});
