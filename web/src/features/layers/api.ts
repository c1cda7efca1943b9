/** Calls of the current company's layers (groups of points on the map). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { layerListSchema, layerSchema } from '@aforo/contracts/layers';
import type { LayerInput } from '@aforo/contracts/layers';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const layerKeys = { all: ['layers'] as const };

export function useLayersQuery(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...layerKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/layers${queryString(params)}`, schema: layerListSchema }),
    placeholderData: keepPreviousData,
  });
}

function useLayerMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // points list their layers
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: layerKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['points'] }),
      ]),
  });
}

export function useSaveLayerMutation() {
  return useLayerMutation(({ id, body }: { id: string | null; body: LayerInput }) =>
    apiRequest({
      method: id ? 'PUT' : 'POST',
      path: id ? `/layers/${encodeURIComponent(id)}` : '/layers',
      body,
      schema: layerSchema,
    }),
  );
}

export function useDeleteLayerMutation() {
  return useLayerMutation((id: string) =>
    apiRequest({ method: 'DELETE', path: `/layers/${encodeURIComponent(id)}`, schema: okResponseSchema }),
  );
}
