/**
 * SQL of the Overview's operation % (operation-this-month.ts), one statement for every company
 * asked: its time zone and local today, whether the summaries of its month's finished days are
 * current (every day computed, no point-day marked stale — the checks daily-summaries.ts `ensure`
 * makes) and, read in the same snapshot, the counts of those days by class.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ClassCounts } from './reports.repository';

export interface CompanyMonth {
  id: string;
  timeZone: string;
  /** Local today, YYYY-MM-DD. */
  today: string;
  /** Every finished day of the month computed and none stale: the counts stand as read. */
  current: boolean;
  counts: ClassCounts;
}

export function createOperationThisMonthRepository(db: Db) {
  return {
    /** The companies (not deleted) among `companyIds`, by id. */
    async monthsAcrossCompanies(companyIds: readonly string[]): Promise<Map<string, CompanyMonth>> {
      if (companyIds.length === 0) return new Map();
      const result = await db.execute(sql`
        select c.id::text as id, c.preferred_timezone as "timeZone", m.today::text as today,
          (select count(*) from daily_summary_days d
            where d.company_id = c.id and d.day between m.first and m.yesterday) = m.yesterday - m.first + 1
          and not exists (select 1 from daily_summary_stale s join measurement_points p on p.id = s.point_id
            where p.company_id = c.id and s.day between m.first and m.yesterday) as current,
          json_build_object('days', k.days, 'correct', k.correct, 'intermittent', k.intermittent,
            'incorrect', k.incorrect, 'noTransmission', k.no_transmission, 'excluded', k.excluded) as counts
        from companies c
          cross join lateral (select (now() at time zone c.preferred_timezone)::date as today) t
          cross join lateral (select t.today, date_trunc('month', t.today::timestamp)::date as first,
            t.today - 1 as yesterday) m
          cross join lateral (select count(*)::int as days,
              count(*) filter (where class = 'correct')::int as correct,
              count(*) filter (where class = 'intermittent')::int as intermittent,
              count(*) filter (where class = 'incorrect')::int as incorrect,
              count(*) filter (where class = 'no_transmission')::int as no_transmission,
              count(*) filter (where class = 'excluded')::int as excluded
            from daily_summaries ds
            where ds.company_id = c.id and ds.main and ds.day between m.first and m.yesterday) k
        where c.id = any(${sql.param(companyIds)}::uuid[]) and c.deleted_at is null`);
      return new Map(rowsOf<CompanyMonth>(result).map((r) => [r.id, r]));
    },
  };
}
