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
import type { Db } from '../../db/client';

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
