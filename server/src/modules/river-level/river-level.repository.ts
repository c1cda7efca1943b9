/**
 * SQL of the river-level widget. Functions take point ids the caller's access check already let
 * through (a signed-in user's company, later the public dashboard's public points): nothing here
 * decides who sees what. Current values come from series_latest; only the history statistics read
 * measures, over one series and a bounded range, through the chart index.
 */
import { sql } from 'drizzle-orm';
import { maxMeasureMagnitude } from '@aforo/contracts/device-protocol';
import { riverLevelTypicalPercentiles } from '@aforo/contracts/river-level';
import type { Db } from '../../db/client';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const bound = sql.raw(`${maxMeasureMagnitude}::float8`);
/** A value the statistics may use: not failed or missing (QARTOD 4, 9), and a finite stored number. */
const usable = sql`m.flag <= 3 and m.interpreted between -${bound} and ${bound}`;
const [lowShare, highShare] = riverLevelTypicalPercentiles.map((n) => sql.raw(String(n)));

export interface RiverPointRow {
  id: string;
  name: string;
  kind: string;
  unit: string;
  ground_level: number | null;
  invert_level: number | null;
  warning_value: number | null;
  alert_value: number | null;
  transmission_time: number;
  parameters: unknown;
  maintenance: boolean;
}

export interface RiverSeriesRow {
  point_id: string;
  port: string;
  ts: Date;
  interpreted: number | null;
  flag: number;
  alert_level: string;
}

export interface HistoryStats {
  low: number | null;
  high: number | null;
  hours: number;
  record: number | null;
  recordTs: Date | null;
}

export interface SeriesWindow {
  pointId: string;
  port: string;
  from: Date;
  to: Date;
}

export function createRiverLevelRepository(db: Db) {
  return {
    /** Live points among `ids`, with whether a device installed there is in Maintenance. */
    async points(ids: string[]): Promise<RiverPointRow[]> {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select p.id::text, p.name, p.kind, p.unit, p.ground_level, p.invert_level, p.warning_value,
          p.alert_value, p.transmission_time, p.parameters,
          exists(select 1 from devices d where d.measurement_point_id = p.id and d.deleted_at is null
                 and d.state = 'Maintenance') as maintenance
        from measurement_points p
        where p.id = any(${p(ids)}::uuid[]) and p.deleted_at is null`);
      return rowsOf<RiverPointRow>(result);
    },

    /** Every series of these points as series_latest holds it. */
    async series(pointIds: string[]): Promise<RiverSeriesRow[]> {
      if (pointIds.length === 0) return [];
      const result = await db.execute(sql`
        select sl.point_id::text, sl.port, sl.ts, sl.interpreted, sl.flag::int, sl.alert_level
        from series_latest sl where sl.point_id = any(${p(pointIds)}::uuid[])`);
      return rowsOf<RiverSeriesRow>(result).map((r) => ({ ...r, ts: new Date(r.ts) }));
    },

    /**
     * Typical range (percentiles of hourly means) and record high (with the time of the first measure
     * that reached it) of one series over [from, to).
     */
    async history(w: SeriesWindow): Promise<HistoryStats> {
      const series = sql`m.point_id = ${p(w.pointId)}::uuid and m.port = ${p(w.port)}`;
      const result = await db.execute(sql`
        with h as (
          select date_bin(interval '1 hour', m.ts, timestamptz '2000-01-01T00:00:00Z') as b,
            avg(m.interpreted) as v, max(m.interpreted) as mx
          from measures m
          where ${series} and m.ts >= ${p(w.from.toISOString())}::timestamptz
            and m.ts < ${p(w.to.toISOString())}::timestamptz and ${usable}
          group by 1
        ), top as (select b, mx from h order by mx desc, b limit 1)
        select
          (select percentile_cont(${lowShare}) within group (order by v) from h)::float8 as low,
          (select percentile_cont(${highShare}) within group (order by v) from h)::float8 as high,
          (select count(*) from h)::int as hours,
          top.mx::float8 as record,
          (select min(m.ts) from measures m where ${series} and m.ts >= top.b
             and m.ts < top.b + interval '1 hour' and m.interpreted = top.mx) as record_ts
        from (select 1) as one left join top on true`);
      const [row] = rowsOf<{
        low: number | null;
        high: number | null;
        hours: number;
        record: number | null;
        record_ts: Date | string | null;
      }>(result);
      return {
        low: row?.low ?? null,
        high: row?.high ?? null,
        hours: Number(row?.hours ?? 0),
        record: row?.record ?? null,
        recordTs: row?.record_ts ? new Date(row.record_ts) : null,
      };
    },

    /** Least-squares slope, in unit per hour, of the usable values of (from, to]; null below 2 values. */
    async trendPerHour(w: SeriesWindow): Promise<number | null> {
      const result = await db.execute(sql`
        select (regr_slope(m.interpreted, extract(epoch from m.ts)::float8) * 3600)::float8 as slope
        from measures m
        where m.point_id = ${p(w.pointId)}::uuid and m.port = ${p(w.port)}
          and m.ts > ${p(w.from.toISOString())}::timestamptz and m.ts <= ${p(w.to.toISOString())}::timestamptz
          and ${usable}`);
      const slope = rowsOf<{ slope: number | null }>(result)[0]?.slope;
      return slope === null || slope === undefined ? null : Number(slope);
    },
  };
}
export type RiverLevelRepository = ReturnType<typeof createRiverLevelRepository>;
