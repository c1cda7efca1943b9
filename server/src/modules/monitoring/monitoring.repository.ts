/**
 * SQL of the monitoring list: the company's live points — or every company's, for the provider's
 * network view (db/scope.ts `everyCompany`) — filtered, ordered (favourites first) and paged on their
 * state from series_latest and the open alerts; then, for the page only, the level, the latest
 * reading and one index probe into measures for the trend's reference, all in one statement (issue 25:
 * the round trip per statement, not PostgreSQL, was the server's cost under load).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  monitoringDefaultDir,
  trendLookbackHours,
  trendWindowMinutes,
  type MonitoringQuery,
} from '@aforo/contracts/monitoring';
import { noDataLevel } from '@aforo/contracts/point-state';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/search';
import { companyIs, nobody, type Scope, type Viewer } from '../../db/scope';
import type { PointLatest } from '@aforo/contracts/point-state';
import { isStorableValue } from '@aforo/contracts/device-protocol';
import { levelOfRank, pointRanks, rankOf, rankOfLevel, rowsOf } from './point-state.repository';

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
  rank: number | null;
  port: string | null;
  ts: string | Date | null;
  interpreted: number | null;
  flag: number | null;
  reference_ts: string | Date | null;
  reference_value: number | null;
}

/** The row's latest reading, as the points list reads it (null: the point was never measured). */
function latestOfRow(r: ListRow): PointLatest | null {
  if (r.port === null || r.ts === null) return null;
  return {
    port: r.port,
    ts: new Date(r.ts).toISOString(),
    // values beyond the stored bound read as null, like every other read (issue 9)
    value: isStorableValue(r.interpreted) ? r.interpreted : null,
    flag: Number(r.flag),
  };
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

/** The list's order, for the page's `order by` and the position of its rows (`row_number() over`). */
function ordering(query: MonitoringQuery): SQL {
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
  return sql`(f.point_id is not null) desc, ${column}, mp.id`;
}

export function createMonitoringRepository(db: Db) {
  return {
    /**
     * One page of the list, its total, and per row of the page its level, latest reading and trend
     * reference, in one statement. Ordered by name with no level filter, the level of every point is
     * not needed: the page is chosen from measurement_points alone. The trend's reference is the
     * newest usable measure (not failed, with a value) of the latest reading's series, at least
     * trendWindowMinutes and at most trendLookbackHours before it.
     */
    async list(scope: Viewer, query: MonitoringQuery) {
      if (readsNothing(scope)) return { rows: [], total: 0 };
      const where = matching(scope, scope.userId ?? nobody, query);
      const byState = query.level !== undefined || query.order !== 'name';
      const points = sql`select mp.id from measurement_points mp where ${where}`;
      const source = byState
        ? sql`(${pointRanks(points, alertCompanies(scope))}) r join measurement_points mp on mp.id = r.point_id`
        : sql`measurement_points mp`;
      const companies = alertCompanies(scope);
      const result = await db.execute(sql`
        with page as (
          select mp.id, mp.name, mp.kind, mp.unit, (f.point_id is not null) as favourite,
            mp.company_id, c.business_name as company_name, count(*) over ()::int as total,
            row_number() over (order by ${ordering(query)}) as position
          from ${source}
          join companies c on c.id = mp.company_id
          left join point_favourites f on f.point_id = mp.id and f.user_id = ${p(scope.userId ?? nobody)}::uuid
          where ${where} ${levelFilter(query.level)}
          order by ${ordering(query)}
          limit ${p(query.length)} offset ${p((query.page - 1) * query.length)})
        select page.id::text, page.name, page.kind, page.unit, page.favourite, page.company_id::text,
          page.company_name, page.total,
          ${rankOf(sql`page.id`, companies === null ? null : sql`${p(companies)}::uuid`)} as rank,
          l.port, l.ts, l.interpreted, l.flag, m.ts as reference_ts, m.interpreted as reference_value
        from page
        left join lateral (
          select sl.port, sl.ts, sl.interpreted, sl.flag from series_latest sl
          where sl.point_id = page.id order by sl.ts desc, sl.port limit 1
        ) l on true
        left join lateral (
          select ms.ts, ms.interpreted from measures ms
          where ms.point_id = page.id and ms.port = l.port
            and ms.ts <= l.ts - make_interval(mins => ${p(trendWindowMinutes)})
            and ms.ts >= l.ts - make_interval(hours => ${p(trendLookbackHours)})
            and ms.flag <> 4 and ms.interpreted is not null
          order by ms.ts desc limit 1
        ) m on true
        order by page.position`);
      const rows = rowsOf<ListRow>(result);
      return {
        rows: rows.map((r) => ({
          pointId: r.id,
          name: r.name,
          kind: r.kind,
          unit: r.unit,
          favourite: Boolean(r.favourite),
          companyId: r.company_id,
          companyName: r.company_name,
          level: levelOfRank(r.rank),
          latest: latestOfRow(r),
          reference:
            r.reference_ts === null
              ? undefined
              : { ts: new Date(r.reference_ts), value: Number(r.reference_value) },
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
  };
}
export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
