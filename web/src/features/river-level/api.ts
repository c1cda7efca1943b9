/** The river-level widget's call (GET /api/points/{id}/river-level). */
import { useQuery } from '@tanstack/react-query';
import { riverLevelSchema } from '@aforo/contracts/river-level';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Under points: a favourite or point change, and the live stream's resync, refresh it too. */
export const riverLevelKey = (pointId: string) => [...queryKeys.points.all, 'river-level', pointId] as const;
export const riverLevelRoot = [...queryKeys.points.all, 'river-level'] as const;

export function useRiverLevelQuery(pointId: string) {
  return useQuery({
    queryKey: riverLevelKey(pointId),
    queryFn: () =>
      apiRequest({
        path: `/points/${encodeURIComponent(pointId)}/river-level`,
        schema: riverLevelSchema,
        background: true,
      }),
    retry: false,
  });
}
