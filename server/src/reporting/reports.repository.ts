/**
 * SQL the reports read (docs/REPORTS.md): the companies and points of a report and the stored daily
 * summaries of their days. The summaries are made current first (daily-summaries.ts ensure).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface ReportCompanyRow {
  id: string;
  name: string;
  timeZone: string;
}

export interface ReportPointRow {
  id: string;
  name: string;
  kind: string;
  unit: string;
  test: boolean;
  parameters: unknown;
  latestPort: string | null;
  companyId: string;
  companyName: string;
}

export interface SummaryReadRow {
  pointId: string;
  port: string;
  day: string;
  main: boolean;
  class: string;
  reasons: unknown;
  exclusion: string | null;
  count: number;
  expected: number;
  hours: number;
  min: number | null;
  minAt: Date | null;
  max: number | null;
  maxAt: Date | null;
  mean: number | null;
  first: number | null;
  firstAt: Date | null;
  last: number | null;
  lastAt: Date | null;
  outOfRange: number;
  jumps: number;
  longestEqualRun: number;
  total: number | null;
  totalKind: string | null;
  computedAt: Date;
}

export interface ClassCounts {
  days: number;
  correct: number;
  intermittent: number;
  incorrect: number;
  noTransmission: number;
  excluded: number;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

const summaryColumns = sql`ds.point_id as "pointId", ds.port, ds.day::text as day, ds.main, ds.class,
  ds.reasons, ds.exclusion, ds.count, ds.expected, ds.hours, ds.min, ds.min_at as "minAt", ds.max,
  ds.max_at as "maxAt", ds.mean, ds.first, ds.first_at as "firstAt", ds.last, ds.last_at as "lastAt",
  ds.out_of_range as "outOfRange", ds.jumps, ds.longest_equal_run as "longestEqualRun", ds.total,
  ds.total_kind as "totalKind", ds.computed_at as "computedAt"`;

function toSummary(r: SummaryReadRow): SummaryReadRow {
  return {
    ...r,
    minAt: asDate(r.minAt),
    maxAt: asDate(r.maxAt),
    firstAt: asDate(r.firstAt),
    lastAt: asDate(r.lastAt),
    computedAt: asDate(r.computedAt)!,
    hours: Number(r.hours),
  };
}

export function createReportsRepository(db: Db) {
  return {
    /** One company (live), or null. */
    async company(id: string): Promise<ReportCompanyRow | null> {
      const result = await db.execute(sql`
        select id, business_name as name, preferred_timezone as "timeZone" from companies where id = ${id} and deleted_at is null`);
      return rowsOf<ReportCompanyRow>(result)[0] ?? null;
    },

    /** The network across companies: every live company with live points (provider staff's view). */
    async networkCompaniesAcrossCompanies(): Promise<ReportCompanyRow[]> {
      const result = await db.execute(sql`
        select c.id, c.business_name as name, c.preferred_timezone as "timeZone" from companies c
        where c.deleted_at is null
          and exists (select 1 from measurement_points p where p.company_id = c.id and p.deleted_at is null)
        order by c.business_name, c.id`);
      return rowsOf(result);
    },

    /**
     * The companies' points a report over [from, to] lists: the live ones created before its end, and
     * deleted ones that have summaries in it. Ordered by company, then name.
     */
    async points(companyIds: string[], from: string, to: string): Promise<ReportPointRow[]> {
      if (companyIds.length === 0) return [];
      const result = await db.execute(sql`
        select p.id, p.name, p.kind, p.unit, p.test, p.parameters, c.id as "companyId", c.business_name as "companyName",
          (select sl.port from series_latest sl where sl.point_id = p.id order by sl.ts desc, sl.port limit 1)
            as "latestPort"
        from measurement_points p join companies c on c.id = p.company_id
        where p.company_id = any(${sql.param(companyIds)}::uuid[])
          and ((p.deleted_at is null
                and p.created_at < ((${to}::date + 1)::timestamp at time zone c.preferred_timezone))
            or exists (select 1 from daily_summaries ds where ds.point_id = p.id
                       and ds.day between ${from}::date and ${to}::date))
        order by c.business_name, c.id, p.name, p.id`);
      return rowsOf(result);
    },

    /** The stored summaries of the main series of the companies' points over [from, to]. */
    async mainSummaries(companyIds: string[], from: string, to: string): Promise<SummaryReadRow[]> {
      if (companyIds.length === 0) return [];
      const result = await db.execute(sql`
        select ${summaryColumns} from daily_summaries ds
        where ds.company_id = any(${sql.param(companyIds)}::uuid[]) and ds.main
          and ds.day between ${from}::date and ${to}::date
        order by ds.point_id, ds.day`);
      return rowsOf<SummaryReadRow>(result).map(toSummary);
    },

    /** The operation counts of the companies' main series over [from, to] (docs/REPORTS.md "Operation %"). */
    async classCounts(companyIds: string[], from: string, to: string): Promise<ClassCounts> {
      const result = await db.execute(sql`
        select count(*)::int as days,
          count(*) filter (where class = 'correct')::int as correct,
          count(*) filter (where class = 'intermittent')::int as intermittent,
          count(*) filter (where class = 'incorrect')::int as incorrect,
          count(*) filter (where class = 'no_transmission')::int as "noTransmission",
          count(*) filter (where class = 'excluded')::int as excluded
        from daily_summaries
        where company_id = any(${sql.param(companyIds)}::uuid[]) and main
          and day between ${from}::date and ${to}::date`);
      return rowsOf<ClassCounts>(result)[0]!;
    },

    /** Every series' summaries of one point over [from, to]. */
    async pointSummaries(pointId: string, from: string, to: string): Promise<SummaryReadRow[]> {
      const result = await db.execute(sql`
        select ${summaryColumns} from daily_summaries ds
        where ds.point_id = ${pointId} and ds.day between ${from}::date and ${to}::date
        order by ds.day, ds.main desc, ds.port`);
      return rowsOf<SummaryReadRow>(result).map(toSummary);
    },

    /** The company a point belongs to, with its time zone. */
    async companyOfPoint(pointId: string): Promise<ReportCompanyRow | null> {
      const result = await db.execute(sql`
        select c.id, c.business_name as name, c.preferred_timezone as "timeZone"
        from measurement_points p join companies c on c.id = p.company_id where p.id = ${pointId}`);
      return rowsOf<ReportCompanyRow>(result)[0] ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
