/** The map's call (GET /api/map/points) and its live refresh. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mapPayloadSchema } from '@aforo/contracts/map';
import { apiRequest } from '../../lib/api';
import { onLiveEvent } from '../../lib/live-stream-provider';
import { queryKeys } from '../../lib/query-keys';
import { riverLevelRoot } from '../river-level';

/** Under points: a favourite toggled or a point edited refreshes the map, and the stream's resync too. */
export const mapKey = [...queryKeys.points.all, 'map'] as const;

export function useMapQuery() {
  return useQuery({
    queryKey: mapKey,
    queryFn: () => apiRequest({ path: '/map/points', schema: mapPayloadSchema }),
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
