/**
 * SQL of the overview (contracts/overview.ts): points by level, points transmitting today and
 * devices out of service, for the current company or, for provider staff, per company of the
 * network (every client company, and the provider when it has live points). Functions reading
 * several companies at once say so in their name.
 */
import { sql } from 'drizzle-orm';
import { transmissionStatuses } from '../../alerting/transmission-status.repository';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/search';
import { levelOfRank, pointRanks, rowsOf } from '../monitoring/point-state.repository';

const p = sql.param;

export interface CompanyCounts {
  /** Points by level: rank (null: no data) → count. */
  levels: Array<{ level: ReturnType<typeof levelOfRank>; count: number }>;
  outOfService: { under24h: number; over24h: number };
  openAlerts: number;
  openDanger: number;
  openNoTransmission: number;
}

export interface TransmittingCounts {
  since: Date;
  total: number;
  transmitting: number;
}

/** The companies (as `c`) of the provider's network; with `companyId`, that one if it exists. */
function inNetwork(companyId: string | undefined) {
  if (companyId) return sql`c.id = ${p(companyId)}::uuid and c.deleted_at is null`;
  return sql`c.deleted_at is null and (not c.is_provider or exists (
    select 1 from measurement_points mp where mp.company_id = c.id and mp.deleted_at is null))`;
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
          openAlerts: 0,
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
      const silent = await db.execute(sql`
        select t.company_id::text,
          count(*) filter (where t.status = 'out_of_service_under_24h')::int as under,
          count(*) filter (where t.status = 'out_of_service_over_24h')::int as over
        from (${transmissionStatuses(now)}) t where t.company_id = any(${companies}::uuid[])
        group by 1`);
      for (const r of rowsOf<{ company_id: string; under: number; over: number }>(silent)) {
        const counts = out.get(r.company_id);
        if (counts) counts.outOfService = { under24h: Number(r.under), over24h: Number(r.over) };
      }
      const alerts = await db.execute(sql`
        select company_id::text, count(*)::int as open, count(*) filter (where level = 'DANGER')::int as danger,
          count(*) filter (where type = 'NO_TRANSMISSION')::int as silent
        from alerts where company_id = any(${companies}::uuid[]) and cleared_at is null group by 1`);
      for (const r of rowsOf<{ company_id: string; open: number; danger: number; silent: number }>(alerts)) {
        const counts = out.get(r.company_id);
        if (counts) {
          counts.openAlerts = Number(r.open);
          counts.openDanger = Number(r.danger);
          counts.openNoTransmission = Number(r.silent);
        }
      }
      return out;
    },

    /** Per company: live points not in test, those read since the company's midnight, and that midnight. */
    async transmittingTodayAcrossCompanies(companyIds: string[]): Promise<Map<string, TransmittingCounts>> {
      const out = new Map<string, TransmittingCounts>();
      if (companyIds.length === 0) return out;
      const result = await db.execute(sql`
        with c as (
          select id, (date_trunc('day', now() at time zone preferred_timezone) at time zone preferred_timezone) as since
          from companies where id = any(${p(companyIds)}::uuid[])
        )
        select c.id::text as company_id, c.since, count(mp.id)::int as total,
          count(mp.id) filter (where exists (
            select 1 from series_latest sl where sl.point_id = mp.id and sl.ts >= c.since))::int as transmitting
        from c left join measurement_points mp
          on mp.company_id = c.id and mp.deleted_at is null and not mp.test
        group by c.id, c.since`);
      for (const r of rowsOf<{
        company_id: string;
        since: string | Date;
        total: number;
        transmitting: number;
      }>(result))
        out.set(r.company_id, {
          since: new Date(r.since),
          total: Number(r.total),
          transmitting: Number(r.transmitting),
        });
      return out;
    },

    /**
     * A page of the network's companies by name, with the total: every client company (not
     * deleted) and the provider when it has live points; with `companyId`, only that company.
     */
    async networkCompaniesAcrossCompanies(page: {
      page: number;
      length: number;
      search?: string;
      companyId?: string;
    }) {
      const term = page.search?.trim();
      const result = await db.execute(sql`
        select c.id::text, c.business_name, count(*) over ()::int as total from companies c
        where ${inNetwork(page.companyId)}
          ${term ? sql`and c.business_name ilike ${p(`%${escapeLike(term)}%`)}` : sql``}
        order by lower(c.business_name), c.id
        limit ${p(page.length)} offset ${p((page.page - 1) * page.length)}`);
      const rows = rowsOf<{ id: string; business_name: string; total: number }>(result);
      return {
        rows: rows.map((r) => ({ id: r.id, businessName: r.business_name })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    /** Every company of the network (or only `companyId` when it is one). */
    async networkCompanyIdsAcrossCompanies(companyId?: string): Promise<string[]> {
      const result = await db.execute(sql`select c.id::text from companies c where ${inNetwork(companyId)}`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
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
