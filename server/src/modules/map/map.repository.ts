/**
 * SQL of the map payload, one statement (issue 25): every live point of a company (or of every
 * company, the provider's network view: db/scope.ts) with its worst level (series_latest, never
 * measures), its layers and the caller's favourite flag; the layers; and the names of the companies
 * they belong to — each part a JSON array in its own order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companyIs, type Scope } from '../../db/scope';
import { levelRankOf } from '../../alerting/alerting.repository';

const p = sql.param;

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
  company_id: string;
}

export interface MapLayerRow {
  id: string;
  name: string;
  colour: string;
  viewable: boolean;
  companyId: string;
}

export interface MapRows {
  companies: Array<{ id: string; name: string }>;
  layers: MapLayerRow[];
  points: MapPointRow[];
}

/** The live points (as `p`) the map shows: the scope's, and with `layerId` only that layer's. */
function shownPoints(scope: Scope, layerId: string | undefined): SQL {
  const inLayer = layerId
    ? sql`and p.id in (select point_id from layer_points where layer_id = ${p(layerId)}::uuid)`
    : sql``;
  return sql`${companyIs(scope, sql`p.company_id`)} and p.deleted_at is null ${inLayer}`;
}

export function createMapRepository(db: Db) {
  return {
    /**
     * The points by name, the layers by name and the companies (the scope's own, and those of the
     * points and layers) by name. The aggregates join on their own indexes (series_latest and
     * point_favourites primary keys), so the cost grows with the company's points, not with its
     * measures.
     */
    async payload(scope: Scope, userId: string | null, layerId?: string): Promise<MapRows> {
      const points = shownPoints(scope, layerId);
      // subqueries rather than CTEs: a materialized CTE has no statistics, PostgreSQL then guesses
      // millions of joined rows and spends ~0.4 s JIT-compiling a query that runs in tens of ms
      const result = await db.execute(sql`
        select
          (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'kind', p.kind,
              'latitude', p.latitude, 'longitude', p.longitude, 'company_id', p.company_id,
              'rank', coalesce(lv.rank, 0), 'layer_ids', ly.layer_ids, 'favourite', f.point_id is not null)
              order by p.name, p.id), '[]')
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
            where ${points}) as points,
          (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'colour', l.colour,
              'viewable', l.viewable, 'companyId', l.company_id) order by l.name, l.id), '[]')
            from layers l where ${companyIs(scope, sql`l.company_id`)}) as layers,
          (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.business_name)
              order by lower(c.business_name), c.id), '[]')
            from companies c
            where c.id = ${p(scope.companyId)}::uuid
              or exists (select 1 from layers l where l.company_id = c.id and ${companyIs(scope, sql`l.company_id`)})
              or exists (select 1 from measurement_points p where p.company_id = c.id and ${points})) as companies`);
      return rowsOf<MapRows>(result)[0]!;
    },
  };
}
export type MapRepository = ReturnType<typeof createMapRepository>;
