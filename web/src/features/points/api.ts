/** Calls of the measurement points (spec §3) and their favourites. */
import { useQuery } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { componentListSchema } from '@aforo/contracts/components';
import { pointListSchema, pointSchema } from '@aforo/contracts/points';
import type { Point, PointInputParsed } from '@aforo/contracts/points';
import { apiRequest, queryString } from '../../lib/api';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

export const pointsApi = createCrudHooks<Point, PointInputParsed>({
  keys: queryKeys.points,
  path: '/points',
  schemas: { list: pointListSchema, item: pointSchema },
  // the monitoring list shows the favourite star too
  refreshes: [queryKeys.monitoring.all],
});

export const usePointsQuery = pointsApi.useListQuery;
export const usePointQuery = pointsApi.useItemQuery;
export const useSavePointMutation = pointsApi.useSaveMutation;
export const useDeletePointMutation = pointsApi.useDeleteMutation;
export const useRestorePointMutation = pointsApi.useRestoreMutation;

/** Every point of the current company by name: the one source of every point selector. */
export function usePointOptionsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return pointsApi.useOptionsQuery(optionsParams('name'), { enabled });
}

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
