/**
 * The operation reports (docs/REPORTS.md): monthly, quarterly and level summaries for the current
 * company, or for provider staff any company (`scope=all&companyId`) or the whole network
 * (`scope=all`). Each read first makes the period's daily summaries current (reporting/), then builds
 * the figures the screen, the files and the API answer share.
 */
import type { NetworkScopeQuery } from '@aforo/contracts/common/network-scope';
import { maxSummaryRangeDays } from '@aforo/contracts/daily-summaries';
import {
  maxLevelListDays,
  type LevelReport,
  type LevelReportQuery,
  type MonthlyReport,
  type MonthlyReportQuery,
  type QuarterlyReport,
  type QuarterlyReportQuery,
} from '@aforo/contracts/reports';
import { assertCan } from '../../core/access';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { networkViewer } from '../../core/network-scope';
import type { RequestContext } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createDailySummaryEngine } from '../../reporting/daily-summaries';
import {
  daysOf,
  levelRows,
  monthlyRows,
  operationFormulas,
  quarterlyRows,
  sumCounts,
} from '../../reporting/report-builder';
import { assertRange, spanDays } from '../../reporting/report-range';
import { createReportsRepository, type ReportCompanyRow } from '../../reporting/reports.repository';

/** The last day of a month "YYYY-MM". */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** "2026-Q4" → its three months. */
export function monthsOf(quarter: string): string[] {
  const year = quarter.slice(0, 4);
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${year}-${String(first + i).padStart(2, '0')}`);
}

export function createReportsService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const engine = createDailySummaryEngine(db);
  const repo = createReportsRepository(db);

  /** The report's company (null: the network) and the companies it adds up. */
  async function companiesOf(ctx: RequestContext, query: NetworkScopeQuery) {
    // a user without a company is told so before anything else (docs/REPORTS.md)
    if (query.scope !== 'all' && ctx.companyId === null) throw new ConflictError('DR1002');
    assertCan(ctx, 'supervision.read');
    networkViewer(ctx, query);
    if (query.scope === 'all' && query.companyId === undefined) {
      return { company: null, companies: await repo.networkCompaniesAcrossCompanies() };
    }
    const company = await repo.company(query.companyId ?? ctx.companyId!);
    if (!company) throw new NotFoundError('CO1000');
    return { company, companies: [company] };
  }

  /** Summaries made current, then read: the points, their main series' days, and whether days are to come. */
  async function read(companies: ReportCompanyRow[], from: string, to: string) {
    let open = false;
    for (const c of companies) {
      const yesterday = await engine.ensure(c.id, c.timeZone, from, to);
      if (to > yesterday) open = true;
    }
    const ids = companies.map((c) => c.id);
    const [points, summaries] = await Promise.all([
      repo.points(ids, from, to),
      repo.mainSummaries(ids, from, to),
    ]);
    return { points, summaries, open };
  }

  function header(
    ctx: RequestContext,
    company: ReportCompanyRow | null,
    label: string,
    from: string,
    to: string,
    open: boolean,
  ) {
    return {
      company,
      period: { label, from, to, open },
      generatedAt: clock().toISOString(),
      formula: operationFormulas[ctx.lang],
    };
  }

  return {
    async monthly(ctx: RequestContext, query: MonthlyReportQuery): Promise<MonthlyReport> {
      const { company, companies } = await companiesOf(ctx, query);
      const from = `${query.month}-01`;
      const to = lastDayOf(query.month);
      const { points, summaries, open } = await read(companies, from, to);
      const rows = monthlyRows(points, summaries, daysOf(from, to));
      return {
        ...header(ctx, company, query.month, from, to, open),
        totals: sumCounts(rows.map((r) => r.counts)),
        rows,
      };
    },

    async quarterly(ctx: RequestContext, query: QuarterlyReportQuery): Promise<QuarterlyReport> {
      const { company, companies } = await companiesOf(ctx, query);
      const months = monthsOf(query.quarter);
      const from = `${months[0]}-01`;
      const to = lastDayOf(months[2]!);
      const { points, summaries, open } = await read(companies, from, to);
      const rows = quarterlyRows(points, summaries, months);
      return {
        ...header(ctx, company, query.quarter, from, to, open),
        months,
        totals: sumCounts(rows.map((r) => r.counts)),
        rows,
      };
    },

    /** The list takes 2 months (DR1001); a file download a year (DR1000). */
    async level(ctx: RequestContext, query: LevelReportQuery): Promise<LevelReport> {
      const { company, companies } = await companiesOf(ctx, query);
      assertRange(query.from, query.to, maxSummaryRangeDays);
      if (query.format === 'json' && spanDays(query.from, query.to) > maxLevelListDays)
        throw new ValidationError({ to: 'invalid' }, 'DR1001');
      const { points, summaries, open } = await read(companies, query.from, query.to);
      const rows = levelRows(points, summaries, daysOf(query.from, query.to));
      return { ...header(ctx, company, `${query.from}/${query.to}`, query.from, query.to, open), rows };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
