/**
 * SQL of the daily summaries (docs/REPORTS.md "Daily summaries"): what a company's days are computed
 * from (points, their values per series and local day, the device states that exclude a day), and
 * the rows, computed days and stale marks they are kept in. Days are local to the company's time
 * zone: PostgreSQL turns a day into its local midnight, so a DST day lasts 23 or 25 hours.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dailySummaries } from '../db/schema';
import { rowsOf } from '../db/rows';

export interface SummaryPoint {
  id: string;
  name: string;
  kind: string;
  unit: string;
  groundLevel: number | null;
  invertLevel: number | null;
  measureTime: number;
  test: boolean;
  parameters: unknown;
  /** The port of the point's latest reading (its main series when the parameters name none). */
  latestPort: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

/** A series' values of one local day, in time order (times epoch ms; null: a failed reading). */
export interface SeriesDay {
  pointId: string;
  port: string;
  day: string;
  ts: number[];
  values: Array<number | null>;
}

/** A span a device spent in a state that excludes a day, at a point. */
export interface ExcludingState {
  pointId: string;
  state: string;
  from: Date;
  until: Date | null;
}

export type SummaryRow = typeof dailySummaries.$inferInsert;

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Rows of db.execute on either driver. */

export function createDailySummariesRepository(db: Db) {
  return {
    async timeZone(companyId: string): Promise<string | null> {
      const result = await db.execute(
        sql`select preferred_timezone as tz from companies where id = ${companyId} and deleted_at is null`,
      );
      return rowsOf<{ tz: string }>(result)[0]?.tz ?? null;
    },

    /** The time zone of a point's company (null: no such point). */
    async timeZoneOfPoint(pointId: string): Promise<string | null> {
      const result = await db.execute(sql`
        select c.preferred_timezone as tz from measurement_points p join companies c on c.id = p.company_id
        where p.id = ${pointId}`);
      return rowsOf<{ tz: string }>(result)[0]?.tz ?? null;
    },

    /** Companies with live points: the ones the job computes. */
    async companiesWithPoints(): Promise<Array<{ id: string; timeZone: string }>> {
      const result = await db.execute(sql`
        select c.id, c.preferred_timezone as "timeZone" from companies c
        where c.deleted_at is null
          and exists (select 1 from measurement_points p where p.company_id = c.id and p.deleted_at is null)
        order by c.id`);
      return rowsOf(result);
    },

    /** Local today of a time zone, YYYY-MM-DD (the database's clock). */
    async today(timeZone: string): Promise<string> {
      const result = await db.execute(sql`select (now() at time zone ${timeZone})::date::text as day`);
      return rowsOf<{ day: string }>(result)[0]!.day;
    },

    /**
     * The company's points that lived during [from, to] (local days) — created before the end of `to`
     * and not deleted before the start of `from` — or have measures in it; `ids` narrows to some.
     */
    async points(
      companyId: string,
      tz: string,
      from: string,
      to: string,
      ids?: string[],
    ): Promise<SummaryPoint[]> {
      const result = await db.execute(sql`
        select p.id, p.name, p.kind, p.unit, p.ground_level as "groundLevel", p.invert_level as "invertLevel",
          p.measure_time as "measureTime", p.test, p.parameters, p.created_at as "createdAt",
          p.deleted_at as "deletedAt",
          (select sl.port from series_latest sl where sl.point_id = p.id
            order by sl.ts desc, sl.port limit 1) as "latestPort"
        from measurement_points p
        where p.company_id = ${companyId}
          and ((p.created_at < ((${to}::date + 1)::timestamp at time zone ${tz})
                and (p.deleted_at is null or p.deleted_at >= (${from}::date::timestamp at time zone ${tz})))
            -- measures of before its creation (imported history) or after its deletion count too
            or exists (select 1 from measures m where m.point_id = p.id
                       and m.ts >= (${from}::date::timestamp at time zone ${tz})
                       and m.ts < ((${to}::date + 1)::timestamp at time zone ${tz})))
          ${ids ? sql`and p.id = any(${sql.param(ids)}::uuid[])` : sql``}
        order by p.id`);
      return rowsOf<SummaryPoint>(result).map((p) => ({
        ...p,
        createdAt: asDate(p.createdAt),
        deletedAt: p.deletedAt ? asDate(p.deletedAt) : null,
      }));
    },

    /** Every day's values of the points' series over [from, to] (local days), one row per series-day. */
    async seriesDays(pointIds: string[], tz: string, from: string, to: string): Promise<SeriesDay[]> {
      if (pointIds.length === 0) return [];
      // arrays, not a row a value: a month of 10-minute data of 1,000 points is 4 million rows
      const result = await db.execute(sql`
        select m.point_id as "pointId", m.port, (m.ts at time zone ${tz})::date::text as day,
          array_agg((extract(epoch from m.ts) * 1000)::float8 order by m.ts) as ts,
          array_agg(m.interpreted order by m.ts) as values
        from measures m
        where m.point_id = any(${sql.param(pointIds)}::uuid[])
          and m.ts >= (${from}::date::timestamp at time zone ${tz})
          and m.ts < ((${to}::date + 1)::timestamp at time zone ${tz})
        group by 1, 2, 3`);
      return rowsOf<SeriesDay>(result).map((r) => ({
        ...r,
        ts: r.ts.map(Number),
        values: r.values.map((v) => (v === null ? null : Number(v))),
      }));
    },

    /**
     * The spans devices spent in Maintenance or Decommissioned at the points, overlapping [from, to)
     * (from the state history: each change holds until the device's next one).
     */
    async excludingStates(pointIds: string[], from: Date, to: Date): Promise<ExcludingState[]> {
      if (pointIds.length === 0) return [];
      const result = await db.execute(sql`
        with changes as (
          select h.point_id, h.to_state, h.at,
            lead(h.at) over (partition by h.device_id order by h.at, h.id) as until
          from device_state_history h
          where h.device_id in (
            select distinct device_id from device_state_history where point_id = any(${sql.param(pointIds)}::uuid[]))
        )
        select point_id as "pointId", to_state as state, at as "from", until from changes
        where point_id = any(${sql.param(pointIds)}::uuid[])
          and to_state in ('Maintenance', 'Decommissioned')
          and at < ${to.toISOString()}::timestamptz
          and (until is null or until > ${from.toISOString()}::timestamptz)`);
      return rowsOf<ExcludingState>(result).map((r) => ({
        ...r,
        from: asDate(r.from),
        until: r.until ? asDate(r.until) : null,
      }));
    },

    /**
     * The point-days excluded by agreement with the client within [from, to]: exclusions (not notes)
     * pending or accepted — a disputed or withdrawn one no longer excludes (docs/REPORTS.md).
     */
    async agreedExclusions(pointIds: string[], from: string, to: string): Promise<Set<string>> {
      if (pointIds.length === 0) return new Set();
      const result = await db.execute(sql`
        select distinct e.point_id as "pointId", d::date::text as day
        from report_exclusions e
        cross join generate_series(greatest(e.from_day, ${from}::date), least(e.to_day, ${to}::date), interval '1 day') d
        where e.point_id = any(${sql.param(pointIds)}::uuid[]) and e.kind = 'exclusion'
          and e.status in ('pending', 'accepted')
          and e.from_day <= ${to}::date and e.to_day >= ${from}::date`);
      return new Set(rowsOf<{ pointId: string; day: string }>(result).map((r) => `${r.pointId}|${r.day}`));
    },

    /**
     * The company's first local day none of whose measures retention removed (docs/OPERATIONS.md
     * "Data life"), or null when none were: the days before it keep the summaries they had.
     */
    async firstKeptDay(companyId: string, tz: string): Promise<string | null> {
      const result = await db.execute(sql`
        select case when (r.t at time zone ${tz})::time = '00:00' then (r.t at time zone ${tz})::date
          else (r.t at time zone ${tz})::date + 1 end::text as day
        from (select max(older_than) as t from measure_removals where company_id = ${companyId}) r
        where r.t is not null`);
      return rowsOf<{ day: string }>(result)[0]?.day ?? null;
    },

    /** Drops the company's stale marks of days before `day`: nothing is left to recompute them from. */
    async clearStaleBefore(companyId: string, day: string): Promise<void> {
      await db.execute(sql`
        delete from daily_summary_stale s using measurement_points p
        where p.id = s.point_id and p.company_id = ${companyId} and s.day < ${day}::date`);
    },

    /** Marks the computed days of a point within [from, to] stale (an exclusion agreed or withdrawn). */
    async markDaysStale(pointId: string, from: string, to: string): Promise<void> {
      await db.execute(sql`
        insert into daily_summary_stale (point_id, day)
        select ${pointId}, d.day from daily_summary_days d
        join measurement_points p on p.company_id = d.company_id and p.id = ${pointId}
        where d.day between ${from}::date and ${to}::date
        on conflict (point_id, day) do update set marked_at = clock_timestamp()`);
    },

    /** Local midnights of [from, to + 1] in the zone, as epoch ms: day i spans [i, i + 1). */
    async midnights(tz: string, from: string, to: string): Promise<Map<string, [number, number]>> {
      const result = await db.execute(sql`
        select g::date::text as day,
          (extract(epoch from (g::date::timestamp at time zone ${tz})) * 1000)::float8 as start,
          (extract(epoch from ((g::date + 1)::timestamp at time zone ${tz})) * 1000)::float8 as stop
        from generate_series(${from}::date, ${to}::date, interval '1 day') g`);
      return new Map(
        rowsOf<{ day: string; start: number; stop: number }>(result).map((r) => [
          r.day,
          [Number(r.start), Number(r.stop)],
        ]),
      );
    },

    /** The computed days of a company within [from, to]. */
    async computedDays(companyId: string, from: string, to: string): Promise<Set<string>> {
      const result = await db.execute(sql`
        select day::text as day from daily_summary_days
        where company_id = ${companyId} and day between ${from}::date and ${to}::date`);
      return new Set(rowsOf<{ day: string }>(result).map((r) => r.day));
    },

    /** The stale point-days of a company within [from, to]. */
    async staleDays(
      companyId: string,
      from: string,
      to: string,
    ): Promise<Array<{ pointId: string; day: string }>> {
      const result = await db.execute(sql`
        select s.point_id as "pointId", s.day::text as day from daily_summary_stale s
        join measurement_points p on p.id = s.point_id
        where p.company_id = ${companyId} and s.day between ${from}::date and ${to}::date
        order by s.day, s.point_id`);
      return rowsOf(result);
    },

    /**
     * Marks computed before the rows are read, so a measure committed while they are computed
     * still finds its day computed and marks it stale (daily-summaries.ts).
     */
    async markComputed(companyId: string, days: string[]): Promise<Date> {
      const result = await db.execute(sql`
        insert into daily_summary_days (company_id, day)
        select ${companyId}, d::date from unnest(${sql.param(days)}::text[]) d
        on conflict (company_id, day) do update set computed_at = excluded.computed_at
        returning clock_timestamp() as at`);
      return asDate(rowsOf<{ at: unknown }>(result)[0]?.at ?? new Date());
    },

    /**
     * Replaces the rows of the points' days and clears their stale marks made before `since`: one
     * transaction, serialised per company so two computations of a day never collide.
     */
    async replace(
      companyId: string,
      pointIds: string[],
      days: string[],
      rows: SummaryRow[],
      since: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`aforo.daily:${companyId}`}))`);
        await tx.execute(sql`
          delete from daily_summaries
          where point_id = any(${sql.param(pointIds)}::uuid[]) and day = any(${sql.param(days)}::date[])`);
        for (let i = 0; i < rows.length; i += 1000)
          await tx.insert(dailySummaries).values(rows.slice(i, i + 1000));
        await tx.execute(sql`
          delete from daily_summary_stale
          where point_id = any(${sql.param(pointIds)}::uuid[]) and day = any(${sql.param(days)}::date[])
            and marked_at <= ${since.toISOString()}::timestamptz`);
      });
    },

    /**
     * Marks stale the computed days that measures of these series-hours fall in (late data): only
     * days already computed for the point's company need it.
     */
    async markStale(items: Array<{ pointId: string; ms: number }>): Promise<number> {
      if (items.length === 0) return 0;
      const result = await db.execute(sql`
        insert into daily_summary_stale (point_id, day)
        select distinct u.point_id, (to_timestamp(u.ms / 1000.0) at time zone c.preferred_timezone)::date
        from unnest(${sql.param(items.map((i) => i.pointId))}::uuid[], ${sql.param(items.map((i) => i.ms))}::float8[]) as u(point_id, ms)
        join measurement_points p on p.id = u.point_id
        join companies c on c.id = p.company_id
        join daily_summary_days d on d.company_id = p.company_id
          and d.day = (to_timestamp(u.ms / 1000.0) at time zone c.preferred_timezone)::date
        on conflict (point_id, day) do update set marked_at = clock_timestamp()
        returning point_id`);
      return rowsOf(result).length;
    },
  };
}

export type DailySummariesRepository = ReturnType<typeof createDailySummariesRepository>;
