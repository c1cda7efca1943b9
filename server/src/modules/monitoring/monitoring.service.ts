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
      // rain (precipitation units) has no trend: contracts/monitoring.ts hasTrend
      const references = await repo.trendReferences(
        rows.flatMap((r) =>
          r.latest && hasTrend(r.unit) ? [{ pointId: r.pointId, port: r.latest.port, ts: r.latest.ts }] : [],
        ),
      );
      return {
        rows: rows.map((r) =>
          toMonitoringRow(
            r,
            toTrend(r.latest, r.latest ? references.get(`${r.pointId}/${r.latest.port}`) : undefined),
          ),
        ),
        total,
      };
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
