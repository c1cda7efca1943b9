/** GET /api/monitoring (contracts/monitoring.ts), kept current by the live stream (use-monitoring-live.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { monitoringListSchema, type MonitoringList } from '@aforo/contracts/monitoring';
import { apiRequest, queryString } from '../../lib/api';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';
import { monitoringSafetyNetMs } from './monitoring-live';

export const fetchMonitoring = (params: ListParams): Promise<MonitoringList> =>
  apiRequest({ path: `/monitoring${queryString(params)}`, schema: monitoringListSchema, background: true });

/**
 * A page of the list: read once, then patched by the stream and read again in full once a minute
 * while shown (monitoring-live.ts, the safety net).
 */
export function monitoringQueryOptions(params: ListParams, fetcher = fetchMonitoring) {
  return {
    queryKey: queryKeys.monitoring.list(params),
    queryFn: () => fetcher(params),
    placeholderData: keepPreviousData,
    staleTime: monitoringSafetyNetMs,
  };
}

export function useMonitoringQuery(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...monitoringQueryOptions(params), enabled });
}
