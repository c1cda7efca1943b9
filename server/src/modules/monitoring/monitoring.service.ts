/**
 * The monitoring list (docs/WEB.md, docs/ROLES.md: the general roles; not SPECTATOR); provider staff
 * may read every company's points at once (`scope=all`, core/network-scope.ts).
 */
import { hasTrend, type MonitoringList, type MonitoringQuery } from '@aforo/contracts/monitoring';
import { assertCan } from '../../core/access';
import { networkViewer } from '../../core/network-scope';
import type { RequestContext } from '../../core/request-context';
import { toMonitoringRow, toTrend } from './monitoring.mapper';
import { createMonitoringRepository } from './monitoring.repository';
import type { Deps } from '../../deps';

export function createMonitoringService({ db }: Pick<Deps, 'db'>) {
  const repo = createMonitoringRepository(db);
  return {
    async list(ctx: RequestContext, query: MonitoringQuery): Promise<MonitoringList> {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = await repo.list(networkViewer(ctx, query), query);
      return {
        rows: rows.map((r) =>
          // rain (precipitation units) has no trend: contracts/monitoring.ts hasTrend
          toMonitoringRow(r, toTrend(r.latest, hasTrend(r.unit) ? r.reference : undefined)),
        ),
        total,
      };
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
