/**
 * The pre-issue-25 read of GET /api/overview (modules/overview/overview.service.ts `get`, the
 * repository functions it called, and reporting/operation-this-month.ts), kept verbatim as the
 * reference the rewrite is compared with (modules/overview/overview-one-query.test.ts). Test helper
 * only: nothing in the app imports it.
 */
import { sql } from 'drizzle-orm';
import type { Overview, OperationThisMonth, OverviewQuery } from '@aforo/contracts/overview';
import { alertListQuerySchema } from '@aforo/contracts/alerts';
import { overviewAlertCount } from '@aforo/contracts/overview';
import { can } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { networkViewer } from '../../core/network-scope';
import type { RequestContext } from '../../core/request-context';
import { toAlert } from '../../alerting/alerts.mapper';
import { transmissionStatuses } from '../../alerting/transmission-status.repository';
import type { Db } from '../../db/client';
import { addDays } from '../../lib/local-days';
import { levelOfRank, pointRanks, rowsOf } from '../../modules/monitoring/point-state.repository';
import { sumCounts, toLevelCounts, toTransmittingToday } from '../../modules/overview/overview.mapper';
import type { CompanyCounts, TransmittingCounts } from '../../modules/overview/overview.repository';
import { createDailySummariesRepository } from '../../reporting/daily-summaries.repository';
import { createDailySummaryEngine } from '../../reporting/daily-summaries';
import { sumCounts as sumClassCounts } from '../../reporting/report-builder';
import { createReportsRepository } from '../../reporting/reports.repository';
import { createReferenceAlertsRepository } from './alerts';

const p = sql.param;

/** The companies (as `c`) of the provider's network; with `companyId`, that one if it exists. */
function inNetwork(companyId: string | undefined) {
  if (companyId) return sql`c.id = ${p(companyId)}::uuid and c.deleted_at is null`;
  return sql`c.deleted_at is null and (not c.is_provider or exists (
    select 1 from measurement_points mp where mp.company_id = c.id and mp.deleted_at is null))`;
}

function createReferenceOverviewRepository(db: Db) {
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

function createReferenceOperationThisMonth(db: Db) {
  const engine = createDailySummaryEngine(db);
  const summaries = createDailySummariesRepository(db);
  const reports = createReportsRepository(db);

  /** Of some companies, each from its own month's first day to its own yesterday. */
  return async function operationThisMonth(companyIds: readonly string[]): Promise<OperationThisMonth> {
    const counts = [];
    let month = '';
    let from = '';
    let to = '';
    for (const id of companyIds) {
      const tz = await summaries.timeZone(id);
      if (tz === null) continue;
      const today = await summaries.today(tz);
      const first = `${today.slice(0, 7)}-01`;
      const yesterday = addDays(today, -1);
      if (month === '' || first < from) [month, from, to] = [today.slice(0, 7), first, yesterday];
      if (yesterday < first) continue;
      await engine.ensure(id, tz, first, yesterday);
      counts.push(await reports.classCounts([id], first, yesterday));
    }
    return { ...sumClassCounts(counts), month, from, to };
  };
}

const latestAlertsQuery = alertListQuerySchema.parse({ state: 'active', length: overviewAlertCount });

/** The answer of GET /api/overview as the service built it (after assertCan). */
export async function referenceOverview(
  db: Db,
  ctx: RequestContext,
  query: OverviewQuery = {},
): Promise<Overview> {
  const repo = createReferenceOverviewRepository(db);
  const alerts = createReferenceAlertsRepository(db);
  const operationThisMonth = createReferenceOperationThisMonth(db);

  /** The companies the overview adds up: the current one, or the network's (403 to client users). */
  async function companiesOf(ctx: RequestContext, query: OverviewQuery) {
    const viewer = networkViewer(ctx, query);
    if (query.scope !== 'all') {
      if (ctx.companyId === null) throw new NotFoundError('CO1000');
      return { viewer, companyIds: [ctx.companyId] };
    }
    const companyIds = await repo.networkCompanyIdsAcrossCompanies(query.companyId);
    if (query.companyId && companyIds.length === 0) throw new NotFoundError('CO1000');
    return { viewer, companyIds };
  }

  const { viewer, companyIds } = await companiesOf(ctx, query);
  const now = new Date();
  const counts = sumCounts([...(await repo.countsAcrossCompanies(companyIds, now)).values()]);
  const today = await repo.transmittingTodayAcrossCompanies(companyIds);
  const latest = await alerts.list(viewer, latestAlertsQuery);
  const network = query.scope === 'all';
  return {
    points: toLevelCounts(counts.levels),
    latestAlerts: latest.rows.map((row) => toAlert(row, now)),
    openAlerts: latest.total,
    transmittingToday: toTransmittingToday([...today.values()], now),
    operationThisMonth: await operationThisMonth(companyIds),
    devicesOutOfService: counts.outOfService,
    providerView:
      !network &&
      can(ctx, 'network.read') &&
      ctx.companyId !== null &&
      (await repo.isProvider(ctx.companyId)),
    network,
  };
}
