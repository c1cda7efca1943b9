/** Calls of stored measures: one point or one device over a time range. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { measureListSchema } from '@aforo/contracts/measures';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ListParams } from '../../lib/query-keys';

/** Not a CRUD list: the answer carries the time range the server used besides the rows. */
export function useMeasuresQuery(params: ListParams, options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.measures.list(params),
    queryFn: () => apiRequest({ path: `/measures${queryString(params)}`, schema: measureListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
