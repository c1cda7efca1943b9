/** Calls of the measurement points (docs/DATA-MODEL.md) and their favourites. */
import { useQuery } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { componentListSchema } from '@aforo/contracts/components';
import { apiRequest, queryString } from '../../lib/api';
import { pointsApi } from '../../lib/points-api';
import { queryKeys } from '../../lib/query-keys';

export const usePointsQuery = pointsApi.useListQuery;
export const usePointQuery = pointsApi.useItemQuery;
export const useSavePointMutation = pointsApi.useSaveMutation;
export const useDeletePointMutation = pointsApi.useDeleteMutation;
export const useRestorePointMutation = pointsApi.useRestoreMutation;

export function usePointComponentsQuery(pointId: string) {
  return useQuery({
    queryKey: [...queryKeys.components.all, 'point', pointId],
    queryFn: () =>
      apiRequest({ path: `/components${queryString({ pointId, length: -1 })}`, schema: componentListSchema }),
    retry: false,
  });
}

export function useFavouriteMutation() {
  return pointsApi.useChangeMutation(({ id, favourite }: { id: string; favourite: boolean }) =>
    apiRequest({
      method: favourite ? 'PUT' : 'DELETE',
      path: pointsApi.itemPath(id, '/favourite'),
      schema: okResponseSchema,
    }),
  );
}
