/**
 * SQL for reading measures. Every list is bounded by one point or one device and a time range, so
 * it runs on the (point_id, port, ts) index or the (device_id, port, ts) primary key and only the
 * partitions of the range: never a scan of the whole table.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Frequency } from '@aforo/contracts/common/frequency';
import { maxMeasureMagnitude } from '@aforo/contracts/device-protocol';
import type { MeasureListQuery } from '@aforo/contracts/measures';
import type { Db } from '../../db/client';
import {
  afterCursor,
  cursorOf,
  exportBatchSize,
  keysetBatches,
  keysetOrder,
  type KeyColumn,
} from '../../db/keyset';
import { devices, measurementPoints, measures } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { windowStarts } from '../../lib/local-days';

export type MeasureRow = typeof measures.$inferSelect & {
  deviceSerial: string | null;
  pointName: string | null;
};

/** What the list reads once the service has checked the point/device and settled the range. */
export interface MeasureFilter {
  pointId?: string;
  deviceId?: string;
  from: Date;
  to: Date;
  port?: string;
  flag?: number;
  /** Company users: only measures taken at their company's points. */
  onlyPointsOf?: Scope;
}

/** One bucket of one point and port (the aggregated export). */
export interface MeasureBucketRow {
  /** The bucket's start on the company's clock ("2024-10-27T02:00:00") and its UTC offset. */
  localStart: string;
  offsetSeconds: number;
  epoch: number;
  pointId: string | null;
  pointName: string | null;
  port: string;
  /** Measures that entered min/avg/max/last, and the rest (flag 4 or no usable value). */
  count: number;
  failed: number;
  min: number | null;
  avg: number | null;
  max: number | null;
  last: number | null;
}

/** The company's clock for an aggregated export, and the local days `from` and `to` fall on. */
export interface LocalClock {
  timeZone: string;
  firstDay: string;
  lastDay: string;
}

// the export's order, the list's too: time, then port and device (the primary key, so unique)
const exportKeys: KeyColumn[] = [
  { column: measures.ts, type: 'timestamptz' },
  { column: measures.port, type: 'text' },
  { column: measures.deviceId, type: 'uuid' },
];

