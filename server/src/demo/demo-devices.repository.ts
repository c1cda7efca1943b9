/** SQL of the simulator: the devices installed at a point, with their model, product and point. */
import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { PortType } from '@aforo/contracts/models';
import type { Db } from '../db/client';
import {
  deviceStateHistory,
  devices,
  firmwares,
  measurementPoints,
  measures,
  models,
  products,
} from '../db/schema';

export interface InstalledDevice {
  id: string;
  serial: string;
  state: string;
  productCode: string;
  modelName: string;
  modelPorts: { key: string; type: PortType }[];
  firmware: string | null;
  point: typeof measurementPoints.$inferSelect;
}

export async function findInstalledDevices(db: Db): Promise<InstalledDevice[]> {
  const rows = await db
    .select({
      id: devices.id,
      serial: devices.serial,
      state: devices.state,
      productCode: products.code,
      modelName: models.name,
      modelPorts: models.ports,
      firmware: firmwares.version,
      point: measurementPoints,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(models, eq(models.id, devices.modelId))
    .leftJoin(firmwares, eq(firmwares.id, devices.firmwareId))
    .innerJoin(
      measurementPoints,
      and(eq(measurementPoints.id, devices.measurementPointId), isNull(measurementPoints.deletedAt)),
    )
    .where(and(isNull(devices.deletedAt), isNotNull(devices.measurementPointId)))
    .orderBy(asc(devices.serial));
  return rows.map((r) => ({ ...r, modelPorts: r.modelPorts as InstalledDevice['modelPorts'] }));
}

/** Each device's state changes, oldest first. */
export async function stateHistoryOf(db: Db, deviceIds: string[]) {
  if (deviceIds.length === 0) return [];
  return db
    .select({
      deviceId: deviceStateHistory.deviceId,
      toState: deviceStateHistory.toState,
      at: deviceStateHistory.at,
    })
    .from(deviceStateHistory)
    .where(inArray(deviceStateHistory.deviceId, deviceIds))
    .orderBy(asc(deviceStateHistory.deviceId), asc(deviceStateHistory.at));
}

/** The newest stored measure of each device (where the simulator picks up the series). */
export async function newestMeasureOf(db: Db, deviceIds: string[]): Promise<Map<string, Date>> {
  if (deviceIds.length === 0) return new Map();
  // the simulator catches up at most a day of missed measures: older rows need not be read
  const rows = await db
    .select({ deviceId: measures.deviceId, ts: max(measures.ts) })
    .from(measures)
    .where(and(inArray(measures.deviceId, deviceIds), sql`${measures.ts} > now() - interval '2 days'`))
    .groupBy(measures.deviceId);
  return new Map(rows.flatMap((r) => (r.ts ? [[r.deviceId, r.ts] as const] : [])));
}
