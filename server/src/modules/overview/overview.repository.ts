/**
 * SQL of the overview (contracts/overview.ts): points by level, points transmitting today and
 * devices out of service, for the current company or, for provider staff, per company of the
 * network (every client company, and the provider when it has live points). Functions reading
 * several companies at once say so in their name.
 */
import { sql, type SQL } from 'drizzle-orm';
import { transmissionStatuses } from '../../alerting/transmission-status.repository';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/search';
import { rowsOf } from '../../db/rows';
import { levelOfRank, pointRanks } from '../monitoring/point-state.repository';

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

/** Points by rank per company: company_id, rank (null: no data), n. */
function levelsOf(companyIds: string[]): SQL {
  const companies = p(companyIds);
  return sql`
    select mp.company_id::text, r.rank, count(*)::int as n
    from (${pointRanks(sql`select id from measurement_points where company_id = any(${companies}::uuid[]) and deleted_at is null`, companyIds)}) r
    join measurement_points mp on mp.id = r.point_id
    group by 1, 2`;
}

/** Devices out of service per company: company_id, under, over. */
function silentOf(companyIds: string[], now: Date): SQL {
  return sql`
    select t.company_id::text,
      count(*) filter (where t.status = 'out_of_service_under_24h')::int as under,
      count(*) filter (where t.status = 'out_of_service_over_24h')::int as over
    from (${transmissionStatuses(now)}) t where t.company_id = any(${p(companyIds)}::uuid[])
    group by 1`;
}

/** Open alerts per company: company_id, open, danger, silent. */
function openAlertsOf(companyIds: string[]): SQL {
  return sql`
    select company_id::text, count(*)::int as open, count(*) filter (where level = 'DANGER')::int as danger,
      count(*) filter (where type = 'NO_TRANSMISSION')::int as silent
    from alerts where company_id = any(${p(companyIds)}::uuid[]) and cleared_at is null group by 1`;
}

/** Per company: its midnight (since), its live points not in test (total), those read since then. */
function transmittingOf(companyIds: string[]): SQL {
  return sql`
    with c as (
      select id, (date_trunc('day', now() at time zone preferred_timezone) at time zone preferred_timezone) as since
      from companies where id = any(${p(companyIds)}::uuid[])
    )
    select c.id::text as company_id, c.since, count(mp.id)::int as total,
      count(mp.id) filter (where exists (
        select 1 from series_latest sl where sl.point_id = mp.id and sl.ts >= c.since))::int as transmitting
    from c left join measurement_points mp
      on mp.company_id = c.id and mp.deleted_at is null and not mp.test
    group by c.id, c.since`;
}

interface FiguresRow {
  levels: Array<{ company_id: string; rank: number | null; n: number }> | null;
  silent: Array<{ company_id: string; under: number; over: number }> | null;
  alerts: Array<{ company_id: string; open: number; danger: number; silent: number }> | null;
  today: Array<{ company_id: string; since: string; total: number; transmitting: number }> | null;
  provider: boolean | null;
}

/** The figures of each company, built from the parts of one FiguresRow. */
function countsOf(companyIds: string[], row: FiguresRow | undefined): Map<string, CompanyCounts> {
  const out = new Map<string, CompanyCounts>();
  for (const id of companyIds)
    out.set(id, {
      levels: [],
      outOfService: { under24h: 0, over24h: 0 },
      openAlerts: 0,
      openDanger: 0,
      openNoTransmission: 0,
    });
  for (const r of row?.levels ?? [])
    out.get(r.company_id)?.levels.push({ level: levelOfRank(r.rank), count: Number(r.n) });
  for (const r of row?.silent ?? []) {
    const counts = out.get(r.company_id);
    if (counts) counts.outOfService = { under24h: Number(r.under), over24h: Number(r.over) };
  }
  for (const r of row?.alerts ?? []) {
    const counts = out.get(r.company_id);
    if (counts) {
      counts.openAlerts = Number(r.open);
      counts.openDanger = Number(r.danger);
      counts.openNoTransmission = Number(r.silent);
    }
  }
  return out;
}

export function createOverviewRepository(db: Db) {
  return {
    /**
     * Of each company: level counts, open DANGER / NO_TRANSMISSION, devices out of service and
     * points transmitting today; with `providerOf`, whether that company is the provider. One
     * statement (issue 25): each part is a JSON array of its own rows, mapped as when they were
     * separate statements (JSON carries `since` as text, read back into a Date).
     */
    async figuresAcrossCompanies(
      companyIds: string[],
      now: Date,
      providerOf: string | null = null,
    ): Promise<{
      counts: Map<string, CompanyCounts>;
      today: Map<string, TransmittingCounts>;
      isProvider: boolean;
    }> {
      const part = (body: SQL) => sql`(select json_agg(x) from (${body}) x)`;
      const provider = providerOf
        ? sql`(select is_provider from companies where id = ${p(providerOf)}::uuid and deleted_at is null)`
        : sql`null::boolean`;
      const row =
        companyIds.length === 0 && providerOf === null
          ? undefined
          : rowsOf<FiguresRow>(
              await db.execute(sql`
                select ${part(levelsOf(companyIds))} as levels,
                  ${part(silentOf(companyIds, now))} as silent,
                  ${part(openAlertsOf(companyIds))} as alerts,
                  ${part(transmittingOf(companyIds))} as today,
                  ${provider} as provider`),
            )[0];
      const today = new Map<string, TransmittingCounts>();
      for (const r of row?.today ?? [])
        today.set(r.company_id, {
          since: new Date(r.since),
          total: Number(r.total),
          transmitting: Number(r.transmitting),
        });
      return { counts: countsOf(companyIds, row), today, isProvider: Boolean(row?.provider) };
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
  };
}
export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
