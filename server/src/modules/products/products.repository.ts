/** SQL for products and the models each may be built on (global reference data: no company scope). */
import { asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProductInput, ProductListQuery } from '@aforo/contracts/products';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, models, productModels, products } from '../../db/schema';
import { paged } from '../../db/paging';

export type ProductRow = typeof products.$inferSelect & {
  models: { id: string; name: string }[];
  devices: number;
};

const orderColumns = { code: products.code, name: products.name, created_at: products.createdAt } as const;

export function createProductsRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subqueries are spelled out
  const modelList = sql<
    { id: string; name: string }[]
  >`(select coalesce(json_agg(json_build_object('id', m."id", 'name', m."name") order by m."name", m."id"), '[]'::json) from "product_models" pm join "models" m on m."id" = pm."model_id" where pm."product_id" = "products"."id")`;
  const devicesCount = sql<number>`(select count(*)::int from "devices" d where d."product_id" = "products"."id" and d."deleted_at" is null)`;
  const columns = {
    id: products.id,
    code: products.code,
    name: products.name,
    provisioningKeyHash: products.provisioningKeyHash,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    models: modelList,
    devices: devicesCount,
  };

  async function setModels(productId: string, modelIds: string[]): Promise<void> {
    await db.delete(productModels).where(eq(productModels.productId, productId));
    const unique = [...new Set(modelIds)];
    if (unique.length > 0)
      await db.insert(productModels).values(unique.map((modelId) => ({ productId, modelId })));
  }

  return {
    async list(query: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term
        ? or(containsText(products.code, term), containsText(products.name, term))
        : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(products)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(products.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(products).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select(columns).from(products).where(eq(products.id, id));
      return row;
    },

    /** The ids among `ids` that name no model. */
    async missingModels(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db.select({ id: models.id }).from(models).where(inArray(models.id, ids));
      const known = new Set(found.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Whether another product than `exceptId` already uses this code (codes are stored upper-case). */
    async isCodeTaken(code: string, exceptId?: string): Promise<boolean> {
      const rows = await db.select({ id: products.id }).from(products).where(eq(products.code, code));
      return rows.some((r) => r.id !== exceptId);
    },

    /** Whether any device refers to the product, deleted ones included (a restore needs it back). */
    async hasDevices(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.productId, id))
        .limit(1);
      return rows.length > 0;
    },

    async insert(input: ProductInput): Promise<string> {
      const [row] = await db
        .insert(products)
        .values({ code: input.code, name: input.name })
        .returning({ id: products.id });
      await setModels(row!.id, input.modelIds);
      return row!.id;
    },

    /** Updates the product and replaces its list of allowed models. */
    async update(id: string, input: ProductInput): Promise<void> {
      await db
        .update(products)
        .set({ code: input.code, name: input.name, updatedAt: new Date() })
        .where(eq(products.id, id));
      await setModels(id, input.modelIds);
    },

    /** Stores the sha256 of a new provisioning key, or null to turn self-registration off. */
    async setProvisioningKeyHash(id: string, hash: string | null): Promise<void> {
      await db
        .update(products)
        .set({ provisioningKeyHash: hash, updatedAt: new Date() })
        .where(eq(products.id, id));
    },

    /** Its product_models rows go with it (on delete cascade). */
    async remove(id: string): Promise<void> {
      await db.delete(products).where(eq(products.id, id));
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
