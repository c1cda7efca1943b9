/** SQL behind the device directory: a device with its product, model and point, by serial. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceStateHistory, devices, firmwares, measurementPoints, models, products } from '../db/schema';

export async function findDevice(db: Db, serial: string) {
  const [row] = await db
    .select({
      id: devices.id,
      serial: devices.serial,
      state: devices.state,
      companyId: devices.companyId,
      keyHash: devices.keyHash,
      productCode: products.code,
      productKeyHash: products.provisioningKeyHash,
      modelId: models.id,
      modelName: models.name,
      ports: models.ports,
      point: measurementPoints,
    })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(models, eq(models.id, devices.modelId))
    .leftJoin(
      measurementPoints,
      and(eq(measurementPoints.id, devices.measurementPointId), isNull(measurementPoints.deletedAt)),
    )
    .where(and(eq(devices.serial, serial), isNull(devices.deletedAt)));
  return row;
}

export function firmwaresOf(db: Db, modelId: string) {
  return db
    .select({ id: firmwares.id, version: firmwares.version })
    .from(firmwares)
    .where(eq(firmwares.modelId, modelId));
}

export async function productExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row !== undefined;
}

export async function modelExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ id: models.id }).from(models).where(eq(models.name, name));
  return row !== undefined;
}

/** Creates an Unconfigured device of the product whose provisioning key hash this is; false if none. */
export async function registerUnconfigured(db: Db, serial: string, keyHash: string): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.provisioningKeyHash, keyHash));
  if (!product) return false;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(devices)
      .values({ serial, productId: product.id, state: 'Unconfigured', location: 'Store' })
      .onConflictDoNothing()
      .returning({ id: devices.id });
    if (created)
      await tx.insert(deviceStateHistory).values({
        deviceId: created.id,
        fromState: null,
        toState: 'Unconfigured',
        reason: 'self-registered with the product provisioning key',
      });
  });
  return true;
}

export async function serialOfDevice(db: Db, deviceId: string): Promise<string | null> {
  const [row] = await db.select({ serial: devices.serial }).from(devices).where(eq(devices.id, deviceId));
  return row?.serial ?? null;
}

export async function serialsAtPoint(db: Db, pointId: string): Promise<string[]> {
  const rows = await db
    .select({ serial: devices.serial })
    .from(devices)
    .where(and(eq(devices.measurementPointId, pointId), isNull(devices.deletedAt)));
  return rows.map((r) => r.serial);
}
