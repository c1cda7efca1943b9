/** The one access function, for every kind of caller, on a real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { componentTypes, components, layerPoints, layers } from '../db/schema';
import {
  buildCatalogue,
  buildCompany,
  buildDevice,
  buildPoint,
  buildUser,
  providerCompanyId,
} from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { createAccess, type Access } from './access';
import type { Caller } from './request-context';

/** A signed-in user in a company; the access function reads only the kind, company and staff flag. */
const userCaller = (companyId: string, isGlobal: boolean): Caller => ({
  kind: 'user',
  userId: 'u',
  email: 'u@test.aforo.dev',
  state: 'Active',
  profiles: [],
  roles: [],
  companyId,
  isGlobal,
});

let database: Database;
let access: Access;
const ids = {} as Record<
  | 'a'
  | 'b'
  | 'aPoint'
  | 'aPublic'
  | 'aDeleted'
  | 'bPoint'
  | 'aDevice'
  | 'aStore'
  | 'bDevice'
  | 'stock'
  | 'aLayer',
  string
>;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  access = createAccess(db);
  ids.a = (await buildCompany(db)).id;
  ids.b = (await buildCompany(db)).id;
  ids.aPoint = (await buildPoint(db, ids.a)).id;
  ids.aPublic = (await buildPoint(db, ids.a, { public: true })).id;
  ids.aDeleted = (await buildPoint(db, ids.a, { public: true, deletedAt: new Date() })).id;
  ids.bPoint = (await buildPoint(db, ids.b, { public: true })).id;
  const catalogue = await buildCatalogue(db);
  const device = (values: Parameters<typeof buildDevice>[1]) => buildDevice(db, values).then((d) => d.id);
  const base = { modelId: catalogue.model.id, productId: catalogue.product.id };
  ids.aDevice = await device({ ...base, companyId: ids.a, measurementPointId: ids.aPublic, state: 'Active' });
  ids.aStore = await device({ ...base, companyId: ids.a });
  ids.bDevice = await device({ ...base, companyId: ids.b, measurementPointId: ids.bPoint, state: 'Active' });
  ids.stock = await device({ ...base, companyId: null });
  const [layer] = await db
    .insert(layers)
    .values({ companyId: ids.a, name: 'Ríos', colour: '#1c7ed6' })
    .returning();
  ids.aLayer = layer!.id;
  await db.insert(layerPoints).values({ layerId: ids.aLayer, pointId: ids.aPublic });
});
afterAll(() => database.close());

const allPoints = () => [ids.aPoint, ids.aPublic, ids.aDeleted, ids.bPoint];
const allDevices = () => [ids.aDevice, ids.aStore, ids.bDevice, ids.stock];
const sorted = (set: Set<string>) => [...set].sort();

