/** Calls of device events (ERROR, RESTART, SYSTEM). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { eventListSchema } from '@aforo/contracts/events';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const eventKeys = { all: ['events'] as const };

export function useEventsQuery(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...eventKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/events${queryString(params)}`, schema: eventListSchema }),
    placeholderData: keepPreviousData,
  });
}
