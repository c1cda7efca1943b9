/** Calls of the measurement points (spec §3) and their favourites. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { componentListSchema } from '@aforo/contracts/components';
import { pointListSchema, pointSchema } from '@aforo/contracts/points';
import type { PointInputParsed } from '@aforo/contracts/points';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const pointKeys = { all: ['points'] as const };
type ListParams = Record<string, QueryValue>;
const pointPath = (id: string, suffix = '') => `/points/${encodeURIComponent(id)}${suffix}`;

export function usePointsQuery(params: ListParams) {
  return useQuery({
    queryKey: [...pointKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/points${queryString(params)}`, schema: pointListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** Every point of the current company by name, for selectors. */
export function usePointOptionsQuery() {
  return usePointsQuery({ length: -1, order: 'name', dir: 'ASC' });
}

export function usePointQuery(id: string | null) {
  return useQuery({
    queryKey: [...pointKeys.all, 'detail', id],
    queryFn: () => apiRequest({ path: pointPath(id ?? ''), schema: pointSchema }),
    enabled: id !== null,
  });
}

export function usePointComponentsQuery(pointId: string) {
  return useQuery({
    queryKey: ['components', 'point', pointId],
    queryFn: () =>
      apiRequest({ path: `/components${queryString({ pointId, length: -1 })}`, schema: componentListSchema }),
    retry: false,
  });
}

function usePointMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointKeys.all }),
  });
}

export function useSavePointMutation() {
  return usePointMutation(({ id, body }: { id: string | null; body: PointInputParsed }) =>
    apiRequest({
      method: id ? 'PUT' : 'POST',
      path: id ? pointPath(id) : '/points',
      body,
      schema: pointSchema,
    }),
  );
}

export function useDeletePointMutation() {
  return usePointMutation((id: string) =>
    apiRequest({ method: 'DELETE', path: pointPath(id), schema: okResponseSchema }),
  );
}

export function useRestorePointMutation() {
  return usePointMutation((id: string) =>
    apiRequest({ method: 'POST', path: pointPath(id, '/restore'), schema: pointSchema }),
  );
}

export function useFavouriteMutation() {
  return usePointMutation(({ id, favourite }: { id: string; favourite: boolean }) =>
    apiRequest({
      method: favourite ? 'PUT' : 'DELETE',
      path: pointPath(id, '/favourite'),
      schema: okResponseSchema,
    }),
  );
}
