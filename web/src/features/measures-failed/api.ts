/** Calls of refused device messages (provider staff). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { failedMeasureDetailSchema, failedMeasureListSchema } from '@aforo/contracts/failed-measures';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const failedMeasureKeys = { all: ['measures-failed'] as const };

export function useFailedMeasuresQuery(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...failedMeasureKeys.all, 'list', params],
    queryFn: () =>
      apiRequest({ path: `/measures-failed${queryString(params)}`, schema: failedMeasureListSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useFailedMeasureQuery(id: string | null) {
  return useQuery({
    queryKey: [...failedMeasureKeys.all, 'detail', id],
    queryFn: () =>
      apiRequest({
        path: `/measures-failed/${encodeURIComponent(id ?? '')}`,
        schema: failedMeasureDetailSchema,
      }),
    enabled: id !== null,
  });
}
