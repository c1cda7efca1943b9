/**
 * The overview (docs/WEB.md Overview; docs/ROLES.md: the general roles, not SPECTATOR): the current
 * company at a glance; for provider staff with `scope=all` (core/network-scope.ts) the network's
 * totals, and every network company's figures (the provider's network).
 */
import { alertListQuerySchema } from '@aforo/contracts/alerts';
import {
  overviewAlertCount,
  type Overview,
  type OverviewCompaniesQuery,
  type OverviewCompanyRow,
  type OverviewQuery,
} from '@aforo/contracts/overview';
import { assertCan, can } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { networkViewer } from '../../core/network-scope';
import type { RequestContext } from '../../core/request-context';
import { toAlert } from '../../alerting/alerts.mapper';
import { createAlertsRepository } from '../../alerting/alerts.repository';
import { sumCounts, toLevelCounts, toOverviewCompanyRow, toTransmittingToday } from './overview.mapper';
import { createOverviewRepository } from './overview.repository';
import type { Deps } from '../../deps';
import { createOperationThisMonth } from '../../reporting/operation-this-month';

const latestAlertsQuery = alertListQuerySchema.parse({ state: 'active', length: overviewAlertCount });

export function createOverviewService({ db }: Deps) {
  const repo = createOverviewRepository(db);
  const alerts = createAlertsRepository(db);
  const operationThisMonth = createOperationThisMonth(db);

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

  return {
    /**
     * Three statements, run together (issue 25): the companies' figures, the latest active alerts
     * with their total, and the month's operation (plus the network's companies first for
     * `scope=all`, and the engine's work when a finished day's summaries are not current).
     */
    async get(ctx: RequestContext, query: OverviewQuery = {}): Promise<Overview> {
      assertCan(ctx, 'monitoring.read');
      const { viewer, companyIds } = await companiesOf(ctx, query);
      const now = new Date();
      const network = query.scope === 'all';
      // only provider staff on their current company are asked whether it is the provider
      const providerOf = !network && can(ctx, 'network.read') ? ctx.companyId : null;
      const [figures, latest, operation] = await Promise.all([
        repo.figuresAcrossCompanies(companyIds, now, providerOf),
        alerts.list(viewer, latestAlertsQuery),
        operationThisMonth(companyIds),
      ]);
      const counts = sumCounts([...figures.counts.values()]);
      return {
        points: toLevelCounts(counts.levels),
        latestAlerts: latest.rows.map((row) => toAlert(row, now)),
        openAlerts: latest.total,
        transmittingToday: toTransmittingToday([...figures.today.values()], now),
        operationThisMonth: operation,
        devicesOutOfService: counts.outOfService,
        providerView: providerOf !== null && figures.isProvider,
        network,
      };
    },

    /** Provider staff only: a page of the network's companies with their figures. */
    async companies(
      ctx: RequestContext,
      query: OverviewCompaniesQuery,
    ): Promise<{ rows: OverviewCompanyRow[]; total: number }> {
      assertCan(ctx, 'network.read');
      const page = await repo.networkCompaniesAcrossCompanies(query);
      const ids = page.rows.map((c) => c.id);
      const now = new Date();
      const { counts, today } = await repo.figuresAcrossCompanies(ids, now);
      return {
        rows: page.rows.map((c) => toOverviewCompanyRow(c, counts.get(c.id), today.get(c.id), now)),
        total: page.total,
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