describe('the one access function', () => {
  it('a company user sees their current company’s points and devices, nothing of another company', async () => {
    const caller: Caller = userCaller(ids.a, false);
    expect(sorted(await access.visiblePoints(caller, allPoints()))).toEqual(
      [ids.aPoint, ids.aPublic, ids.aDeleted].sort(),
    );
    expect(sorted(await access.visibleDevices(caller, allDevices()))).toEqual(
      [ids.aDevice, ids.aStore].sort(),
    );
    await expect(access.assertPoint(caller, ids.bPoint)).rejects.toMatchObject({
      status: 404,
      code: 'POM1000',
    });
    await expect(access.assertDevice(caller, ids.bDevice)).rejects.toMatchObject({
      status: 404,
      code: 'EQ1000',
    });
  });

  it('provider staff see the points of the company they picked, and every device', async () => {
    const caller: Caller = userCaller(ids.b, true);
    expect(sorted(await access.visiblePoints(caller, allPoints()))).toEqual([ids.bPoint]);
    expect(sorted(await access.visibleDevices(caller, allDevices()))).toEqual(allDevices().sort());
  });

  it('an API token sees its company’s points, only those of its layers when restricted', async () => {
    const open: Caller = { kind: 'apiToken', tokenId: 't', companyId: ids.a, layerIds: null };
    expect(sorted(await access.visiblePoints(open, allPoints()))).toEqual(
      [ids.aPoint, ids.aPublic, ids.aDeleted].sort(),
    );
    const layered: Caller = { kind: 'apiToken', tokenId: 't', companyId: ids.a, layerIds: [ids.aLayer] };
    expect(sorted(await access.visiblePoints(layered, allPoints()))).toEqual([ids.aPublic]);
    // devices: those installed at the points it may read, never the store or another company
    expect(sorted(await access.visibleDevices(layered, allDevices()))).toEqual([ids.aDevice]);
    const empty: Caller = { kind: 'apiToken', tokenId: 't', companyId: ids.a, layerIds: [] };
    expect(await access.visiblePoints(empty, allPoints())).toEqual(new Set());
  });

  it('the public dashboard sees only the live points its company marked public, and no device', async () => {
    const caller: Caller = { kind: 'public', companyId: ids.a };
    expect(sorted(await access.visiblePoints(caller, allPoints()))).toEqual([ids.aPublic]);
    expect(await access.visibleDevices(caller, allDevices())).toEqual(new Set());
    // a point in test stays off the public page even when marked public
    const inTest = (await buildPoint(database.db, ids.a, { public: true, test: true })).id;
    expect(await access.visiblePoints(caller, [inTest, ids.aPublic])).toEqual(new Set([ids.aPublic]));
  });

  it('a system caller (jobs, ingestion) sees everything', async () => {
    const caller: Caller = { kind: 'system', reason: 'no-transmission job' };
    expect(sorted(await access.visiblePoints(caller, allPoints()))).toEqual(allPoints().sort());
    expect(sorted(await access.visibleDevices(caller, allDevices()))).toEqual(allDevices().sort());
    await expect(access.assertDevice(caller, ids.stock)).resolves.toBeUndefined();
  });

  it('components through their point, layers by company (and a token’s own), users by profile', async () => {
    const db = database.db;
    const [type] = await db
      .insert(componentTypes)
      .values({
        name: `Tipo ${Date.now()}`,
        magnitude: 'level',
        measureType: 'pressure',
        companyId: await providerCompanyId(db),
      })
      .returning();
    const typeId = type!.id;
    const [atA] = await db
      .insert(components)
      .values({ typeId, serial: `C-${Date.now()}`, state: 'Installed', pointId: ids.aPublic })
      .returning();
    const [stock] = await db
      .insert(components)
      .values({ typeId, serial: `S-${Date.now()}` })
      .returning();
    const userA = await buildUser(db, { companyId: ids.a });
    const aUser: Caller = userCaller(ids.a, false);
    const bUser: Caller = userCaller(ids.b, false);
    const staff: Caller = userCaller(ids.b, true);
    await expect(access.assertComponent(aUser, atA!.id)).resolves.toBeUndefined();
    await expect(access.assertComponent(bUser, atA!.id)).rejects.toMatchObject({
      status: 404,
      code: 'SET1002',
    });
    await expect(access.assertComponent(aUser, stock!.id)).rejects.toMatchObject({ status: 404 });
    await expect(access.assertComponent(staff, stock!.id)).resolves.toBeUndefined();
    await expect(access.assertLayer(aUser, ids.aLayer)).resolves.toBeUndefined();
    await expect(access.assertLayer(bUser, ids.aLayer)).rejects.toMatchObject({ status: 404, code: 'N1000' });
    await expect(
      access.assertLayer({ kind: 'apiToken', tokenId: 't', companyId: ids.a, layerIds: [] }, ids.aLayer),
    ).rejects.toMatchObject({ status: 404 });
    await expect(access.assertUser(aUser, userA.id)).resolves.toBeUndefined();
    await expect(access.assertUser(bUser, userA.id)).rejects.toMatchObject({ status: 404, code: 'U1000' });
    await expect(access.assertUser(staff, userA.id)).resolves.toBeUndefined();
    await expect(access.assertUser({ kind: 'public', companyId: ids.a }, userA.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(access.assertUser({ kind: 'system', reason: 'test' }, userA.id)).resolves.toBeUndefined();
  });

  it('unknown ids are simply not visible', async () => {
    const caller: Caller = { kind: 'system', reason: 'test' };
    expect(await access.visiblePoints(caller, ['00000000-0000-4000-8000-000000000000'])).toEqual(new Set());
    expect(await access.visiblePoints(caller, [])).toEqual(new Set());
  });
});
