/**
 * SQL of a point's chart series. The measure reads touch only the index
 * measures_point_port_ts_idx (point_id, port, ts) INCLUDE (interpreted, flag): an index-only scan of
 * one point's range (docs/DATA-MODEL.md, figures in docs/PERFORMANCE.md). Buckets of an hour or more read
 * the hourly rollup (measures_hourly) instead, and raw measures only for the range's partial hours.
 */
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { maxMeasureMagnitude } from '@aforo/contracts/device-protocol';
import type { Db } from '../../db/client';
import { devices, measurementPoints, measures, models, seriesLatest } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export interface SeriesPointRecord {
  id: string;
  unit: string;
  measureTime: number;
  groundLevel: number | null;
  invertLevel: number | null;
  warningValue: number | null;
  alertValue: number | null;
  parameters: unknown;
  /** The installed device model's ports (none installed: []). */
  modelPorts: unknown[];
  /** Ports measured at the point, the most recently measured first. */
  measuredPorts: string[];
}

export interface RawMeasureRow {
  ts: Date;
  value: number | null;
  flag: number;
}

export interface BucketRow {
  ts: Date;
  min: number | null;
  max: number | null;
  avg: number | null;
  count: number;
  flag: number;
}

export interface SeriesRange {
  pointId: string;
  port: string;
  from: Date;
  to: Date;
}

/** The measures of one series in [from, to): the predicate the chart index answers. */
const hourMs = 3_600_000;

const inRange = (r: SeriesRange) =>
  and(
    eq(measures.pointId, r.pointId),
    eq(measures.port, r.port),
    gte(measures.ts, r.from),
    lt(measures.ts, r.to),
  );

