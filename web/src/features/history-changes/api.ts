/** Calls of the history of changes (docs/DATA-MODEL.md). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logEntryListSchema } from '@aforo/contracts/log-entries';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ListParams } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

/** GET /log-entries: company users see their company's entries, provider staff all. */
export function useLogEntriesQuery(params: ListParams) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...queryKeys.logEntries.all, currentCompanyId, params],
    queryFn: () => apiRequest({ path: `/log-entries${queryString(params)}`, schema: logEntryListSchema }),
    placeholderData: keepPreviousData,
  });
}
