/** Calls of stored measures: one point or one device over a time range. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { measureListSchema } from '@aforo/contracts/measures';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const measureKeys = { all: ['measures'] as const };

export function useMeasuresQuery(params: Record<string, QueryValue>, options: { enabled: boolean }) {
  return useQuery({
    queryKey: [...measureKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/measures${queryString(params)}`, schema: measureListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
