/**
 * The pre-issue-25 reads of GET /api/monitoring, kept verbatim as the reference the one-statement
 * rewrite (modules/monitoring/monitoring.repository.ts) is compared with field for field: the page
 * with its total, then the page's states (ranks, latest readings) and the trend references, four
 * statements, composed as monitoring.service.ts composed them. Test-only.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  hasTrend,
  monitoringDefaultDir,
  trendLookbackHours,
  trendWindowMinutes,
  type MonitoringList,
  type MonitoringQuery,
} from '@aforo/contracts/monitoring';
import { noDataLevel } from '@aforo/contracts/point-state';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/search';
import { companyIs, nobody, type Scope, type Viewer } from '../../db/scope';
import { networkViewer } from '../../core/network-scope';
import type { RequestContext } from '../../core/request-context';
import { pointRanks, rankOfLevel, rowsOf } from '../../modules/monitoring/point-state.repository';
import { toMonitoringRow, toTrend } from '../../modules/monitoring/monitoring.mapper';
import { statesOfPoints } from './points';

const p = sql.param;

interface ListRow {
  id: string;
  name: string;
  kind: string;
  unit: string;
  favourite: boolean;
  company_id: string;
  company_name: string;
  total: number;
}

/** A scope that reads nothing: no company and not the network view. */
const readsNothing = (scope: Scope) => scope.companyId === null && scope.everyCompany !== true;
/** The company ids pointRanks reads open alerts by; null: every company. */
const alertCompanies = (scope: Scope) => (scope.everyCompany === true ? null : scope.companyId);

/** The conditions on `mp` (measurement_points) of the scope's live points matching the filters. */
function matching(scope: Scope, userId: string, query: MonitoringQuery): SQL {
  const term = query.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  return sql`${companyIs(scope, sql`mp.company_id`)} and mp.deleted_at is null
      ${query.kind ? sql`and mp.kind = ${p(query.kind)}` : sql``}
      ${like ? sql`and (mp.name ilike ${p(like)} or mp.address ilike ${p(like)})` : sql``}
      ${query.layerId ? sql`and mp.id in (select lp.point_id from layer_points lp where lp.layer_id = ${p(query.layerId)}::uuid)` : sql``}
      ${query.favourites ? sql`and mp.id in (select f.point_id from point_favourites f where f.user_id = ${p(userId)}::uuid)` : sql``}`;
}

/** With a level filter: only the points of that level (ranks from pointRanks as `r`). */
function levelFilter(level: MonitoringQuery['level']): SQL {
  if (!level) return sql``;
  if (level === noDataLevel) return sql`and r.rank is null`;
  return sql`and r.rank = ${p(rankOfLevel(level))}`;
}

function orderBy(query: MonitoringQuery): SQL {
  const descending = (query.dir ?? monitoringDefaultDir[query.order]) === 'DESC';
  const dir = sql.raw(descending ? 'desc' : 'asc');
  // no data sorts as the lowest level and the oldest time, whatever the direction
  const nulls = sql.raw(descending ? 'nulls last' : 'nulls first');
  const column =
    query.order === 'level'
      ? sql`r.rank ${dir} ${nulls}, lower(mp.name)`
      : query.order === 'time'
        ? sql`r.last_ts ${dir} ${nulls}, lower(mp.name)`
        : sql`lower(mp.name) ${dir}`;
  return sql`order by (f.point_id is not null) desc, ${column}, mp.id`;
}

