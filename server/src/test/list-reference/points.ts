/**
 * The pre-issue-25 reads of GET /api/points, kept verbatim as the reference the one-statement
 * rewrite (modules/points/points.repository.ts) is compared with field for field: a page, its count,
 * then favourites, attached devices, layers and the states (ranks + latest) of the page, one
 * statement each. Test-only; nothing in the server imports it.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PointListQuery } from '@aforo/contracts/points';
import { isStorableValue } from '@aforo/contracts/device-protocol';
import type { PointLatest, PointLevel } from '@aforo/contracts/point-state';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, layerPoints, layers, measurementPoints, pointFavourites } from '../../db/schema';
import { pointCondition } from '../../core/access.repository';
import { type Caller, type RequestContext, viewerOf } from '../../core/request-context';
import { inCompany, nobody, type Viewer } from '../../db/scope';
import { paged } from '../../db/paging';
import { levelOfRank, pointRanks, rowsOf } from '../../modules/monitoring/point-state.repository';
import type { PointRecord, PointRow } from '../../modules/points/points.repository';
import { toPoint } from '../../modules/points/points.mapper';

const p = sql.param;

const orderColumns = {
  name: measurementPoints.name,
  kind: measurementPoints.kind,
  created_at: measurementPoints.createdAt,
} as const;

/** A device still registered (not deleted) counts as attached to its point. */
const attachedTo = (pointIds: string[]) =>
  and(inArray(devices.measurementPointId, pointIds), isNull(devices.deletedAt));

interface LatestRow {
  point_id: string;
  port: string;
  ts: string | Date;
  interpreted: number | null;
  flag: number;
}

/** The latest reading of each point (its most recently measured series), keyed by point id. */
export async function latestOfPoints(db: Db, pointIds: string[]): Promise<Map<string, PointLatest>> {
  const out = new Map<string, PointLatest>();
  if (pointIds.length === 0) return out;
  const result = await db.execute(sql`
    select distinct on (sl.point_id) sl.point_id::text, sl.port, sl.ts, sl.interpreted, sl.flag
    from series_latest sl where sl.point_id = any(${p(pointIds)}::uuid[])
    order by sl.point_id, sl.ts desc, sl.port`);
  for (const r of rowsOf<LatestRow>(result))
    out.set(r.point_id, {
      port: r.port,
      ts: new Date(r.ts).toISOString(),
      // values beyond the stored bound read as null, like every other read (issue 9)
      value: isStorableValue(r.interpreted) ? r.interpreted : null,
      flag: Number(r.flag),
    });
  return out;
}

/** Latest reading and level of some points of one company, or of any (null), e.g. a page of a list. */
export async function statesOfPoints(
  db: Db,
  companyId: string | null,
  pointIds: string[],
): Promise<Map<string, { latest: PointLatest | null; level: PointLevel }>> {
  const out = new Map<string, { latest: PointLatest | null; level: PointLevel }>();
  if (pointIds.length === 0) return out;
  const ids = sql`select unnest(${p(pointIds)}::uuid[]) as id`;
  const ranks = await db.execute(pointRanks(ids, companyId));
  const latest = await latestOfPoints(db, pointIds);
  for (const r of rowsOf<{ point_id: string; rank: number | null }>(ranks))
    out.set(String(r.point_id), {
      latest: latest.get(String(r.point_id)) ?? null,
      level: levelOfRank(r.rank),
    });
  return out;
}

export function createReferencePointsRepository(db: Db) {
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
  };
}

/** points.service.ts `list` as it was (without its assertCan: the compared API call checks it). */
export async function referencePointList(db: Db, ctx: RequestContext, query: PointListQuery) {
  const { rows, total } = await createReferencePointsRepository(db).listInCompany(
    viewerOf(ctx),
    ctx.caller,
    query,
  );
  return { rows: rows.map(toPoint), total };
}
