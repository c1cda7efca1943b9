/**
 * SQL of a point's current state (contracts/point-state.ts): latest reading and level, from
 * series_latest and the open alerts, never from measures. One definition for the monitoring list,
 * the points list and the overview.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alertLevelRank } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';
import { isStorableValue } from '@aforo/contracts/device-protocol';
import type { PointLatest, PointLevel } from '@aforo/contracts/point-state';
import { levelRankOf } from '../../alerting/alerting.repository';

const p = sql.param;
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const levelByRank = new Map(
  Object.entries(alertLevelRank).map(([level, rank]) => [rank, level as AlertLevel]),
);
/** The level of a rank from pointRanks (null: no data). */
export const levelOfRank = (rank: number | null): PointLevel =>
  rank === null ? null : (levelByRank.get(Number(rank)) ?? 'OK');
export const rankOfLevel = (level: AlertLevel) => alertLevelRank[level];

/**
 * Per point of `points` (a query selecting an `id` column): `rank` = its level's rank (null: no
 * reading and nothing open) and `last_ts` = its newest reading's time. The open alerts are read
 * by the points' company (`companyIds`: alerts_company index) or, for every company at once (null,
 * the provider's network view), by point (alerts_point index); the series by their primary key.
 */
export function pointRanks(points: SQL, companyIds: string | string[] | null): SQL {
  const openOf =
    companyIds === null
      ? sql`al.point_id in (select id from (${points}) q)`
      : sql`al.company_id = any(${p(typeof companyIds === 'string' ? [companyIds] : companyIds)}::uuid[])`;
  return sql`
    select pts.id as point_id, s.last_ts,
      case when s.rank is null and a.rank is null then null
        else greatest(coalesce(s.rank, 0), coalesce(a.rank, 0)) end as rank
    from (${points}) pts
    left join (
      select sl.point_id, max(sl.ts) as last_ts, max(${levelRankOf(sql`sl.alert_level`)}) as rank
      from series_latest sl where sl.point_id in (select id from (${points}) q) group by sl.point_id
    ) s on s.point_id = pts.id
    left join (
      select al.point_id, max(${levelRankOf(sql`al.level`)}) as rank
      from alerts al where ${openOf} and al.cleared_at is null group by al.point_id
    ) a on a.point_id = pts.id`;
}

/**
 * The latest reading of the point whose id is `pointId` (an outer query's column) as one JSON object
 * {port, ts, value, flag} (null: never measured): its most recently measured series, ties by port.
 * A correlated subquery, so a list reads its rows and their readings in one statement (issue 25).
 */
export function latestOf(pointId: SQL): SQL<LatestJson | null> {
  return sql<LatestJson | null>`(select json_build_object('port', sl.port, 'ts', sl.ts,
      'value', sl.interpreted, 'flag', sl.flag)
    from series_latest sl where sl.point_id = ${pointId} order by sl.ts desc, sl.port limit 1)`;
}

/** The reading as latestOf gives it: JSON carries the time as text and ±Infinity/NaN as strings. */
export interface LatestJson {
  port: string;
  ts: string;
  value: number | string | null;
  flag: number;
}

export function toLatest(json: LatestJson | null): PointLatest | null {
  if (json === null) return null;
  return {
    port: json.port,
    ts: new Date(json.ts).toISOString(),
    // values beyond the stored bound read as null, like every other read (issue 9)
    value: typeof json.value === 'number' && isStorableValue(json.value) ? json.value : null,
    flag: Number(json.flag),
  };
}

/**
 * The rank of the point `pointId` (an outer query's column) as pointRanks ranks it: the worst of its
 * series' levels and its open alerts of `companyId` (null: of any company, the network view), null
 * when it has neither.
 */
export function rankOf(pointId: SQL, companyId: SQL | null): SQL<number | null> {
  return sql<number | null>`(select case when s.rank is null and a.rank is null then null
        else greatest(coalesce(s.rank, 0), coalesce(a.rank, 0)) end
    from (select max(${levelRankOf(sql`sl.alert_level`)}) as rank
      from series_latest sl where sl.point_id = ${pointId}) s,
    (select max(${levelRankOf(sql`al.level`)}) as rank from alerts al
      where ${companyId === null ? sql`true` : sql`al.company_id = ${companyId}`} and al.point_id = ${pointId} and al.cleared_at is null) a)`;
}
