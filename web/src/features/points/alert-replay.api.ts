/** The alert tuning preview of a point (POST /api/points/:id/alert-replay, docs/API.md). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alertReplaySchema } from '@aforo/contracts/alert-replay';
import type { AlertReplayInputParsed } from '@aforo/contracts/alert-replay';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** How many alerts the last 30 days would have raised with `input`; null input: nothing asked yet. */
export function useAlertReplayQuery(pointId: string | null, input: AlertReplayInputParsed | null) {
  return useQuery({
    queryKey: [...queryKeys.points.all, 'alert-replay', pointId, input],
    queryFn: () =>
      apiRequest({
        method: 'POST',
        path: `/points/${encodeURIComponent(pointId ?? '')}/alert-replay`,
        body: input,
        schema: alertReplaySchema,
        // the form stays usable while the replay runs: no full-screen overlay
        background: true,
      }),
    enabled: pointId !== null && input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
