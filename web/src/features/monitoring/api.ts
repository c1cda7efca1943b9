/** GET /api/monitoring (contracts/monitoring.ts), kept current by the live stream (use-monitoring-live.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { monitoringListSchema } from '@aforo/contracts/monitoring';
import { apiRequest, queryString } from '../../lib/api';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';

export function useMonitoringQuery(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.monitoring.list(params),
    queryFn: () => apiRequest({ path: `/monitoring${queryString(params)}`, schema: monitoringListSchema }),
    placeholderData: keepPreviousData,
  });
}
