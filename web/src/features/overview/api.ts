/** GET /api/overview and /api/overview/companies (contracts/overview.ts), in the network view with scope=all. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { overviewCompaniesSchema, overviewSchema } from '@aforo/contracts/overview';
import { apiRequest, queryString } from '../../lib/api';
import { onLiveEvent } from '../../lib/live-stream-provider';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';
import { useNetworkScope } from '../../lib/network-scope';

/** The current company's overview, or the network's (lib/network-scope.ts). */
export function useOverviewQuery() {
  const network = useNetworkScope();
  return useQuery({
    queryKey: [...queryKeys.overview.detail('current'), ...network.key],
    queryFn: () =>
      apiRequest({ path: `/overview${queryString({ ...network.params })}`, schema: overviewSchema }),
    enabled: network.ready,
  });
}

export function useOverviewCompaniesQuery(params: ListParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.overview.list(params),
    queryFn: () =>
      apiRequest({ path: `/overview/companies${queryString(params)}`, schema: overviewCompaniesSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** An alert that opens, changes or clears changes the overview: refetch it (once per burst). */
export function useOverviewLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onLiveEvent((event) => {
      if (event.name !== 'alert' && event.name !== 'resync') return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: queryKeys.overview.all });
      }, 500);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