export function createReferenceMonitoringRepository(db: Db) {
  return {
    /**
     * One page of the list and the total, in one query; then the page's states. Ordered by name
     * with no level filter, the level of every point is not needed: the page is chosen from
     * measurement_points alone.
     */
    async list(scope: Viewer, query: MonitoringQuery) {
      if (readsNothing(scope)) return { rows: [], total: 0 };
      const where = matching(scope, scope.userId ?? nobody, query);
      const byState = query.level !== undefined || query.order !== 'name';
      const points = sql`select mp.id from measurement_points mp where ${where}`;
      const source = byState
        ? sql`(${pointRanks(points, alertCompanies(scope))}) r join measurement_points mp on mp.id = r.point_id`
        : sql`measurement_points mp`;
      const result = await db.execute(sql`
        select mp.id::text, mp.name, mp.kind, mp.unit, (f.point_id is not null) as favourite,
          mp.company_id::text, c.business_name as company_name, count(*) over ()::int as total
        from ${source}
        join companies c on c.id = mp.company_id
        left join point_favourites f on f.point_id = mp.id and f.user_id = ${p(scope.userId ?? nobody)}::uuid
        where ${where} ${levelFilter(query.level)}
        ${orderBy(query)}
        limit ${p(query.length)} offset ${p((query.page - 1) * query.length)}`);
      const rows = rowsOf<ListRow>(result);
      const states = await statesOfPoints(
        db,
        alertCompanies(scope),
        rows.map((r) => r.id),
      );
      return {
        rows: rows.map((r) => ({
          pointId: r.id,
          name: r.name,
          kind: r.kind,
          unit: r.unit,
          favourite: Boolean(r.favourite),
          companyId: r.company_id,
          companyName: r.company_name,
          level: states.get(r.id)?.level ?? null,
          latest: states.get(r.id)?.latest ?? null,
        })),
        // a page past the end has no row to carry the total: count again
        total: rows[0]?.total ?? (query.page > 1 ? await this.count(scope, query) : 0),
      };
    },

    async count(scope: Viewer, query: MonitoringQuery): Promise<number> {
      if (readsNothing(scope)) return 0;
      const where = matching(scope, scope.userId ?? nobody, query);
      const result = await db.execute(sql`
        select count(*)::int as n from measurement_points mp
        ${query.level ? sql`join (${pointRanks(sql`select mp.id from measurement_points mp where ${where}`, alertCompanies(scope))}) r on r.point_id = mp.id` : sql``}
        where ${where} ${levelFilter(query.level)}`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },

    /**
     * The reference value of each series' trend: its newest usable measure (not failed, with a value)
     * at least trendWindowMinutes and at most trendLookbackHours before its latest one.
     */
    async trendReferences(series: Array<{ pointId: string; port: string; ts: string }>) {
      if (series.length === 0) return new Map<string, { ts: Date; value: number }>();
      const result = await db.execute(sql`
        select k.point_id::text, k.port, m.ts, m.interpreted
        from unnest(${p(series.map((s) => s.pointId))}::uuid[], ${p(series.map((s) => s.port))}::text[],
          ${p(series.map((s) => s.ts))}::timestamptz[]) as k(point_id, port, ts)
        join lateral (
          select ms.ts, ms.interpreted from measures ms
          where ms.point_id = k.point_id and ms.port = k.port
            and ms.ts <= k.ts - make_interval(mins => ${p(trendWindowMinutes)})
            and ms.ts >= k.ts - make_interval(hours => ${p(trendLookbackHours)})
            and ms.flag <> 4 and ms.interpreted is not null
          order by ms.ts desc limit 1
        ) m on true`);
      return new Map(
        rowsOf<{ point_id: string; port: string; ts: string | Date; interpreted: number }>(result).map(
          (r) => [`${r.point_id}/${r.port}`, { ts: new Date(r.ts), value: Number(r.interpreted) }],
        ),
      );
    },
  };
}

/** monitoring.service.ts `list` as it was (without its assertCan: the compared API call checks it). */
export async function referenceMonitoringList(
  db: Db,
  ctx: RequestContext,
  query: MonitoringQuery,
): Promise<MonitoringList> {
  const repo = createReferenceMonitoringRepository(db);
  const { rows, total } = await repo.list(networkViewer(ctx, query), query);
  // rain (precipitation units) has no trend: contracts/monitoring.ts hasTrend
  const references = await repo.trendReferences(
    rows.flatMap((r) =>
      r.latest && hasTrend(r.unit) ? [{ pointId: r.pointId, port: r.latest.port, ts: r.latest.ts }] : [],
    ),
  );
  return {
    rows: rows.map((r) =>
      toMonitoringRow(
        r,
        toTrend(r.latest, r.latest ? references.get(`${r.pointId}/${r.latest.port}`) : undefined),
      ),
    ),
    total,
  };
}
