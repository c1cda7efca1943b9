/**
 * The pre-issue-25 read of GET /api/map/points (modules/map/map.repository.ts and the service's
 * assembly), kept verbatim as the reference the one-statement rewrite is compared with
 * (modules/map/map-one-query.test.ts). Test helper only: nothing in the app imports it.
 */
import { asc, sql } from 'drizzle-orm';
import type { MapPayload, MapQuery } from '@aforo/contracts/map';
import { levelRankOf } from '../../alerting/alerting.repository';
import type { Db } from '../../db/client';
import { layers } from '../../db/schema';
import { companyIs, inCompany, type Scope } from '../../db/scope';
import { toMapLayer, toMapPoint } from '../../modules/map/map.mapper';
import type { MapLayerRow, MapPointRow } from '../../modules/map/map.repository';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function createReferenceMapRepository(db: Db) {
  return {
    async layers(scope: Scope): Promise<MapLayerRow[]> {
      return db
        .select({
          id: layers.id,
          name: layers.name,
          colour: layers.colour,
          viewable: layers.viewable,
          companyId: layers.companyId,
        })
        .from(layers)
        .where(inCompany(scope, layers.companyId))
        .orderBy(asc(layers.name), asc(layers.id));
    },

    async points(scope: Scope, userId: string | null, layerId?: string): Promise<MapPointRow[]> {
      const inLayer = layerId
        ? sql`and p.id in (select point_id from layer_points where layer_id = ${p(layerId)}::uuid)`
        : sql``;
      // subqueries rather than CTEs: a materialized CTE has no statistics, PostgreSQL then guesses
      // millions of joined rows and spends ~0.4 s JIT-compiling a query that runs in tens of ms
      const result = await db.execute(sql`
        select p.id::text, p.name, p.kind, p.latitude, p.longitude, p.company_id::text,
          coalesce(lv.rank, 0)::int as rank, ly.layer_ids, (f.point_id is not null) as favourite
        from measurement_points p
          left join (
            select sl.point_id, max(${levelRankOf(sql`sl.alert_level`)})::int as rank
            from series_latest sl join measurement_points q on q.id = sl.point_id
            where ${companyIs(scope, sql`q.company_id`)} group by sl.point_id
          ) lv on lv.point_id = p.id
          left join (
            select lp.point_id, array_agg(lp.layer_id::text order by lp.layer_id) as layer_ids
            from layer_points lp join layers l on l.id = lp.layer_id
            where ${companyIs(scope, sql`l.company_id`)} group by lp.point_id
          ) ly on ly.point_id = p.id
          left join point_favourites f on f.point_id = p.id and f.user_id = ${p(userId)}::uuid
        where ${companyIs(scope, sql`p.company_id`)} and p.deleted_at is null ${inLayer}
        order by p.name, p.id`);
      return rowsOf<MapPointRow>(result);
    },

    /** The names of some companies, by name. */
    async companies(ids: string[]): Promise<Array<{ id: string; name: string }>> {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select id::text, business_name as name from companies where id = any(${p(ids)}::uuid[])
        order by lower(business_name), id`);
      return rowsOf<{ id: string; name: string }>(result);
    },
  };
}

/** The answer of GET /api/map/points as the service built it (after its access checks). */
export async function referenceMap(
  db: Db,
  viewer: Scope,
  userId: string | null,
  query: MapQuery,
  tiles: MapPayload['tiles'],
): Promise<MapPayload> {
  const repo = createReferenceMapRepository(db);
  const [layerRows, pointRows] = await Promise.all([
    repo.layers(viewer),
    repo.points(viewer, userId, query.layerId),
  ]);
  const companyIds = new Set([
    ...(viewer.companyId ? [viewer.companyId] : []),
    ...layerRows.map((l) => l.companyId),
    ...pointRows.map((p) => p.company_id),
  ]);
  const companies = await repo.companies([...companyIds]);
  const companyIndex = new Map(companies.map((company, i) => [company.id, i]));
  const layers = layerRows.map((row) => toMapLayer(row, companyIndex));
  const layerIndex = new Map(layers.map((layer, i) => [layer.id, i]));
  return {
    companies,
    layers,
    points: pointRows.map((row) => toMapPoint(row, layerIndex, companyIndex)),
    tiles,
  };
}
