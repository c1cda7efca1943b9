/**
 * The overview (docs/WEB.md Overview; docs/ROLES.md: the general roles, not SPECTATOR): the current company at a
 * glance and, for provider staff, every client company's figures (the provider's network).
 */
import { alertListQuerySchema } from '@aforo/contracts/alerts';
import {
  overviewAlertCount,
  type Overview,
  type OverviewCompaniesQuery,
  type OverviewCompanyRow,
} from '@aforo/contracts/overview';
import { assertCan, can } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { toAlert } from '../../alerting/alerts.mapper';
import { createAlertsRepository } from '../../alerting/alerts.repository';
import { toLevelCounts, toOverviewCompanyRow } from './overview.mapper';
import { createOverviewRepository } from './overview.repository';
import type { Deps } from '../../deps';

const latestAlertsQuery = alertListQuerySchema.parse({ state: 'active', length: overviewAlertCount });

export function createOverviewService({ db }: Deps) {
  const repo = createOverviewRepository(db);
  const alerts = createAlertsRepository(db);

  return {
    async get(ctx: RequestContext): Promise<Overview> {
      assertCan(ctx, 'monitoring.read');
      const companyId = ctx.companyId;
      if (companyId === null) throw new NotFoundError('CO1000');
      const now = new Date();
      const counts = (await repo.countsAcrossCompanies([companyId], now)).get(companyId);
      const today = await repo.transmittingToday(companyId);
      const latest = await alerts.list(ctx, latestAlertsQuery);
      return {
        points: toLevelCounts(counts?.levels ?? []),
        latestAlerts: latest.rows.map((row) => toAlert(row, now)),
        openAlerts: latest.total,
        transmittingToday: {
          transmitting: today.transmitting,
          total: today.total,
          percent: today.total === 0 ? null : Math.round((today.transmitting / today.total) * 1000) / 10,
          since: today.since.toISOString(),
        },
        devicesOutOfService: counts?.outOfService ?? { under24h: 0, over24h: 0 },
        providerView: can(ctx, 'network.read') && (await repo.isProvider(companyId)),
      };
    },

    /** Provider staff only: a page of the client companies with their figures. */
    async companies(
      ctx: RequestContext,
      query: OverviewCompaniesQuery,
    ): Promise<{ rows: OverviewCompanyRow[]; total: number }> {
      assertCan(ctx, 'network.read');
      const page = await repo.clientCompaniesAcrossCompanies(query);
      const counts = await repo.countsAcrossCompanies(
        page.rows.map((c) => c.id),
        new Date(),
      );
      return { rows: page.rows.map((c) => toOverviewCompanyRow(c, counts.get(c.id))), total: page.total };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
