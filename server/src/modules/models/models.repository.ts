/** SQL for models and their ports (global reference data: no company scope). */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ModelInput, ModelListQuery, Port } from '@aforo/contracts/models';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { brands, devices, firmwares, models, productModels } from '../../db/schema';
import { paged } from '../../db/paging';

export interface ModelRow {
  id: string;
  brandId: string;
  brandAbbreviation: string;
  name: string;
  ports: Port[];
  devices: number;
  createdAt: Date;
  updatedAt: Date;
}

const orderColumns = { name: models.name, created_at: models.createdAt } as const;

export function createModelsRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const devicesCount = sql<number>`(select count(*)::int from "devices" d where d."model_id" = "models"."id" and d."deleted_at" is null)`;
  const columns = {
    id: models.id,
    brandId: models.brandId,
    brandAbbreviation: brands.abbreviation,
    name: models.name,
    ports: models.ports,
    devices: devicesCount,
    createdAt: models.createdAt,
    updatedAt: models.updatedAt,
  };
  const joined = () => db.select(columns).from(models).innerJoin(brands, eq(brands.id, models.brandId));
  // the contract validated the ports on the way in; jsonb reads back as unknown
  const typed = <R extends { ports: unknown }>(row: R) => ({ ...row, ports: row.ports as Port[] });

  return {
    async list(query: ModelListQuery): Promise<{ rows: ModelRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = and(
        query.brandId ? eq(models.brandId, query.brandId) : undefined,
        term ? containsText(models.name, term) : undefined,
      );
      const column = orderColumns[query.order];
      const base = joined()
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(models.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(models).where(where);
      return { rows: rows.map(typed), total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<ModelRow | undefined> {
      const [row] = await joined().where(eq(models.id, id));
      return row && typed(row);
    },

    async brandExists(brandId: string): Promise<boolean> {
      const rows = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
      return rows.length > 0;
    },

    /** Whether another model of the brand than `exceptId` already uses this name (case-insensitive). */
    async isNameTaken(brandId: string, name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.brandId, brandId), sql`lower(${models.name}) = lower(${name})`));
      return rows.some((r) => r.id !== exceptId);
    },

    /** Whether any device refers to the model, deleted ones included (a restore needs it back). */
    async hasDevices(id: string): Promise<boolean> {
      const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.modelId, id)).limit(1);
      return rows.length > 0;
    },

    /** Whether firmwares or products of the catalogue refer to the model. */
    async isInCatalogue(id: string): Promise<boolean> {
      const [firmware] = await db
        .select({ id: firmwares.id })
        .from(firmwares)
        .where(eq(firmwares.modelId, id))
        .limit(1);
      if (firmware) return true;
      const [product] = await db
        .select({ id: productModels.productId })
        .from(productModels)
        .where(eq(productModels.modelId, id))
        .limit(1);
      return product !== undefined;
    },

    async insert(input: ModelInput): Promise<string> {
      const [row] = await db.insert(models).values(input).returning({ id: models.id });
      return row!.id;
    },

    async update(id: string, input: ModelInput): Promise<void> {
      await db
        .update(models)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(models.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(models).where(eq(models.id, id));
    },
  };
}
export type ModelsRepository = ReturnType<typeof createModelsRepository>;
