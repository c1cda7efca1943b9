/**
 * SQL of the map payload: one statement for every live point of a company with its worst level
 * (series_latest, never measures), its layers and the caller's favourite flag, and one for the layers.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { layers } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { levelRankOf } from '../../alerting/alerting.repository';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const none = '00000000-0000-0000-0000-000000000000';

export interface MapPointRow {
  id: string;
  name: string;
  kind: string;
  latitude: number;
  longitude: number;
  /** alertLevelRank of the worst series level; 0 (OK) without series */
  rank: number;
  layer_ids: string[] | null;
  favourite: boolean;
}

export interface MapLayerRow {
  id: string;
  name: string;
  colour: string;
  viewable: boolean;
}

export function createMapRepository(db: Db) {
  return {
    async layers(scope: Scope): Promise<MapLayerRow[]> {
      return db
        .select({ id: layers.id, name: layers.name, colour: layers.colour, viewable: layers.viewable })
        .from(layers)
        .where(inCompany(scope, layers.companyId))
        .orderBy(asc(layers.name), asc(layers.id));
    },

    /**
     * Live points of the scope's company, by name; with `layerId`, only that layer's points. The
     * aggregates join on their own indexes (series_latest and point_favourites primary keys), so the
     * cost grows with the company's points, not with its measures.
     */
    async points(scope: Scope, userId: string | null, layerId?: string): Promise<MapPointRow[]> {
      const companyId = scope.companyId ?? none;
      const inLayer = layerId
        ? sql`and p.id in (select point_id from layer_points where layer_id = ${p(layerId)}::uuid)`
        : sql``;
      // subqueries rather than CTEs: a materialized CTE has no statistics, PostgreSQL then guesses
      // millions of joined rows and spends ~0.4 s JIT-compiling a query that runs in tens of ms
      const result = await db.execute(sql`
        select p.id::text, p.name, p.kind, p.latitude, p.longitude,
          coalesce(lv.rank, 0)::int as rank, ly.layer_ids, (f.point_id is not null) as favourite
        from measurement_points p
          left join (
            select sl.point_id, max(${levelRankOf(sql`sl.alert_level`)})::int as rank
            from series_latest sl join measurement_points q on q.id = sl.point_id
            where q.company_id = ${p(companyId)}::uuid group by sl.point_id
          ) lv on lv.point_id = p.id
          left join (
            select lp.point_id, array_agg(lp.layer_id::text order by lp.layer_id) as layer_ids
            from layer_points lp join layers l on l.id = lp.layer_id
            where l.company_id = ${p(companyId)}::uuid group by lp.point_id
          ) ly on ly.point_id = p.id
          left join point_favourites f on f.point_id = p.id and f.user_id = ${p(userId)}::uuid
        where p.company_id = ${p(companyId)}::uuid and p.deleted_at is null ${inLayer}
        order by p.name, p.id`);
      return rowsOf<MapPointRow>(result);
    },
  };
}
export type MapRepository = ReturnType<typeof createMapRepository>;
