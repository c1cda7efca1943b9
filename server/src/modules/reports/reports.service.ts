/**
 * The operation reports (docs/REPORTS.md): monthly, quarterly and level summaries for the current
 * company, or for provider staff any company (`scope=all&companyId`) or the whole network
 * (`scope=all`). The figures come from reporting/report-reader.ts; a closed month's monthly report is
 * its frozen version (reporting/month-close.ts).
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
import { assertRange, spanDays } from '../../reporting/report-range';
import { createMonthClose } from '../../reporting/month-close';
import { createReportReader, type ReportScope } from '../../reporting/report-reader';
import { createReportsRepository } from '../../reporting/reports.repository';

export function createReportsService({ db, reads, clock }: Pick<Deps, 'db' | 'reads' | 'clock'>) {
  // summaries made current on the primary, then read where the heavy reads go once it has them;
  // a closed month's frozen version (close.frozen) and the scope stay on the primary
  const reader = createReportReader(db, clock, reads.caughtUp);
  const repo = createReportsRepository(db);
  const close = createMonthClose({ db, clock });

  /** The report's company (null: the network) and the companies it adds up. */
  async function scopeOf(ctx: RequestContext, query: NetworkScopeQuery): Promise<ReportScope> {
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

  return {
    scopeOf,

    /**
     * A closed month is its frozen latest revision, labelled with who closed it and when, with its
     * stored files (`frozenFiles`); an open month is computed now.
     */
    async monthly(
      ctx: RequestContext,
      query: MonthlyReportQuery,
    ): Promise<{ report: MonthlyReport; frozenFiles: { pdf: Uint8Array; xlsx: Uint8Array } | null }> {
      const scope = await scopeOf(ctx, query);
      const frozen = scope.company ? await close.frozen(scope.company.id, query.month) : null;
      if (!frozen) return { report: await reader.monthly(scope, query.month, ctx.lang), frozenFiles: null };
      const { closure, revision } = frozen;
      const report: MonthlyReport = {
        ...(revision.report as MonthlyReport),
        closure: {
          closureId: closure.id,
          closedAt: closure.closedAt.toISOString(),
          closedBy: { id: closure.closedBy, name: closure.closedByName },
          revision: revision.n,
          revisedAt: new Date(revision.createdAt).toISOString(),
        },
      };
      return { report, frozenFiles: { pdf: revision.pdf, xlsx: revision.xlsx } };
    },

    async quarterly(ctx: RequestContext, query: QuarterlyReportQuery): Promise<QuarterlyReport> {
      return reader.quarterly(await scopeOf(ctx, query), query.quarter, ctx.lang);
    },

    /** The list takes 2 months (DR1001); a file download a year (DR1000). */
    async level(ctx: RequestContext, query: LevelReportQuery): Promise<LevelReport> {
      const scope = await scopeOf(ctx, query);
      assertRange(query.from, query.to, maxSummaryRangeDays);
      if (query.format === 'json' && spanDays(query.from, query.to) > maxLevelListDays)
        throw new ValidationError({ to: 'invalid' }, 'DR1001');
      return reader.level(scope, query.from, query.to, ctx.lang);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
