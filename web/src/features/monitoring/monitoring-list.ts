/** The monitoring list's URL state (docs/WEB.md: dashboards are URLs). */
import { monitoringOrderFields } from '@aforo/contracts/monitoring';
import type { ListUrlControls, ListUrlOptions } from '../../lib/url-state';
import { listQueryParams } from '../../lib/url-state';

export type MonitoringOrder = (typeof monitoringOrderFields)[number];
export type MonitoringFilter = 'level' | 'layerId' | 'kind' | 'favourites';

export const monitoringListOptions: ListUrlOptions<MonitoringOrder, MonitoringFilter> = {
  orders: monitoringOrderFields,
  // favourites first (the server's rule), then the worst level, then name (docs/WEB.md Monitoring)
  defaultOrder: 'level',
  defaultDir: 'DESC',
  filters: ['level', 'layerId', 'kind', 'favourites'],
};

export function monitoringParams(list: ListUrlControls<MonitoringOrder, MonitoringFilter>) {
  return {
    ...listQueryParams(list),
    level: list.filters.level,
    layerId: list.filters.layerId,
    kind: list.filters.kind,
    favourites: list.filters.favourites === 'true' ? true : undefined,
  };
}
