/** Lookups of the bulk import: the catalogue by the names people write in a spreadsheet. */
import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, devices, firmwares, models, networks, productModels, products } from '../../db/schema';

export function createDeviceImportRepository(db: Db) {
  return {
    async index() {
      const [modelRows, productRows, allowed, firmwareRows, networkRows, companyRows, deviceRows] =
        await Promise.all([
          db.select({ id: models.id, name: models.name }).from(models),
          db.select({ id: products.id, code: products.code }).from(products),
          db.select().from(productModels),
          db
            .select({ id: firmwares.id, modelId: firmwares.modelId, version: firmwares.version })
            .from(firmwares),
          db.select({ id: networks.id, name: networks.name }).from(networks),
          db
            .select({ id: companies.id, name: companies.businessName })
            .from(companies)
            .where(isNull(companies.deletedAt)),
          db
            .select({ serial: devices.serial, sim: devices.simNumber, deletedAt: devices.deletedAt })
            .from(devices),
        ]);
      const byLower = <T extends { name: string }>(rows: T[]) =>
        new Map(rows.map((r) => [r.name.toLowerCase(), r]));
      return {
        models: byLower(modelRows),
        products: new Map(productRows.map((p) => [p.code.toUpperCase(), p])),
        allowedModels: (productId: string) =>
          allowed.filter((a) => a.productId === productId).map((a) => a.modelId),
        firmwares: new Map(firmwareRows.map((f) => [`${f.modelId}|${f.version}`, f])),
        networks: byLower(networkRows),
        companies: byLower(companyRows),
        serials: new Set(deviceRows.map((d) => d.serial.toLowerCase())),
        sims: new Set(deviceRows.filter((d) => d.sim && !d.deletedAt).map((d) => d.sim!)),
      };
    },
  };
}
export type ImportIndex = Awaited<ReturnType<ReturnType<typeof createDeviceImportRepository>['index']>>;
