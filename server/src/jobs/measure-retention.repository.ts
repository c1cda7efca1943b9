/**
 * SQL of measure retention (jobs/measure-retention.ts, docs/OPERATIONS.md "Data life"). A measure
 * belongs to the company of its point, or — taken while its device was not installed — to the
 * company of its device. Table names come from the catalogue (monthly partitions named by
 * db/partitions.ts) or are the default partition's, never from input. Deletes go in bounded batches,
 * one short statement each.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { monthOfPartition } from '../db/partitions';
import { rowsOf } from '../db/rows';

const p = sql.param;
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const countOf = (result: unknown) => rowsOf<{ n: number }>(result)[0]?.n ?? 0;
/** A partition of measures by its name: one Aforo made (or the default one), quoted. */
const table = (name: string): SQL => {
  if (name !== 'measures_default' && !monthOfPartition(name))
    throw new Error(`not a measures partition: ${name}`);
  return sql.raw(`"${name}"`);
};

export interface CompanyRetention {
  companyId: string;
  timeZone: string;
  months: number;
  /** The start of the oldest local month the company keeps (its current month minus `months`). */
  keptFrom: Date;
}

/** Whose measures a removal touches: the company's points (deleted ones too) and devices. */
export interface CompanyScope {
  pointIds: string[];
  deviceIds: string[];
}

export interface PartitionRows {
  pointId: string | null;
  companyId: string | null;
  rows: number;
}

export type RemovalAction = 'drop_partition' | 'delete_rows' | 'delete_failed_measures';

export interface Removal {
  action: RemovalAction;
  tableName: string;
  /** YYYY-MM-01 of a monthly partition. */
  month: string | null;
  companyId: string | null;
  olderThan: Date;
  rows: number;
}

/** Rows of the scope, optionally older than `before` (the default partition holds any month). */
const ofScope = (scope: CompanyScope, before: Date | null): SQL => sql`
  (point_id = any(${p(scope.pointIds)}::uuid[])
    or (point_id is null and device_id = any(${p(scope.deviceIds)}::uuid[])))
  ${before ? sql`and ts < ${p(before.toISOString())}::timestamptz` : sql``}`;

