/** Calls of the history of changes (DESIGN.md §9). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logEntryListSchema } from '@aforo/contracts/log-entries';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';
import { useSession } from '../../lib/session';

export const logEntryKeys = { all: ['log-entries'] as const };

/** GET /log-entries: company users see their company's entries, provider staff all. */
export function useLogEntriesQuery(params: Record<string, QueryValue>) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...logEntryKeys.all, currentCompanyId, params],
    queryFn: () => apiRequest({ path: `/log-entries${queryString(params)}`, schema: logEntryListSchema }),
    placeholderData: keepPreviousData,
  });
}