export function createMeasuresRepository(db: Db) {
  function filters(filter: MeasureFilter): SQL | undefined {
    return and(
      filter.pointId ? eq(measures.pointId, filter.pointId) : undefined,
      filter.deviceId ? eq(measures.deviceId, filter.deviceId) : undefined,
      filter.port ? eq(measures.port, filter.port) : undefined,
      // the range prunes partitions and bounds the index scan
      gte(measures.ts, filter.from),
      lte(measures.ts, filter.to),
      filter.flag !== undefined ? eq(measures.flag, filter.flag) : undefined,
      filter.onlyPointsOf ? inArray(measures.pointId, pointsOf(filter.onlyPointsOf)) : undefined,
    );
  }

  const select = () =>
    db
      .select({
        measure: measures,
        deviceSerial: devices.serial,
        pointName: measurementPoints.name,
        cursor: cursorOf(exportKeys),
      })
      .from(measures)
      .leftJoin(devices, eq(devices.id, measures.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, measures.pointId));
  type Selected = Awaited<ReturnType<typeof select>>[number];
  const flat = ({ measure, deviceSerial, pointName }: Selected): MeasureRow => ({
    ...measure,
    deviceSerial,
    pointName,
  });

  return {
    async list(filter: MeasureFilter, query: Pick<MeasureListQuery, 'page' | 'length' | 'dir'>) {
      const where = filters(filter);
      const byTs = query.dir === 'ASC' ? asc(measures.ts) : desc(measures.ts);
      const rows = await select()
        .where(where)
        .orderBy(byTs, asc(measures.port), asc(measures.deviceId))
        .limit(query.length)
        .offset((query.page - 1) * query.length);
      const [total] = await db.select({ n: count() }).from(measures).where(where);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** Every measure of the filter in batches (keyset paging on the primary key's columns). */
    async *export(filter: MeasureFilter, dir: 'ASC' | 'DESC'): AsyncGenerator<MeasureRow[]> {
      const where = filters(filter);
      const batches = keysetBatches((after, limit) =>
        select()
          .where(and(where, after ? afterCursor(exportKeys, after, dir) : undefined))
          .orderBy(...keysetOrder(exportKeys, dir))
          .limit(limit),
      );
      for await (const rows of batches) yield rows.map(flat);
    },

    /** The company's preferred time zone (none: UTC) and the local days of the range's ends. */
    async localClock(companyId: string | null, from: Date, to: Date): Promise<LocalClock> {
      const result = await db.execute(sql`
        select z.tz as "timeZone",
          (${from}::timestamptz at time zone z.tz)::date::text as "firstDay",
          (${to}::timestamptz at time zone z.tz)::date::text as "lastDay"
        from (select coalesce(
          (select preferred_timezone from companies where id = ${companyId}::uuid), 'UTC') as tz) z`);
      return (result as unknown as { rows: [LocalClock] }).rows[0];
    },

    /**
     * One row per point, port and bucket of `frequency` on the company's clock, read in windows of
     * whole local days (a bucket never spans two days, so never two windows) of about one batch each.
     */
    async *exportBuckets(
      filter: MeasureFilter,
      frequency: Frequency,
      clock: LocalClock,
      dir: 'ASC' | 'DESC',
    ): AsyncGenerator<MeasureBucketRow[]> {
      const where = filters(filter);
      const days = Math.floor((exportBatchSize * frequency) / 86_400);
      const starts = windowStarts(clock.firstDay, clock.lastDay, days);
      // [undefined, s1, …, sn] and [s1, …, sn, undefined]: the outer windows end at from and to
      const windows = [undefined, ...starts].map((start, i) => ({ start, end: starts[i] }));
      if (dir === 'DESC') windows.reverse();
      for (const window of windows) {
        const rows = await bucketsOf(where, frequency, clock.timeZone, window, dir);
        if (rows.length > 0) yield rows;
      }
    },
  };

  /** The buckets of one window of local days (a day: its local midnight in the company's zone). */
  function bucketsOf(
    where: SQL | undefined,
    frequency: Frequency,
    tz: string,
    window: { start?: string; end?: string },
    dir: 'ASC' | 'DESC',
  ) {
    const midnight = (day: string) => sql`(${day}::date::timestamp at time zone ${tz})`;
    const localDay = sql`date_trunc('day', ${measures.ts}, ${tz})`;
    // a day is a local calendar day (23 or 25 h at a DST change); shorter buckets step by the
    // frequency from the local midnight of their day (date_bin's origin), so they never cross it
    const bucket =
      frequency === 86_400
        ? localDay
        : sql`date_bin(make_interval(secs => ${frequency}), ${measures.ts}, ${localDay})`;
    // flag 4 marks a value known wrong (sensor fault, below the invert level, a sentinel); beyond
    // ±maxMeasureMagnitude (∞, NaN, 1e300 of older rows) avg() overflows: neither is averaged
    const bound = sql.raw(`${maxMeasureMagnitude}::float8`);
    // (no value at all is not usable either: coalesce, or "not usable" would be null and go uncounted)
    const usable = sql`coalesce(${measures.flag} <> 4 and ${measures.interpreted} between -${bound} and ${bound}, false)`;
    const rows = db
      .select({
        bucket: sql<Date>`${bucket}`.as('bucket'),
        pointId: measures.pointId,
        port: measures.port,
        ts: measures.ts,
        value: measures.interpreted,
        usable: sql<boolean>`${usable}`.as('usable'),
      })
      .from(measures)
      .where(
        and(
          where,
          window.start ? gte(measures.ts, midnight(window.start)) : undefined,
          window.end ? lt(measures.ts, midnight(window.end)) : undefined,
        ),
      )
      .as('b');
    const ok = sql`filter (where ${rows.usable})`;
    const byBucket = dir === 'ASC' ? asc(rows.bucket) : desc(rows.bucket);
    return db
      .select({
        localStart: sql<string>`to_char(${rows.bucket} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        offsetSeconds:
          sql<number>`extract(epoch from (${rows.bucket} at time zone ${tz}) - (${rows.bucket} at time zone 'UTC'))::int`.mapWith(
            Number,
          ),
        epoch: sql<number>`extract(epoch from ${rows.bucket})::float8`.mapWith(Number),
        pointId: rows.pointId,
        pointName: measurementPoints.name,
        port: rows.port,
        count: sql<number>`(count(*) ${ok})::int`.mapWith(Number),
        failed: sql<number>`(count(*) filter (where not ${rows.usable}))::int`.mapWith(Number),
        min: sql<number | null>`min(${rows.value}) ${ok}`.mapWith(Number),
        avg: sql<number | null>`avg(${rows.value}) ${ok}`.mapWith(Number),
        max: sql<number | null>`max(${rows.value}) ${ok}`.mapWith(Number),
        last: sql<number | null>`(array_agg(${rows.value} order by ${rows.ts} desc) ${ok})[1]`.mapWith(
          Number,
        ),
      })
      .from(rows)
      .leftJoin(measurementPoints, eq(measurementPoints.id, rows.pointId))
      .groupBy(rows.bucket, rows.pointId, rows.port, measurementPoints.name)
      .orderBy(byBucket, asc(rows.pointId), asc(rows.port));
  }

  function pointsOf(scope: Scope) {
    return db
      .select({ id: measurementPoints.id })
      .from(measurementPoints)
      .where(inCompany(scope, measurementPoints.companyId));
  }
}
export type MeasuresRepository = ReturnType<typeof createMeasuresRepository>;
