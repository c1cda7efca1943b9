/**
 * SQL of the overview (contracts/overview.ts): points by level, points transmitting today and
 * devices out of service, for the current company or, for provider staff, per client company.
 * Functions reading several companies at once say so in their name.
 */
import { sql } from 'drizzle-orm';
import { watched } from '../../alerting/silence.repository';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/search';
import { levelOfRank, pointRanks, rowsOf } from '../monitoring/point-state.repository';

const p = sql.param;
const day = 24 * 3_600_000;

export interface CompanyCounts {
  /** Points by level: rank (null: no data) → count. */
  levels: Array<{ level: ReturnType<typeof levelOfRank>; count: number }>;
  outOfService: { under24h: number; over24h: number };
  openDanger: number;
  openNoTransmission: number;
}

export function createOverviewRepository(db: Db) {
  return {
    /** Level counts, open DANGER / NO_TRANSMISSION and devices out of service of each company. */
    async countsAcrossCompanies(companyIds: string[], now: Date): Promise<Map<string, CompanyCounts>> {
      const out = new Map<string, CompanyCounts>();
      for (const id of companyIds)
        out.set(id, {
          levels: [],
          outOfService: { under24h: 0, over24h: 0 },
          openDanger: 0,
          openNoTransmission: 0,
        });
      if (companyIds.length === 0) return out;
      const companies = p(companyIds);
      const levels = await db.execute(sql`
        select mp.company_id::text, r.rank, count(*)::int as n
        from (${pointRanks(sql`select id from measurement_points where company_id = any(${companies}::uuid[]) and deleted_at is null`, companyIds)}) r
        join measurement_points mp on mp.id = r.point_id
        group by 1, 2`);
      for (const r of rowsOf<{ company_id: string; rank: number | null; n: number }>(levels))
        out.get(r.company_id)?.levels.push({ level: levelOfRank(r.rank), count: Number(r.n) });
      const nowIso = p(now.toISOString());
      const silent = await db.execute(sql`
        with w as (${watched})
        select w.company_id::text,
          count(*) filter (where w.deadline > ${p(new Date(now.getTime() - day).toISOString())}::timestamptz)::int as under,
          count(*)::int as total
        from w where not w.test and w.company_id = any(${companies}::uuid[]) and w.deadline <= ${nowIso}::timestamptz
        group by 1`);
      for (const r of rowsOf<{ company_id: string; under: number; total: number }>(silent)) {
        const counts = out.get(r.company_id);
        if (counts)
          counts.outOfService = { under24h: Number(r.under), over24h: Number(r.total) - Number(r.under) };
      }
      const alerts = await db.execute(sql`
        select company_id::text, count(*) filter (where level = 'DANGER')::int as danger,
          count(*) filter (where type = 'NO_TRANSMISSION')::int as silent
        from alerts where company_id = any(${companies}::uuid[]) and cleared_at is null group by 1`);
      for (const r of rowsOf<{ company_id: string; danger: number; silent: number }>(alerts)) {
        const counts = out.get(r.company_id);
        if (counts) {
          counts.openDanger = Number(r.danger);
          counts.openNoTransmission = Number(r.silent);
        }
      }
      return out;
    },

    /** Live points not in test, those read since the company's midnight, and that midnight. */
    async transmittingToday(companyId: string) {
      const result = await db.execute(sql`
        with c as (
          select (date_trunc('day', now() at time zone preferred_timezone) at time zone preferred_timezone) as since
          from companies where id = ${p(companyId)}::uuid
        )
        select c.since, count(mp.id)::int as total,
          count(mp.id) filter (where exists (
            select 1 from series_latest sl where sl.point_id = mp.id and sl.ts >= c.since))::int as transmitting
        from c left join measurement_points mp
          on mp.company_id = ${p(companyId)}::uuid and mp.deleted_at is null and not mp.test
        group by c.since`);
      const row = rowsOf<{ since: string | Date; total: number; transmitting: number }>(result)[0];
      return {
        since: row ? new Date(row.since) : new Date(),
        total: Number(row?.total ?? 0),
        transmitting: Number(row?.transmitting ?? 0),
      };
    },

    async openAlerts(companyId: string): Promise<number> {
      const result = await db.execute(
        sql`select count(*)::int as n from alerts where company_id = ${p(companyId)}::uuid and cleared_at is null`,
      );
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    /** A page of the client companies (not the provider, not deleted) by name, with the total. */
    async clientCompaniesAcrossCompanies(page: { page: number; length: number; search?: string }) {
      const term = page.search?.trim();
      const result = await db.execute(sql`
        select id::text, business_name, count(*) over ()::int as total from companies
        where not is_provider and deleted_at is null
          ${term ? sql`and business_name ilike ${p(`%${escapeLike(term)}%`)}` : sql``}
        order by lower(business_name), id
        limit ${p(page.length)} offset ${p((page.page - 1) * page.length)}`);
      const rows = rowsOf<{ id: string; business_name: string; total: number }>(result);
      return {
        rows: rows.map((r) => ({ id: r.id, businessName: r.business_name })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    async isProvider(companyId: string): Promise<boolean> {
      const result = await db.execute(
        sql`select is_provider from companies where id = ${p(companyId)}::uuid and deleted_at is null`,
      );
      return Boolean(rowsOf<{ is_provider: boolean }>(result)[0]?.is_provider);
    },
  };
}
export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
