/**
 * GET /api/daily-summaries (docs/REPORTS.md "Daily summaries"): a point's days, each series a row,
 * made current first (the engine computes a finished day nobody computed yet and a stale one).
 * Reports are a supervision screen (docs/ROLES.md): ADMIN, CHIEF, VIEWER.
 */
import type { DailySummariesQuery, DailySummary } from '@aforo/contracts/daily-summaries';
import { assertCan, createAccess } from '../../core/access';
import { ConflictError, NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createDailySummaryEngine } from '../../reporting/daily-summaries';
import { assertRange } from '../../reporting/report-range';
import { createReportsRepository } from '../../reporting/reports.repository';
import { toDailySummary } from './daily-summaries.mapper';

export function createDailySummariesService({ db }: Pick<Deps, 'db'>) {
  const engine = createDailySummaryEngine(db);
  const repo = createReportsRepository(db);
  const access = createAccess(db);
  return {
    async list(ctx: RequestContext, query: DailySummariesQuery): Promise<{ rows: DailySummary[] }> {
      // a user without a company is told so before anything else (docs/REPORTS.md)
      if (ctx.companyId === null) throw new ConflictError('DR1002');
      assertCan(ctx, 'supervision.read');
      assertRange(query.from, query.to);
      await access.assertPoint(ctx.caller, query.pointId);
      const company = await repo.companyOfPoint(query.pointId);
      if (!company) throw new NotFoundError('POM1000');
      await engine.ensure(company.id, company.timeZone, query.from, query.to);
      const rows = await repo.pointSummaries(query.pointId, query.from, query.to);
      return { rows: rows.map(toDailySummary) };
    },
  };
}

export type DailySummariesService = ReturnType<typeof createDailySummariesService>;
