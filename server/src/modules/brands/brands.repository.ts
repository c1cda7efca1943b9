/** SQL for brands (global reference data: no company scope). */
import { asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { BrandInput, BrandListQuery } from '@aforo/contracts/brands';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { brands } from '../../db/schema';
import { paged } from '../../db/paging';

export type BrandRow = typeof brands.$inferSelect & { models: number };

const orderColumns = { abbreviation: brands.abbreviation, created_at: brands.createdAt } as const;

export function createBrandsRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const modelsCount = sql<number>`(select count(*)::int from "models" m where m."brand_id" = "brands"."id")`;
  const columns = {
    id: brands.id,
    abbreviation: brands.abbreviation,
    description: brands.description,
    createdAt: brands.createdAt,
    updatedAt: brands.updatedAt,
    models: modelsCount,
  };

  return {
    async list(query: BrandListQuery): Promise<{ rows: BrandRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term
        ? or(containsText(brands.abbreviation, term), containsText(brands.description, term))
        : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(brands)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(brands.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(brands).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<BrandRow | undefined> {
      const [row] = await db.select(columns).from(brands).where(eq(brands.id, id));
      return row;
    },

    /** Whether another brand than `exceptId` already uses this abbreviation (case-insensitive). */
    async isAbbreviationTaken(abbreviation: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: brands.id })
        .from(brands)
        .where(sql`lower(${brands.abbreviation}) = lower(${abbreviation})`);
      return rows.some((r) => r.id !== exceptId);
    },

    async insert(input: BrandInput): Promise<string> {
      const [row] = await db.insert(brands).values(input).returning({ id: brands.id });
      return row!.id;
    },

    async update(id: string, input: BrandInput): Promise<void> {
      await db
        .update(brands)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(brands.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(brands).where(eq(brands.id, id));
    },
  };
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
