/** SQL for layers and the points they show. Every function takes the request scope first. */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LayerListQuery } from '@aforo/contracts/layers';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { layerPoints, layers } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { livePointIds } from '../../db/company-points';
import { paged } from '../../db/paging';

export type LayerRecord = typeof layers.$inferSelect;
export type LayerRow = LayerRecord & { pointIds: string[] };
export type LayerValues = Pick<LayerRecord, 'name' | 'colour' | 'viewable'>;

const orderColumns = { name: layers.name, created_at: layers.createdAt } as const;

export function createLayersRepository(db: Db) {
  async function withPoints(records: LayerRecord[]): Promise<LayerRow[]> {
    if (records.length === 0) return [];
    const members = await db
      .select({ layerId: layerPoints.layerId, pointId: layerPoints.pointId })
      .from(layerPoints)
      .where(
        inArray(
          layerPoints.layerId,
          records.map((r) => r.id),
        ),
      )
      .orderBy(asc(layerPoints.pointId));
    return records.map((r) => ({
      ...r,
      pointIds: members.filter((m) => m.layerId === r.id).map((m) => m.pointId),
    }));
  }

  return {
    async listInCompany(scope: Scope, query: LayerListQuery) {
      const term = query.search?.trim();
      const where = and(
        inCompany(scope, layers.companyId),
        term ? containsText(layers.name, term) : undefined,
      );
      const column = orderColumns[query.order];
      const base = db
        .select()
        .from(layers)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(layers.id));
      const records = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(layers).where(where);
      return { rows: await withPoints(records), total: total?.n ?? 0 };
    },

    async findInCompany(scope: Scope, id: string): Promise<LayerRow | undefined> {
      const records = await db
        .select()
        .from(layers)
        .where(and(eq(layers.id, id), inCompany(scope, layers.companyId)));
      const [row] = await withPoints(records);
      return row;
    },

    async nameTaken(scope: Scope, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: layers.id })
        .from(layers)
        .where(
          and(
            inCompany(scope, layers.companyId),
            eq(sql`lower(${layers.name})`, name.toLowerCase()),
            exceptId ? ne(layers.id, exceptId) : undefined,
          ),
        );
      return row !== undefined;
    },

    /** The ids among `ids` that are live points of the scope's company. */
    livePointIds: (scope: Scope, ids: string[]): Promise<string[]> => livePointIds(db, scope, ids),

    async insert(companyId: string, values: LayerValues): Promise<string> {
      const [row] = await db
        .insert(layers)
        .values({ ...values, companyId })
        .returning({ id: layers.id });
      return row!.id;
    },

    async update(scope: Scope, id: string, values: LayerValues): Promise<void> {
      await db
        .update(layers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(layers.id, id), inCompany(scope, layers.companyId)));
    },

    /** Replaces the layer's points (the caller has checked they belong to the layer's company). */
    async replacePoints(layerId: string, pointIds: string[]): Promise<void> {
      await db.delete(layerPoints).where(eq(layerPoints.layerId, layerId));
      const unique = [...new Set(pointIds)];
      if (unique.length > 0)
        await db.insert(layerPoints).values(unique.map((pointId) => ({ layerId, pointId })));
    },

    async remove(scope: Scope, id: string): Promise<void> {
      await db.delete(layers).where(and(eq(layers.id, id), inCompany(scope, layers.companyId)));
    },
  };
}
export type LayersRepository = ReturnType<typeof createLayersRepository>;
