/** SQL for measurement points and favourites. Every function takes the request scope first. */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PointListQuery } from '@aforo/contracts/points';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, layerPoints, layers, measurementPoints, models, pointFavourites } from '../../db/schema';
import { pointCondition } from '../../core/access.repository';
import type { Caller } from '../../core/request-context';
import { inCompany, nobody, type Scope, type Viewer } from '../../db/scope';
import { paged } from '../../db/paging';
import type { PointLatest, PointLevel } from '@aforo/contracts/point-state';
import { statesOfPoints } from '../monitoring/point-state.repository';

export type PointRecord = typeof measurementPoints.$inferSelect;
export type PointValues = Partial<Omit<PointRecord, 'id' | 'createdAt'>>;
export interface PointDevice {
  id: string;
  serial: string;
  state: string;
}
export interface PointLayer {
  id: string;
  name: string;
  colour: string;
}
/** A point with what the caller sees around it: favourite flag, installed device, layers, state. */
export type PointRow = PointRecord & {
  favorite: boolean;
  device: PointDevice | null;
  layers: PointLayer[];
  latest: PointLatest | null;
  level: PointLevel;
};

const orderColumns = {
  name: measurementPoints.name,
  kind: measurementPoints.kind,
  created_at: measurementPoints.createdAt,
} as const;

/** A device still registered (not deleted) counts as attached to its point. */
const attachedTo = (pointIds: string[]) =>
  and(inArray(devices.measurementPointId, pointIds), isNull(devices.deletedAt));

export function createPointsRepository(db: Db) {
  /** Favourite flag, installed device, layers and state for a page of points (of one company). */
  async function decorate(userId: string, records: PointRecord[]): Promise<PointRow[]> {
    if (records.length === 0) return [];
    const ids = records.map((r) => r.id);
    const favourites = await db
      .select({ pointId: pointFavourites.pointId })
      .from(pointFavourites)
      .where(and(eq(pointFavourites.userId, userId), inArray(pointFavourites.pointId, ids)));
    const attached = await db
      .select({
        pointId: devices.measurementPointId,
        id: devices.id,
        serial: devices.serial,
        state: devices.state,
      })
      .from(devices)
      .where(attachedTo(ids))
      .orderBy(asc(devices.serial));
    const memberships = await db
      .select({ pointId: layerPoints.pointId, id: layers.id, name: layers.name, colour: layers.colour })
      .from(layerPoints)
      .innerJoin(layers, eq(layers.id, layerPoints.layerId))
      .where(inArray(layerPoints.pointId, ids))
      .orderBy(asc(layers.name));
    const favourite = new Set(favourites.map((f) => f.pointId));
    const states = await statesOfPoints(db, records[0]!.companyId, ids);
    return records.map((r) => {
      const device = attached.find((d) => d.pointId === r.id);
      return {
        ...r,
        favorite: favourite.has(r.id),
        device: device ? { id: device.id, serial: device.serial, state: device.state } : null,
        layers: memberships
          .filter((m) => m.pointId === r.id)
          .map(({ id, name, colour }) => ({ id, name, colour })),
        latest: states.get(r.id)?.latest ?? null,
        level: states.get(r.id)?.level ?? null,
      };
    });
  }

  return {
    /** The points of the scope's company that the caller may see (core/access.ts), filtered. */
    async listInCompany(scope: Viewer, caller: Caller, query: PointListQuery) {
      const term = query.search?.trim();
      const where = and(
        inCompany(scope, measurementPoints.companyId),
        pointCondition(db, caller) ?? undefined,
        query.showDeleted ? undefined : isNull(measurementPoints.deletedAt),
        query.kind ? eq(measurementPoints.kind, query.kind) : undefined,
        term
          ? or(containsText(measurementPoints.name, term), containsText(measurementPoints.address, term))
          : undefined,
        query.layerId
          ? inArray(
              measurementPoints.id,
              db
                .select({ id: layerPoints.pointId })
                .from(layerPoints)
                .where(eq(layerPoints.layerId, query.layerId)),
            )
          : undefined,
        query.favourites
          ? inArray(
              measurementPoints.id,
              db
                .select({ id: pointFavourites.pointId })
                .from(pointFavourites)
                .where(eq(pointFavourites.userId, scope.userId ?? nobody)),
            )
          : undefined,
      );
      const column = orderColumns[query.order];
      const base = db
        .select()
        .from(measurementPoints)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(measurementPoints.id));
      const records = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(measurementPoints).where(where);
      return { rows: await decorate(scope.userId ?? nobody, records), total: total?.n ?? 0 };
    },

    /** A point of the scope's company, deleted ones included. */
    async findInCompany(scope: Viewer, id: string): Promise<PointRow | undefined> {
      const [record] = await db
        .select()
        .from(measurementPoints)
        .where(and(eq(measurementPoints.id, id), inCompany(scope, measurementPoints.companyId)));
      if (!record) return undefined;
      const [row] = await decorate(scope.userId ?? nobody, [record]);
      return row;
    },

    /** Whether a live point of the scope's company already has this name (case-insensitive). */
    async nameTaken(scope: Scope, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: measurementPoints.id })
        .from(measurementPoints)
        .where(
          and(
            inCompany(scope, measurementPoints.companyId),
            isNull(measurementPoints.deletedAt),
            eq(sql`lower(${measurementPoints.name})`, name.toLowerCase()),
            exceptId ? ne(measurementPoints.id, exceptId) : undefined,
          ),
        );
      return row !== undefined;
    },

    /** The port keys of the model of each device attached to the point (none attached: null). */
    async attachedPortKeys(scope: Scope, pointId: string): Promise<string[] | null> {
      const rows = await db
        .select({ ports: models.ports })
        .from(devices)
        .leftJoin(models, eq(models.id, devices.modelId))
        .where(and(attachedTo([pointId]), inCompany(scope, devices.companyId)));
      if (rows.length === 0) return null;
      return rows.flatMap((r) =>
        Array.isArray(r.ports) ? (r.ports as { key?: unknown }[]).map((p) => String(p.key)) : [],
      );
    },

    async attachedDevices(pointId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(attachedTo([pointId]));
      return row?.n ?? 0;
    },

    async insert(values: PointValues & Pick<PointRecord, 'companyId' | 'name' | 'kind'>): Promise<string> {
      const [row] = await db
        .insert(measurementPoints)
        .values(values as typeof measurementPoints.$inferInsert)
        .returning({ id: measurementPoints.id });
      return row!.id;
    },

    async update(scope: Scope, id: string, values: PointValues): Promise<void> {
      await db
        .update(measurementPoints)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(measurementPoints.id, id), inCompany(scope, measurementPoints.companyId)));
    },

    async setFavourite(userId: string, pointId: string, on: boolean): Promise<void> {
      if (on) {
        await db.insert(pointFavourites).values({ userId, pointId }).onConflictDoNothing();
      } else {
        await db
          .delete(pointFavourites)
          .where(and(eq(pointFavourites.userId, userId), eq(pointFavourites.pointId, pointId)));
      }
    },
  };
}
export type PointsRepository = ReturnType<typeof createPointsRepository>;
