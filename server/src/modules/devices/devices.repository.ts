/**
 * SQL for devices and their state history. Company-scoped reads take the request scope first. A list
 * page is one statement: rows, names, transmission status and total (issue 25).
 */
import { aliasedTable, and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceListQuery, DeviceTransmission } from '@aforo/contracts/devices';
import { transmissionOf } from '../../alerting/transmission-status.repository';
import type { Db } from '../../db/client';
import { lockDeviceExclusively } from '../../db/device-lock';
import { containsText, equalsIgnoringCase } from '../../db/search';
import {
  companies,
  components,
  componentTypes,
  devices,
  deviceStateHistory,
  firmwares,
  measurementPoints,
  models,
  networks,
  productModels,
  products,
  users,
} from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { paged } from '../../db/paging';

export type DeviceRecord = typeof devices.$inferSelect;
export type DeviceRow = DeviceRecord & {
  modelName: string | null;
  productCode: string | null;
  firmwareVersion: string | null;
  networkName: string | null;
  companyName: string | null;
  pointName: string | null;
  updatedByEmail: string | null;
  transmission: DeviceTransmission | null;
};
export type DeviceValues = Partial<Omit<DeviceRecord, 'id' | 'createdAt'>>;

const orderColumns = {
  serial: devices.serial,
  state: devices.state,
  created_at: devices.createdAt,
  updated_at: devices.updatedAt,
  last_seen_at: devices.lastSeenAt,
} as const;