export function createPointSeriesRepository(db: Db) {
  return {
    /**
     * A live point of the scope's company with what the chart needs of it, in one statement: the
     * ports of the installed device's model (by serial; none installed: []) and the ports measured,
     * most recently measured first (series_latest, no measure scan).
     */
    async findPoint(scope: Scope, id: string): Promise<SeriesPointRecord | undefined> {
      // spelled out: drizzle writes a select list's columns unqualified, and a bare "id" inside the
      // subqueries would name the subquery's own table
      const point = sql.raw('"measurement_points"');
      const modelPorts = sql<unknown[] | null>`(
        select json_agg(m.ports order by d.serial) from ${devices} d join ${models} m on m.id = d.model_id
        where d.measurement_point_id = ${point}.id and d.deleted_at is null
          and d.company_id = ${point}.company_id)`;
      const measuredPorts = sql<string[] | null>`(
        select json_agg(sl.port order by sl.ts desc, sl.port) from ${seriesLatest} sl
        where sl.point_id = ${point}.id)`;
      const [row] = await db
        .select({
          id: measurementPoints.id,
          unit: measurementPoints.unit,
          measureTime: measurementPoints.measureTime,
          groundLevel: measurementPoints.groundLevel,
          invertLevel: measurementPoints.invertLevel,
          warningValue: measurementPoints.warningValue,
          alertValue: measurementPoints.alertValue,
          parameters: measurementPoints.parameters,
          modelPorts,
          measuredPorts,
        })
        .from(measurementPoints)
        .where(
          and(
            eq(measurementPoints.id, id),
            inCompany(scope, measurementPoints.companyId),
            isNull(measurementPoints.deletedAt),
          ),
        );
      if (!row) return undefined;
      return {
        ...row,
        // each device's model ports (an array each), in serial order, as one list
        modelPorts: (row.modelPorts ?? []).flatMap((ports) =>
          Array.isArray(ports) ? (ports as unknown[]) : [],
        ),
        measuredPorts: row.measuredPorts ?? [],
      };
    },

    /**
     * How many measures the range holds, from the hourly rollup alone: `atMost` counts every hour
     * the range touches, `atLeast` only the hours wholly inside it (a lower bound of the exact count).
     * The chart goes straight to buckets when `atLeast` is over the limit.
     */
    async measureCount(range: SeriesRange): Promise<{ atMost: number; atLeast: number }> {
      const from = range.from.toISOString();
      const to = range.to.toISOString();
      const result = await db.execute(sql`
        select coalesce(sum(count), 0)::float8 as at_most,
          coalesce(sum(count) filter (where hour >= ${from}::timestamptz
            and hour + interval '1 hour' <= ${to}::timestamptz), 0)::float8 as at_least
        from measures_hourly
        where point_id = ${range.pointId} and port = ${range.port}
          and hour >= date_trunc('hour', ${from}::timestamptz) and hour < ${to}::timestamptz`);
      const [row] = (result as unknown as { rows: { at_most: number; at_least: number }[] }).rows;
      return { atMost: Number(row?.at_most ?? 0), atLeast: Number(row?.at_least ?? 0) };
    },

    /** Up to `limit` single measures of the range, oldest first. */
    async rawMeasures(range: SeriesRange, limit: number): Promise<RawMeasureRow[]> {
      return db
        .select({ ts: measures.ts, value: measures.interpreted, flag: measures.flag })
        .from(measures)
        .where(inRange(range))
        .orderBy(asc(measures.ts))
        .limit(limit);
    },

    /**
     * One row per non-empty bucket of `bucketSeconds`, buckets aligned on 2000-01-01 UTC (so the same
     * width always gives the same bucket starts). Worst flag = highest QARTOD code.
     */
    async buckets(range: SeriesRange, bucketSeconds: number): Promise<BucketRow[]> {
      // an integer the service computed, inlined so the select and GROUP BY share one expression
      const width = sql.raw(String(Math.trunc(bucketSeconds)));
      const bucket = sql`date_bin(make_interval(secs => ${width}), ${measures.ts}, timestamptz '2000-01-01T00:00:00Z')`;
      // only values within the bound are aggregated: an older row holding ±Infinity, NaN or 1e300
      // would make avg() Infinity (not JSON) or fail outright ("value out of range: overflow")
      const bound = sql.raw(`${maxMeasureMagnitude}::float8`);
      const usable = sql`filter (where ${measures.interpreted} between -${bound} and ${bound})`;
      // drizzle maps SQL NULL to null before any mapWith decoder runs
      return db
        .select({
          ts: bucket.mapWith(measures.ts),
          min: sql<number | null>`min(${measures.interpreted}) ${usable}`.mapWith(Number),
          max: sql<number | null>`max(${measures.interpreted}) ${usable}`.mapWith(Number),
          avg: sql<number | null>`avg(${measures.interpreted}) ${usable}`.mapWith(Number),
          count: sql<number>`count(*)::int`.mapWith(Number),
          flag: sql<number>`max(${measures.flag})::int`.mapWith(Number),
        })
        .from(measures)
        .where(inRange(range))
        .groupBy(bucket)
        .orderBy(bucket);
    },

    /**
     * The same rows as `buckets` for a width that is a whole number of hours, read from the hourly
     * rollup for the whole hours of the range and from the measures for its partial first and last
     * hours (so a range that does not start on the hour counts exactly what `buckets` counts).
     */
    async hourlyBuckets(range: SeriesRange, bucketSeconds: number): Promise<BucketRow[]> {
      const width = sql.raw(String(Math.trunc(bucketSeconds)));
      const bound = sql.raw(`${maxMeasureMagnitude}::float8`);
      const firstHour = new Date(Math.ceil(range.from.getTime() / hourMs) * hourMs);
      const endHour = new Date(
        Math.max(firstHour.getTime(), Math.floor(range.to.getTime() / hourMs) * hourMs),
      );
      const usable = sql`interpreted between -${bound} and ${bound}`;
      const result = await db.execute(sql`
        with parts as (
          select hour as ts, count, usable, sum, min, max, flag from measures_hourly
          where point_id = ${range.pointId} and port = ${range.port}
            and hour >= ${firstHour.toISOString()}::timestamptz and hour < ${endHour.toISOString()}::timestamptz
          union all
          select ts, 1, case when ${usable} then 1 else 0 end, case when ${usable} then interpreted end,
            case when ${usable} then interpreted end, case when ${usable} then interpreted end, flag
          from measures
          where point_id = ${range.pointId} and port = ${range.port}
            and ts >= ${range.from.toISOString()}::timestamptz and ts < ${range.to.toISOString()}::timestamptz
            and (ts < ${firstHour.toISOString()}::timestamptz or ts >= ${endHour.toISOString()}::timestamptz)
        )
        select extract(epoch from date_bin(make_interval(secs => ${width}), ts, timestamptz '2000-01-01T00:00:00Z'))::float8 as epoch,
          min(min) as min, max(max) as max, sum(sum) / nullif(sum(usable), 0) as avg,
          sum(count)::int as count, max(flag)::int as flag
        from parts group by 1 order by 1`);
      const rows = (result as unknown as { rows: (Omit<BucketRow, 'ts'> & { epoch: number })[] }).rows;
      // pg and PGlite both decode float8 and int4 as numbers; Number() keeps that true for both
      return rows.map((r) => ({
        ts: new Date(Number(r.epoch) * 1000),
        min: r.min === null ? null : Number(r.min),
        max: r.max === null ? null : Number(r.max),
        avg: r.avg === null ? null : Number(r.avg),
        count: Number(r.count),
        flag: Number(r.flag),
      }));
    },
  };
}
export type PointSeriesRepository = ReturnType<typeof createPointSeriesRepository>;
