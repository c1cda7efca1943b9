/** The map's call (GET /api/map/points, in the network view with scope=all) and its live refresh. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mapPayloadSchema } from '@aforo/contracts/map';
import { apiRequest, queryString } from '../../lib/api';
import type { NetworkParams } from '../../lib/network-scope';
import { onLiveEvent } from '../../lib/live-stream-provider';
import { queryKeys } from '../../lib/query-keys';
import { riverLevelRoot } from '../river-level';

/** Under points: a favourite toggled or a point edited refreshes the map, and the stream's resync too. */
export const mapKey = [...queryKeys.points.all, 'map'] as const;

/** The current company's map; with `network` params, the network's (lib/network-scope.ts). */
export function useMapQuery(network: NetworkParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...mapKey, network],
    queryFn: () =>
      apiRequest({ path: `/map/points${queryString({ ...network })}`, schema: mapPayloadSchema }),
    enabled,
  });
}

/** A burst of live values costs one refetch after this long. */
const liveRefreshMs = 1000;

/**
 * New latest values and alert changes (GET /api/stream) refresh the map's colours and the widgets;
 * no polling. Mount once where the map or the widgets are shown.
 */
export function useMapLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveEvent((event) => {
      if (event.name !== 'latest' && event.name !== 'alert') return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: mapKey });
        void queryClient.invalidateQueries({ queryKey: riverLevelRoot });
      }, liveRefreshMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