export function createDevicesRepository(db: Db) {
  const updater = aliasedTable(users, 'updater');
  const select = (transmission = transmissionOf(devices.id, new Date())) =>
    db
      .select({
        device: devices,
        modelName: models.name,
        productCode: products.code,
        firmwareVersion: firmwares.version,
        networkName: networks.name,
        companyName: companies.businessName,
        pointName: measurementPoints.name,
        updatedByEmail: updater.email,
        transmission,
        // a list's total in its own statement (issue 25); PostgreSQL decorates only the rows it returns
        total: sql<number>`count(*) over ()`,
      })
      .from(devices)
      .leftJoin(models, eq(models.id, devices.modelId))
      .leftJoin(products, eq(products.id, devices.productId))
      .leftJoin(firmwares, eq(firmwares.id, devices.firmwareId))
      .leftJoin(networks, eq(networks.id, devices.networkId))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, devices.measurementPointId))
      .leftJoin(updater, eq(updater.id, devices.updatedBy));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const flatten = ({ device, total: _total, ...names }: Joined): DeviceRow => ({ ...device, ...names });

  async function list(where: SQL | undefined, query: DeviceListQuery) {
    const term = query.search?.trim();
    const transmission = transmissionOf(devices.id, new Date());
    const all = and(
      where,
      query.showDeleted ? undefined : isNull(devices.deletedAt),
      query.state ? eq(devices.state, query.state) : undefined,
      query.transmission ? eq(transmission, query.transmission) : undefined,
      term ? or(containsText(devices.serial, term), containsText(devices.simNumber, term)) : undefined,
    );
    const column = orderColumns[query.order];
    const base = select(transmission)
      .where(all)
      .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(devices.id));
    const rows = await paged(base.$dynamic(), query);
    // a page past the end has no row to carry the total: count apart
    const total =
      rows[0]?.total ??
      (query.page > 1 && query.length !== -1
        ? ((await db.select({ n: count() }).from(devices).where(all))[0]?.n ?? 0)
        : 0);
    return { rows: rows.map(flatten), total };
  }

  return {
    listInCompany: (scope: Scope, query: DeviceListQuery) => list(inCompany(scope, devices.companyId), query),
    /** Provider staff: every device, stock without company included. */
    listAcrossCompanies: (query: DeviceListQuery) => list(undefined, query),

    async findInCompany(scope: Scope, id: string): Promise<DeviceRow | undefined> {
      const [row] = await select().where(and(eq(devices.id, id), inCompany(scope, devices.companyId)));
      return row && flatten(row);
    },

    async findAcrossCompanies(id: string): Promise<DeviceRow | undefined> {
      const [row] = await select().where(eq(devices.id, id));
      return row && flatten(row);
    },

    async serialTaken(serial: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(equalsIgnoringCase(devices.serial, serial));
      return row !== undefined && row.id !== exceptId;
    },

    async simTaken(sim: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.simNumber, sim), isNull(devices.deletedAt)));
      return rows.some((r) => r.id !== exceptId);
    },

    async insert(values: DeviceValues & { serial: string }): Promise<string> {
      const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
      return row!.id;
    },

    async update(id: string, values: DeviceValues): Promise<void> {
      await db
        .update(devices)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(devices.id, id));
    },

    async hasComponents(deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: components.id })
        .from(components)
        .where(eq(components.deviceId, deviceId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes the device's exclusive lock (db/device-lock.ts) and its row until the transaction ends:
     * an ingestion batch writing the device's measures holds the shared lock, so the delete waits for
     * it to commit (then sees its measures), and a later batch waits for the delete (then finds no device).
     */
    async lock(id: string): Promise<void> {
      await lockDeviceExclusively(db, id);
      await db.execute(sql`select id from devices where id = ${id} for update`);
    },

    /** Any measure of the device; the primary key (device_id, port, ts) of each partition answers it. */
    async hasMeasures(deviceId: string): Promise<boolean> {
      const result = await db.execute(
        sql`select exists (select 1 from measures where device_id = ${deviceId}) as found`,
      );
      return (result as unknown as { rows: [{ found: boolean }] }).rows[0].found;
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(devices).where(eq(devices.id, id));
    },

    async recordState(change: {
      deviceId: string;
      fromState: string | null;
      toState: string;
      byUserId: string | null;
      pointId: string | null;
      reason: string | null;
    }): Promise<void> {
      await db.insert(deviceStateHistory).values(change);
    },

    async stateHistory(deviceId: string) {
      return db
        .select({
          id: deviceStateHistory.id,
          fromState: deviceStateHistory.fromState,
          toState: deviceStateHistory.toState,
          at: deviceStateHistory.at,
          byId: deviceStateHistory.byUserId,
          byEmail: users.email,
          pointId: deviceStateHistory.pointId,
          pointName: measurementPoints.name,
          reason: deviceStateHistory.reason,
        })
        .from(deviceStateHistory)
        .leftJoin(users, eq(users.id, deviceStateHistory.byUserId))
        .leftJoin(measurementPoints, eq(measurementPoints.id, deviceStateHistory.pointId))
        .where(eq(deviceStateHistory.deviceId, deviceId))
        .orderBy(desc(deviceStateHistory.at), desc(deviceStateHistory.id));
    },

    /** A live point of the scope's company, for the install wizard. */
    async pointInCompany(scope: Scope, pointId: string) {
      const [row] = await db
        .select({
          id: measurementPoints.id,
          companyId: measurementPoints.companyId,
          parameters: measurementPoints.parameters,
        })
        .from(measurementPoints)
        .where(
          and(
            eq(measurementPoints.id, pointId),
            inCompany(scope, measurementPoints.companyId),
            isNull(measurementPoints.deletedAt),
          ),
        );
      return row;
    },

    /** Which referenced catalogue items are missing, and whether the firmware belongs to the model. */
    async checkReferences(input: {
      modelId: string;
      productId: string;
      firmwareId: string | null;
      networkId: string | null;
    }) {
      const [model] = await db.select({ id: models.id }).from(models).where(eq(models.id, input.modelId));
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, input.productId));
      const [firmware] = input.firmwareId
        ? await db
            .select({ modelId: firmwares.modelId })
            .from(firmwares)
            .where(eq(firmwares.id, input.firmwareId))
        : [undefined];
      const [network] = input.networkId
        ? await db.select({ id: networks.id }).from(networks).where(eq(networks.id, input.networkId))
        : [undefined];
      // a product built on a list of models accepts only those
      const allowed = await db
        .select({ modelId: productModels.modelId })
        .from(productModels)
        .where(eq(productModels.productId, input.productId));
      const modelFitsProduct = allowed.length === 0 || allowed.some((a) => a.modelId === input.modelId);
      return {
        missing: [
          ...(model && modelFitsProduct ? [] : ['modelId']),
          ...(product ? [] : ['productId']),
          ...(input.firmwareId && !firmware ? ['firmwareId'] : []),
          ...(input.networkId && !network ? ['networkId'] : []),
        ],
        firmwareFitsModel: !firmware || firmware.modelId === input.modelId,
      };
    },

    /** Components leave their point with the device (they stay fitted to it, ready for the next install). */
    async uninstallComponents(deviceId: string): Promise<number> {
      const rows = await db
        .update(components)
        .set({ state: 'Inactive', pointId: null, updatedAt: new Date() })
        .where(and(eq(components.deviceId, deviceId), eq(components.state, 'Installed')))
        .returning({ id: components.id });
      return rows.length;
    },

    /** Another live device already at the point. */
    async otherDeviceAt(pointId: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.measurementPointId, pointId), isNull(devices.deletedAt)));
      return rows.some((r) => r.id !== exceptId);
    },

    /** The port keys of a model (e.g. ai1, p1). */
    async portKeys(modelId: string): Promise<string[]> {
      const [row] = await db.select({ ports: models.ports }).from(models).where(eq(models.id, modelId));
      return ((row?.ports ?? []) as Array<{ key: string }>).map((p) => p.key);
    },

    /** Components fitted to the device whose type is disabled (they block an install). */
    async disabledComponentTypes(deviceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(components)
        .innerJoin(componentTypes, eq(componentTypes.id, components.typeId))
        .where(and(eq(components.deviceId, deviceId), eq(componentTypes.enabled, false)));
      return row?.n ?? 0;
    },

    async companyExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
      return row !== undefined;
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