export function createMeasureRetentionRepository(db: Db) {
  return {
    /** Companies with a retention, and where their kept months start at `now` in their time zone. */
    async retentions(now: Date): Promise<CompanyRetention[]> {
      const result = await db.execute(sql`
        select c.id as "companyId", c.preferred_timezone as "timeZone", c.measure_retention_months as months,
          (date_trunc('month', ${p(now.toISOString())}::timestamptz at time zone c.preferred_timezone)
            - make_interval(months => c.measure_retention_months)) at time zone c.preferred_timezone as "keptFrom"
        from companies c where c.measure_retention_months is not null
        order by c.id`);
      return rowsOf<CompanyRetention>(result).map((r) => ({ ...r, keptFrom: asDate(r.keptFrom) }));
    },

    /** The monthly partitions of measures (by their names), oldest first. */
    async monthlyPartitions(): Promise<Array<{ name: string; month: Date }>> {
      const result = await db.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'measures'::regclass`);
      return rowsOf<{ name: string }>(result)
        .flatMap((r) => {
          const month = monthOfPartition(r.name);
          return month ? [{ name: r.name, month }] : [];
        })
        .sort((a, b) => a.month.getTime() - b.month.getTime());
    },

    /** The companies that have measures in a partition (an index probe per point, one range scan for the rest). */
    async ownersIn(name: string): Promise<Set<string>> {
      const t = table(name);
      const result = await db.execute(sql`
        select pt.company_id as "companyId" from measurement_points pt
        where exists (select 1 from ${t} m where m.point_id = pt.id)
        union
        select d.company_id from devices d
        join (select distinct device_id from ${t} where point_id is null) x on x.device_id = d.id
        where d.company_id is not null`);
      return new Set(rowsOf<{ companyId: string }>(result).map((r) => r.companyId));
    },

    /** A partition's rows per point (and per company; null: rows of no company), before it is dropped. */
    async rowsIn(name: string): Promise<PartitionRows[]> {
      const t = table(name);
      const result = await db.execute(sql`
        select x.point_id as "pointId", coalesce(pt.company_id, d.company_id) as "companyId", x.n::int as rows
        from (select point_id, case when point_id is null then device_id end as device_id, count(*) as n
              from ${t} group by 1, 2) x
        left join measurement_points pt on pt.id = x.point_id
        left join devices d on d.id = x.device_id`);
      return rowsOf<PartitionRows>(result);
    },

    async scopeOf(companyId: string): Promise<CompanyScope> {
      const points = await db.execute(sql`select id from measurement_points where company_id = ${companyId}`);
      const devices = await db.execute(sql`select id from devices where company_id = ${companyId}`);
      return {
        pointIds: rowsOf<{ id: string }>(points).map((r) => r.id),
        deviceIds: rowsOf<{ id: string }>(devices).map((r) => r.id),
      };
    },

    /** The oldest measure of the scope in a partition older than `before`, or null when it has none. */
    async oldestOf(name: string, scope: CompanyScope, before: Date | null): Promise<Date | null> {
      const result = await db.execute(
        sql`select min(ts) as t from ${table(name)} where ${ofScope(scope, before)}`,
      );
      const t = rowsOf<{ t: unknown }>(result)[0]?.t;
      return t ? asDate(t) : null;
    },

    /** Deletes up to `limit` of the scope's measures in a partition (older than `before`); how many. */
    async deleteRows(name: string, scope: CompanyScope, before: Date | null, limit: number): Promise<number> {
      const t = table(name);
      const result = await db.execute(sql`
        with gone as (
          delete from ${t} where ctid = any(array(
            select ctid from ${t} where ${ofScope(scope, before)} limit ${p(limit)}))
          returning 1)
        select count(*)::int as n from gone`);
      return countOf(result);
    },

    /** Deletes up to `limit` hourly rollup rows of the points in [from, to); how many. */
    async deleteHourly(pointIds: string[], from: Date | null, to: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        with gone as (
          delete from measures_hourly where ctid = any(array(
            select ctid from measures_hourly
            where point_id = any(${p(pointIds)}::uuid[]) and hour < ${p(to.toISOString())}::timestamptz
              ${from ? sql`and hour >= ${p(from.toISOString())}::timestamptz` : sql``}
            limit ${p(limit)}))
          returning 1)
        select count(*)::int as n from gone`);
      return countOf(result);
    },

    /**
     * Detaches and drops a monthly partition with its record, in one transaction: the measures table is
     * locked only for the detach (at most `lockTimeoutMs` waiting for it, else the transaction fails).
     */
    async dropPartition(name: string, removals: Removal[], lockTimeoutMs: number): Promise<void> {
      const t = table(name);
      await db.transaction(async (tx) => {
        for (const r of removals) await tx.execute(insertRemoval(r));
        await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`));
        await tx.execute(sql`alter table measures detach partition ${t}`);
        await tx.execute(sql`drop table ${t}`);
      });
    },

    /** Records a removal about to happen; its rows are added batch by batch. */
    async recordRemoval(removal: Removal): Promise<string> {
      const result = await db.execute(sql`${insertRemoval(removal)} returning id`);
      return rowsOf<{ id: string }>(result)[0]!.id;
    },

    async addRemovedRows(id: string, rows: number): Promise<void> {
      await db.execute(sql`update measure_removals set rows = rows + ${p(rows)} where id = ${id}`);
    },

    /** Deletes up to `limit` failed measures received before `before`, oldest first; how many. */
    async deleteFailedMeasures(before: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        with gone as (
          delete from failed_measures where id in (
            select id from failed_measures where received_at < ${p(before.toISOString())}::timestamptz
            order by received_at limit ${p(limit)})
          returning 1)
        select count(*)::int as n from gone`);
      return countOf(result);
    },

    /** The local day (YYYY-MM-DD) of an instant in a time zone. */
    async localDay(at: Date, tz: string): Promise<string> {
      const result = await db.execute(
        sql`select (${p(at.toISOString())}::timestamptz at time zone ${tz})::date::text as day`,
      );
      return rowsOf<{ day: string }>(result)[0]!.day;
    },
  };
}

function insertRemoval(r: Removal): SQL {
  return sql`
    insert into measure_removals (action, table_name, month, company_id, older_than, rows)
    values (${r.action}, ${r.tableName}, ${r.month}::date, ${r.companyId}::uuid,
      ${p(r.olderThan.toISOString())}::timestamptz, ${p(r.rows)})`;
}

export type MeasureRetentionRepository = ReturnType<typeof createMeasureRetentionRepository>;
