/** SQL for measurement points and favourites. Every function takes the request scope first. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PointListQuery } from '@aforo/contracts/points';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, layerPoints, measurementPoints, models, pointFavourites } from '../../db/schema';
import { pointCondition } from '../../core/access.repository';
import type { Caller } from '../../core/request-context';
import { inCompany, nobody, type Scope, type Viewer } from '../../db/scope';
import { paged } from '../../db/paging';
import type { PointLatest, PointLevel } from '@aforo/contracts/point-state';
import { latestOf, levelOfRank, rankOf, toLatest } from '../monitoring/point-state.repository';

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

/** A column of the page subquery the decorations are read for (drizzle would leave it unqualified). */
const onPage = (column: string) => sql.raw(`"page"."${column}"`);

/**
 * What the caller sees around each point of the page, as correlated subqueries on the page's rows
 * (issue 25: one statement per list, the per-statement round trip was the server's cost): the
 * favourite flag, the first attached device by serial, the layers by name, the latest reading and
 * the level's rank (over the alerts of the point's company).
 */
const decorations = (userId: string) => ({
  favorite: sql<boolean>`exists (select 1 from point_favourites f
    where f.user_id = ${userId}::uuid and f.point_id = ${onPage('id')})`,
  device: sql<PointDevice | null>`(select json_build_object('id', d.id, 'serial', d.serial, 'state', d.state)
    from devices d where d.measurement_point_id = ${onPage('id')} and d.deleted_at is null
    order by d.serial limit 1)`,
  layers: sql<PointLayer[]>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name,
      'colour', l.colour) order by l.name, l.id)
    from layer_points lp join layers l on l.id = lp.layer_id where lp.point_id = ${onPage('id')}), '[]'::json)`,
  latest: latestOf(onPage('id')),
  rank: rankOf(onPage('id'), onPage('company_id')),
});

export function createPointsRepository(db: Db) {
  /**
   * The decorated points matching `where` in `order`, one page, and the total of all that match, in
   * one statement: the page is chosen first (with count(*) over () for the total and its position),
   * so only its rows are decorated. An empty page past the end carries no total: counted apart.
   */
  async function decorated(
    userId: string,
    where: SQL | undefined,
    order: SQL[],
    page: { page: number; length: number },
  ) {
    const inner = db
      .select({
        ...getTableColumns(measurementPoints),
        total: sql<number>`count(*) over ()`.as('total'),
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
      })
      .from(measurementPoints)
      .where(where)
      .orderBy(...order);
    const sub = paged(inner.$dynamic(), page).as('page');
    // every field of the page by name (a subquery cannot be spread: its fields are behind a proxy)
    const fields = Object.keys(inner._.selectedFields) as Array<keyof typeof sub._.selectedFields>;
    const columns = Object.fromEntries(fields.map((key) => [key, sub[key]])) as typeof sub._.selectedFields;
    const found = await db
      .select({ ...columns, ...decorations(userId) })
      .from(sub)
      .orderBy(sub.position);
    const rows: PointRow[] = found.map(({ total: _t, position: _p, latest, rank, ...point }) => ({
      ...point,
      latest: toLatest(latest),
      level: levelOfRank(rank),
    }));
    const total =
      found[0]?.total ??
      (page.page > 1 && page.length !== -1
        ? ((await db.select({ n: count() }).from(measurementPoints).where(where))[0]?.n ?? 0)
        : 0);
    return { rows, total };
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
      const order = [query.dir === 'ASC' ? asc(column) : desc(column), asc(measurementPoints.id)];
      return decorated(scope.userId ?? nobody, where, order, query);
    },

    /** A point of the scope's company, deleted ones included. */
    async findInCompany(scope: Viewer, id: string): Promise<PointRow | undefined> {
      const where = and(eq(measurementPoints.id, id), inCompany(scope, measurementPoints.companyId));
      const { rows } = await decorated(scope.userId ?? nobody, where, [asc(measurementPoints.id)], {
        page: 1,
        length: -1,
      });
      return rows[0];
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
